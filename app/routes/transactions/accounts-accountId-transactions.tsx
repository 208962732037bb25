import { ArrowDownUp, Download, FileUp, Lock, Pencil, Plus, Receipt, Repeat, Trash2 } from "lucide-react";
import { Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { addPageTexts, formatCount, type Translate } from "../../../core/i18n/translate";
import { transactionsPageTexts } from "../../../core/i18n/page-texts";
import { useTranslation } from "../../i18n/use-translation";
import { Await, Form, Link, redirect, useActionData, useFetcher, useFetchers, useLocation, useNavigate, useNavigation, useSearchParams, useSubmit, type ShouldRevalidateFunctionArgs } from "react-router";
import { showInfoToast, showSuccessToast } from "../../forms/form-toasts";
import type { Route } from "./+types/accounts-accountId-transactions";
import { columnLabelVars, FormKey, formKey, Money, pickResult, reloadsAfterConflict, SelectField, TextareaField, useClosedAfterPost, useFailureToast, useFormResult, useFormResultAndSaves, type FormResult } from "../../forms/form-kit";
import { IconSprite, SpriteIcon } from "../../ui/icon-sprite";
import { Field, FormAlert, PageTitle, tooltipFromLabel } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { amountChecks } from "../../forms/amount-checks";
import { apiFor } from "../../server/api.server";
import { formatDay, formatInstant, isIsoDay, todayInZone } from "../../../core/dates";
import { formErrorOf, keepFormThroughOutage, ledgerFormOf } from "../../forms/form-outage";
import { formValues, parseForm, useClientValidation, type FieldErrors } from "../../forms/forms";
import { ID_PATTERN } from "../../../core/ids";
import { formatSignedMoneyInText, moneyOutExample, parseAmount } from "../../../core/money";
import type { Account, Category, ImportPreview, ImportRecord, ImportResult, ImportRow, ListTotals, Transaction, TransactionList } from "../../../core/api-types/ledger";
import { apiFailure, formId, formFailure, idempotencyKeyOf, readFailed, refusedWithAmounts, returnTo, unwrap } from "../../server/ledger.server";
import { replaceWithToast } from "../../server/toast.server";
import { fieldErrors } from "../../../core/problem";
import { decodeCsv } from "../../../core/csv-text";
import { invalidParams, readFormData, tOf } from "../../server/route-helpers.server";
import { TEXT_LIMITS } from "../../../core/input-limits";
import { useHydrated } from "../../browser/use-hydrated";
import { DATE_FORMATS, IMPORT_COLUMNS, IMPORT_MAX_BYTES, importQuerySchema, TRANSACTION_STATUSES, transactionCreateSchema, transactionUpdateSchema, transferSchema } from "../../../core/schemas/ledger";
import { useEscapeCloses } from "../../ui/use-escape-closes";
import { hasTypedChanges } from "../../forms/typed-through-language-switch";
import { receiptSrc } from "../../../core/receipt-image";
import { isPlainClick } from "../../browser/plain-click";
import { focusAfterNavigation, focusIfLost, useFocusAfterNavigation, useFocusAfterSave } from "../../forms/focus-after-save";
import { requireUser } from "../../server/session.server";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

// Texts this page alone shows come with its code, not on the first visit (ADR 033).
addPageTexts(transactionsPageTexts);

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

/** Filters and sort, exactly the listing's query parameters (docs/api/ledger.md), kept in the URL. */
const FILTER_KEYS = ["q", "from", "to", "category", "min", "max", "status", "sort", "order"] as const;
/** Parameters that only open or prefill a form: changing them needs no new data. */
const UI_KEYS = ["new", "edit", "confirmDelete", "confirmUndoImport", "description", "amount", "payee", "date", "notes", "categoryId"] as const;
const PAGE_SIZE = 50;
const IMPORT_OPTIONS = [...IMPORT_COLUMNS, "dateFormat", "decimalSeparator", "delimiter", "header"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = requireUser(context);
  if (!ID_PATTERN.test(params.accountId)) invalidParams(request);
  const url = new URL(request.url);
  const api = apiFor(request, context);
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const cursor = url.searchParams.get("cursor") || null;
  // Only a label: without a cursor this is the first page, whatever the address says.
  const page = cursor ? Math.max(2, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "2", 10) || 2)) : 1;
  // The totals of the filtered set cost O(matches) for a text search: they are then streamed (not
  // awaited here), so the table paints first and the totals fill in when they arrive. Without a
  // text search they are an index range, cheap enough to come with the page in the same call.
  const { sort: _sort, order: _order, ...totalsFilters } = filters;
  // `totals=now`: the link a browser without JavaScript follows, which cannot receive streamed totals.
  const totalsApart = Boolean(filters.q) && url.searchParams.get("totals") !== "now";
  // One call for the page: the rows, the accounts and categories the forms and filters need, and
  // the account's latest imports (which can be undone).
  const listResult = await api.get<TransactionList & { accounts?: Account[]; categories?: Category[]; imports?: ImportRecord[] }>(`/accounts/${params.accountId}/transactions`, {
    query: { ...filters, cursor, limit: PAGE_SIZE, totals: !totalsApart, include: "accounts,categories,imports" },
  });
  let list: PageList | null = null;
  let filterErrors: FieldErrors = {};
  let accounts: Account[];
  let categories: Category[];
  let imports: ImportRecord[];
  if (listResult.ok) {
    list = pageList(listResult.data);
    accounts = listResult.data.accounts ?? [];
    categories = listResult.data.categories ?? [];
    imports = listResult.data.imports ?? [];
  } else if (listResult.status === 422 || listResult.status === 400) {
    // A filter the API refused: show the page with the messages beside the filters, no rows.
    filterErrors = fieldErrors(listResult.problem);
    const [accountsResult, categoriesResult, importsResult] = await Promise.all([
      api.get<{ accounts: Account[] }>("/accounts"),
      api.get<{ categories: Category[] }>("/categories"),
      api.get<{ imports: ImportRecord[] }>(`/accounts/${params.accountId}/imports`),
    ]);
    accounts = unwrap(accountsResult, request).accounts;
    categories = unwrap(categoriesResult, request).categories;
    imports = unwrap(importsResult, request).imports;
  } else {
    // Unknown and someone else's account: the same 404 as a malformed id (nothing leaks).
    readFailed(listResult, request);
  }
  const account = listResult.ok ? listResult.data.account : accounts.find((a) => a.id === params.accountId);
  if (!account) invalidParams(request);
  // A value renders with the page (no Suspense); a promise is streamed in after the table.
  const totals: ListTotals | null | Promise<ListTotals | null> = !list
    ? null
    : !totalsApart
      ? list.totals
      : api
          .get<{ totals: ListTotals }>(`/accounts/${params.accountId}/transactions/totals`, { query: totalsFilters })
          .then((result) => (result.ok ? result.data.totals : null))
          .catch(() => null);
  return {
    account,
    accounts: accounts.map(({ id, name, currency, archived }) => ({ id, name, currency, archived })),
    categories,
    imports,
    list,
    totals,
    filters,
    filterErrors,
    cursor,
    page,
    today: todayInZone(user.timeZone),
    timeZone: user.timeZone,
    nonce: crypto.randomUUID(),
  };
}

/**
 * What the page shows of a transaction. Loader data travels inside the HTML and is decoded in the
 * browser, so rows carry only the fields the table and its edit form use.
 */
type PageTransaction = Pick<
  Transaction,
  "id" | "date" | "description" | "payee" | "notes" | "amount" | "amountMinor" | "currency" | "categoryId" | "status" | "transferId" | "transferAccountId" | "receiptKey" | "runningBalanceMinor" | "updatedAt"
> & { category: { name: string; color: string } | null };
type PageList = Pick<TransactionList, "nextCursor" | "hasPrevious" | "prevCursor" | "totals" | "sort" | "order"> & { transactions: PageTransaction[] };

function pageList({ transactions, nextCursor, hasPrevious, prevCursor, totals, sort, order }: TransactionList): PageList {
  return {
    transactions: transactions.map((tx) => ({
      id: tx.id,
      date: tx.date,
      description: tx.description,
      payee: tx.payee,
      notes: tx.notes,
      amount: tx.amount,
      amountMinor: tx.amountMinor,
      currency: tx.currency,
      categoryId: tx.categoryId,
      category: tx.category ? { name: tx.category.name, color: tx.category.color } : null,
      status: tx.status,
      transferId: tx.transferId,
      transferAccountId: tx.transferAccountId,
      receiptKey: tx.receiptKey,
      runningBalanceMinor: tx.runningBalanceMinor,
      updatedAt: tx.updatedAt,
    })),
    nextCursor,
    hasPrevious,
    prevCursor,
    totals,
    sort,
    order,
  };
}

/**
 * Opening or closing a form (edit, new, prefill) is a client-side change: no need to reload the
 * list. A refused edit (4xx) normally leaves the list as it is, except a 409: the transaction
 * changed elsewhere (or its account was archived), so the list and the form's copy are reloaded.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return reloadsAfterConflict({ formMethod, actionStatus }) || defaultShouldRevalidate;
  const data = (url: URL) => {
    const search = new URLSearchParams(url.search);
    for (const key of UI_KEYS) search.delete(key);
    search.sort();
    return `${url.pathname}?${search}`;
  };
  if (data(currentUrl) === data(nextUrl)) return false;
  return defaultShouldRevalidate;
}

type ImportState =
  | { form: "import"; ok: true; stage: "preview"; csv: string; fileName: string; preview: ImportPreview; mapping: Record<string, string>; errors: FieldErrors }
  | { form: "import"; ok: true; stage: "done"; result: ImportResult };

function importQuery(mapping: Record<string, string>) {
  const query: Record<string, string> = {};
  for (const key of IMPORT_OPTIONS) if (mapping[key]) query[key] = mapping[key];
  return query;
}

const formOfSubmission = ledgerFormOf("transactionId", ["update", "delete", "receipt-remove"], { "import-upload": "import", "import-preview": "import", "import-commit": "import" });
/** The form of an answer about an undo of an import (its failure shows beside the Recent imports). */
const UNDO_IMPORT_FORM = "import-undo";

/** With JavaScript, an outage keeps the form and what was typed (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, formOfSubmission);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireUser(context);
  if (!ID_PATTERN.test(params.accountId)) invalidParams(request);
  const accountId = params.accountId;
  const formData = await readFormData(request);
  const t = tOf(context);
  const intent = String(formData.get("intent") ?? "");
  const values = formValues(formData);
  const api = apiFor(request, context);
  const idempotencyKey = idempotencyKeyOf(formData);
  const path = `/accounts/${accountId}/transactions`;
  const back = returnTo(formData, path);

  switch (intent) {
    case "add": {
      const parsed = parseForm(transactionCreateSchema, formData, t);
      if (!parsed.ok) return formFailure("add", await refusedWithAmounts(api, parsed.errors, values, t, (currencyOf) => ({ amount: currencyOf(accountId) })), values);
      const result = await api.post<{ transaction: Transaction }>(`/accounts/${accountId}/transactions`, { body: parsed.data, idempotencyKey });
      if (!result.ok) return apiFailure("add", result, values, t);
      return replaceWithToast(back, "ledger.pages.toast.transactionAdded");
    }
    case "update": {
      const id = formId(formData, "transactionId");
      const parsed = parseForm(transactionUpdateSchema, formData, t);
      if (!parsed.ok) return formFailure(`update:${id}`, await refusedWithAmounts(api, parsed.errors, values, t, (currencyOf) => ({ amount: currencyOf(accountId) })), values);
      const result = await api.patch<{ transaction: Transaction }>(`/transactions/${id}`, { body: parsed.data, idempotencyKey });
      // Deleted meanwhile (another tab or device): saving again could never work, so the list
      // comes back without it and says why, instead of "something went wrong" over a stale row.
      if (!result.ok && result.status === 404) return replaceWithToast(back, "ledger.pages.toast.transactionGone", "error");
      if (!result.ok) return apiFailure(`update:${id}`, result, values, t);
      return replaceWithToast(back, "ledger.pages.toast.transactionUpdated");
    }
    case "delete": {
      const id = formId(formData, "transactionId");
      // With JavaScript the row's button asked first (a dialog) and says so. Without it nothing
      // has asked yet: the list asks (`confirmDelete`), and its own form sends the answer.
      if (formData.get("confirmed") !== "yes") return askFirst(back, "confirmDelete", id, "delete-question");
      // One delete form serves the whole table (the row's button names the transaction), so the
      // form's key is made the row's own here.
      const result = await api.delete<{ deleted: string[] }>(`/transactions/${id}`, { idempotencyKey: `${idempotencyKey.slice(0, 160)}.${id}` });
      // Already gone (another tab) is what the user wanted.
      if (!result.ok && result.status === 404) return replaceWithToast(back, "ledger.pages.toast.transactionDeleted");
      if (!result.ok) return apiFailure(`delete:${id}`, result, values, t);
      return replaceWithToast(back, result.data.deleted.length > 1 ? "ledger.pages.toast.transactionsDeleted" : "ledger.pages.toast.transactionDeleted");
    }
    case "receipt-remove": {
      const id = formId(formData, "transactionId");
      // The photo the form showed: one replaced since (another tab, the camera) is not removed (409).
      const seen = formData.get("receiptKey");
      const result = await api.delete(`/transactions/${id}/receipt`, { idempotencyKey, query: { receiptKey: typeof seen === "string" && seen ? seen : undefined } });
      if (!result.ok && result.status === 404) return replaceWithToast(back, "ledger.pages.toast.transactionGone", "error");
      if (!result.ok) return apiFailure(`receipt-remove:${id}`, result, values, t);
      return replaceWithToast(back, "ledger.pages.toast.receiptRemoved");
    }
    case "transfer": {
      const parsed = parseForm(transferSchema, formData, t);
      if (!parsed.ok) return formFailure("transfer", await refusedWithAmounts(api, parsed.errors, values, t, (currencyOf) => ({ amount: currencyOf(accountId), toAmount: currencyOf(values.toAccountId) })), values);
      // Without a description the API names the legs after the accounts ("BBVA Soles → BBVA Dólares"),
      // which reads the same in every language; a default typed here would stay in this one.
      const result = await api.post("/transfers", { body: parsed.data, idempotencyKey });
      // This page's account was just read; the one to send to was picked from a list that may be
      // older than it (deleted meanwhile) or edited: a choice to make again, where "try again"
      // could never help (QA, session 24). The API answers it as any id not the user's: 404.
      if (!result.ok && result.status === 404) return formFailure("transfer", { toAccountId: t("ledger.errors.accountUnknown") }, values);
      if (!result.ok) return apiFailure("transfer", result, values, t);
      return replaceWithToast(back, "ledger.pages.toast.transferCreated");
    }
    case "import-upload":
    case "import-preview":
    case "import-commit": {
      let csv: string;
      let fileName: string;
      if (intent === "import-upload") {
        const file = formData.get("file");
        // No file chosen (the form sends an empty, nameless one) is not the same as an empty file.
        if (!(file instanceof File) || (file.name === "" && file.size === 0)) return formFailure("import", { file: t("ledger.errors.fileMissing") }, {});
        if (file.size === 0) return formFailure("import", { file: t("ledger.errors.file") }, {});
        if (file.size > IMPORT_MAX_BYTES) return formFailure("import", { file: t("ledger.errors.fileTooLarge") }, {}, null, 413);
        csv = decodeCsv(await file.arrayBuffer());
        fileName = file.name;
      } else {
        csv = String(formData.get("csv") ?? "");
        fileName = String(formData.get("fileName") ?? "");
        if (!csv.trim()) return formFailure("import", { file: t("ledger.errors.file") }, {});
      }
      const mapping: Record<string, string> = {};
      for (const key of IMPORT_OPTIONS) {
        const value = formData.get(key);
        if (typeof value === "string" && value !== "") mapping[key] = value;
      }
      if (intent !== "import-upload") mapping.header = formData.get("header") === "true" ? "true" : "false";
      const checked = importQuerySchema.safeParse(mapping);
      if (!checked.success) {
        const errors: FieldErrors = {};
        for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= t(issue.message);
        return formFailure("import", errors, {});
      }
      const send = (query: Record<string, string>) =>
        api.post<ImportPreview>(`/accounts/${accountId}/import/preview`, { rawBody: csv, contentType: "text/csv; charset=utf-8", query, timeoutMs: IMPORT_TIMEOUT_MS });
      if (intent === "import-commit") {
        // The file's name goes with the import's record, so Recent imports can name it; one longer
        // than any file system allows is not a name to refuse the import over, so it is left out.
        const named = fileName.trim() !== "" && fileName.length <= TEXT_LIMITS.fileName;
        const query = { ...importQuery(mapping), ...(named ? { fileName } : {}) };
        const result = await api.post<ImportResult>(`/accounts/${accountId}/import`, { rawBody: csv, contentType: "text/csv; charset=utf-8", query, idempotencyKey, timeoutMs: IMPORT_TIMEOUT_MS });
        if (!result.ok) {
          if (result.status >= 500) throw new Response(null, { status: 503, statusText: "Service Unavailable" });
          const preview = await send(importQuery(mapping));
          if (!preview.ok) return apiFailure("import", result, {}, t);
          return { form: "import", ok: true, stage: "preview", csv, fileName, preview: preview.data, mapping, errors: fieldErrors(result.problem) } satisfies ImportState;
        }
        return { form: "import", ok: true, stage: "done", result: result.data } satisfies ImportState;
      }
      let preview = await send(importQuery(mapping));
      if (!preview.ok) {
        if (preview.status >= 500 || intent === "import-upload") return apiFailure("import", preview, {}, t);
        // A bad mapping: show the columns again with the messages beside the fields.
        const bare = await send({ ...(mapping.delimiter ? { delimiter: mapping.delimiter } : {}) });
        if (!bare.ok) return apiFailure("import", preview, {}, t);
        return { form: "import", ok: true, stage: "preview", csv, fileName, preview: bare.data, mapping, errors: fieldErrors(preview.problem) } satisfies ImportState;
      }
      if (intent === "import-upload") {
        // The API's guess of the mapping, previewed at once when it names the needed columns.
        for (const [key, value] of Object.entries(preview.data.guess)) if (value !== undefined && value !== null) mapping[key] = String(value);
        mapping.header ??= "true";
        const guessed = mapping.dateColumn && mapping.descriptionColumn && (mapping.amountColumn || mapping.debitColumn || mapping.creditColumn);
        if (guessed) {
          const mapped = await send(importQuery(mapping));
          if (mapped.ok) preview = mapped;
        }
      }
      return { form: "import", ok: true, stage: "preview", csv, fileName, preview: preview.data, mapping, errors: {} } satisfies ImportState;
    }
    case "import-undo": {
      const importId = formId(formData, "importId");
      // As a delete: without JavaScript nothing has asked yet, so the list asks (`confirmUndoImport`).
      if (formData.get("confirmed") !== "yes") return askFirst(back, "confirmUndoImport", importId, "undo-import-question");
      const result = await api.delete<{ deleted: number }>(`/accounts/${accountId}/imports/${importId}`, { idempotencyKey });
      // Undone already (another tab): what the user wanted, said as it is.
      if (!result.ok && result.status === 404) return replaceWithToast(back, "transactionsPage.toast.importUndoneAlready", "info");
      if (!result.ok) return apiFailure(UNDO_IMPORT_FORM, result, values, t);
      return replaceWithToast(back, "transactionsPage.toast.importUndone");
    }
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

/**
 * The list at `back` asking its question about `id` (`param` names which), for a post that no page
 * has asked yet (without JavaScript); the fragment scrolls the page to the question.
 */
function askFirst(back: string, param: "confirmDelete" | "confirmUndoImport", id: string, question: string) {
  const ask = new URL(back, "http://list.invalid");
  ask.searchParams.set(param, id);
  return redirect(`${ask.pathname}${ask.search}#${question}`);
}

/**
 * A file of the largest size the API takes (50,000 rows) was measured at 4–13 s to import on a
 * laptop, past the client's 10 s for one call: cut off there, the page would call it an outage
 * while the import went on.
 */
const IMPORT_TIMEOUT_MS = 60_000;

type LoaderData = Route.ComponentProps["loaderData"];
type Fetcher = ReturnType<typeof useFetcher<typeof action>>;

/**
 * The current address without the form-only parameters: where a form goes back to (`list`). A
 * post made in place that is not the open edit form's own goes back to `keepingEdit`, which keeps
 * `edit`, so that form stays open with what is typed in it.
 */
function useListUrls(): { list: string; keepingEdit: string } {
  const { pathname, search } = useLocation();
  const without = (kept: string | null) => {
    const params = new URLSearchParams(search);
    for (const key of UI_KEYS) if (key !== kept) params.delete(key);
    const query = params.toString();
    return pathname + (query ? `?${query}` : "");
  };
  return { list: without(null), keepingEdit: without("edit") };
}

function withParams(base: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(base);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}

export default function Transactions({ loaderData }: Route.ComponentProps) {
  useFocusAfterNavigation();
  const { t } = useTranslation();
  const { account, list, accounts, categories, filterErrors, filters } = loaderData;
  const [searchParams] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const addFetcher = useFetcher<typeof action>({ key: "tx-add" });
  const transferFetcher = useFetcher<typeof action>({ key: "tx-transfer" });
  const [addResult, addSaved] = useFormResultAndSaves<FormResult>("add", addFetcher, actionData);
  const [transferResult, transferSaved] = useFormResultAndSaves<FormResult>("transfer", transferFetcher, actionData);
  const others = accounts.filter((a) => a.id !== account.id && !a.archived);
  const filtered = Object.keys(filters).some((key) => key !== "sort" && key !== "order");
  const exportQuery = new URLSearchParams(Object.entries(filters)).toString();
  const firstPageHref = withParams(searchParams, { cursor: null, page: null, edit: null, new: null });
  const title = t("ledger.pages.transactions.title", { name: account.name });
  const addDetails = useClosedAfterPost(addSaved, Boolean(addResult));
  const transferDetails = useClosedAfterPost(transferSaved, Boolean(transferResult));

  return (
    <div className={l.page}>
      <PageTitle title={`${account.name} · ${t("titles.transactions")}`} />
      <div className={l.headingRow}>
        <div>
          <p style={{ margin: 0 }}>
            <Link to="/accounts">{t("ledger.pages.transactions.back")}</Link>
          </p>
          <h1 className={ui.pageHeading} style={{ marginBottom: 0 }}>
            {title}
          </h1>
          <p className={l.small} style={{ margin: 0 }}>
            {t(`ledger.accountTypes.${account.type}`)} · {account.currency}
            {account.archived ? ` · ${t("ledger.pages.accounts.archivedBadge")}` : ""}
          </p>
        </div>
        <p style={{ margin: 0 }} data-testid="account-balance">
          <span className={l.statLabel}>{t("ledger.pages.accounts.balance")}</span>
          <br />
          <Money minor={account.balanceMinor} currency={account.currency} figure />
        </p>
      </div>

      <div className={l.toolbar}>
        {account.archived ? (
          <p className={ui.alert.info}>{t("ledger.pages.transactions.archivedNotice")}</p>
        ) : (
          <details ref={addDetails} className={l.details} open={searchParams.has("new") || Boolean(addResult)} data-testid="add-transaction">
            <summary className={l.summary}>
              <Plus size={18} aria-hidden="true" />
              {t("ledger.pages.transactions.add")}
            </summary>
            <div className={l.detailsBody}>
              <TransactionForm key={addSaved} mode="add" fetcher={addFetcher} result={addResult} loaderData={loaderData} />
            </div>
          </details>
        )}

        {!account.archived ? (
          <details ref={transferDetails} className={l.details} open={Boolean(transferResult)} data-testid="transfer">
            <summary className={l.summary}>
              <Repeat size={18} aria-hidden="true" />
              {t("ledger.pages.transactions.transfer")}
            </summary>
            <div className={l.detailsBody}>
              {others.length === 0 ? <p style={{ margin: 0 }}>{t("ledger.pages.transactions.noOtherAccounts")}</p> : <TransferForm key={transferSaved} fetcher={transferFetcher} result={transferResult} loaderData={loaderData} others={others} />}
            </div>
          </details>
        ) : null}

        {!account.archived ? <ImportSection loaderData={loaderData} /> : null}

        <Filters loaderData={loaderData} categories={categories} errors={filterErrors} />
      </div>

      {list ? (
        <>
          <section aria-labelledby="totals-title" className={`${ui.card}`} data-testid="totals">
            <h2 id="totals-title" className={l.subTitle}>
              {t(filtered ? "ledger.pages.transactions.totalsTitle" : "ledger.pages.transactions.totalsAllTitle")}
            </h2>
            {/* Only a search's totals are streamed. Totals already in the loader data are rendered
                as they are: through <Await> they would suspend once and reach the page as a
                streamed block that only JavaScript can reveal. */}
            {loaderData.totals instanceof Promise ? (
              <Suspense fallback={<TotalsBar totals={undefined} currency={account.currency} nowHref={withParams(searchParams, { totals: "now" })} />}>
                <Await resolve={loaderData.totals} errorElement={<TotalsBar totals={null} currency={account.currency} />}>
                  {(totals) => <TotalsBar totals={totals} currency={account.currency} />}
                </Await>
              </Suspense>
            ) : (
              <TotalsBar totals={loaderData.totals} currency={account.currency} />
            )}
          </section>

          <TransactionTable loaderData={loaderData} list={list} filtered={filtered} addFetcher={addFetcher} />

          <nav aria-label={t("ledger.pages.transactions.pages")} className={l.pager}>
            <span className={l.small}>{t("ledger.pages.transactions.pageOf", { page: loaderData.page })}</span>
            <span className={l.actions}>
              {list.prevCursor ? (
                <Link to={firstPageHref} className={ui.button.ghost}>
                  {t("ledger.pages.transactions.first")}
                </Link>
              ) : null}
              {list.hasPrevious ? (
                <Link
                  to={list.prevCursor ? withParams(searchParams, { cursor: list.prevCursor, page: String(Math.max(2, loaderData.page - 1)), edit: null, new: null }) : firstPageHref}
                  className={ui.button.ghost}
                  rel="prev"
                >
                  {t("ledger.pages.transactions.previous")}
                </Link>
              ) : null}
              {list.nextCursor ? (
                <Link to={withParams(searchParams, { cursor: list.nextCursor, page: String(loaderData.page + 1), edit: null, new: null })} className={ui.button.ghost} rel="next">
                  {t("ledger.pages.transactions.next")}
                </Link>
              ) : null}
              {/* No `download` attribute: the file comes as an attachment, and a session that has ended
                  must lead to the sign-in page, not to a saved copy of it. */}
              <a href={`/accounts/${account.id}/transactions.csv${exportQuery ? `?${exportQuery}` : ""}`} className={ui.button.ghost} title={t("ledger.pages.transactions.exportHint")} data-testid="export">
                <Download size={16} aria-hidden="true" />
                {t("ledger.pages.transactions.export")}
              </a>
            </span>
          </nav>
        </>
      ) : (
        <p className={ui.alert.warning} role="alert">
          {filterErrors.cursor ? (
            <>
              {filterErrors.cursor}{" "}
              <Link to={withParams(searchParams, { cursor: null, page: null })}>{t("ledger.pages.transactions.first")}</Link>
            </>
          ) : (
            t("ledger.pages.transactions.filterErrors")
          )}
        </p>
      )}
    </div>
  );
}

/** Count, in, out and net of the filtered set; `undefined` while they load, `null` when they could not be read. */
function TotalsBar({ totals, currency, nowHref }: { totals: ListTotals | null | undefined; currency: string; nowHref?: string }) {
  const { t } = useTranslation();
  if (totals === null) {
    return (
      <p className={l.small} style={{ margin: 0 }} data-testid="totals-unavailable">
        —
      </p>
    );
  }
  if (!totals) {
    return (
      <p className={l.small} style={{ margin: 0 }} aria-busy="true" data-testid="totals-loading">
        {/* Streamed totals need JavaScript to appear; without it, say nothing is loading and offer a page that has them. */}
        <span className={l.scriptedOnly}>{t("ledger.pages.common.loading")}</span>
        {nowHref ? (
          <noscript>
            {" "}
            <a href={nowHref}>{t("ledger.pages.transactions.showTotals")}</a>
          </noscript>
        ) : null}
      </p>
    );
  }
  return (
    <dl className={l.totalsBar} style={{ margin: 0 }}>
      <div>
        <dt className={l.statLabel}>{t("ledger.totals.count", { count: totals.count })}</dt>
      </div>
      <div>
        <dt className={l.statLabel}>{t("ledger.totals.in")}</dt>
        <dd style={{ margin: 0 }} data-testid="total-in">
          <Money minor={totals.inMinor} currency={currency} signed />
        </dd>
      </div>
      <div>
        <dt className={l.statLabel}>{t("ledger.totals.out")}</dt>
        <dd style={{ margin: 0 }} data-testid="total-out">
          <Money minor={totals.outMinor} currency={currency} signed />
        </dd>
      </div>
      <div>
        <dt className={l.statLabel}>{t("ledger.totals.net")}</dt>
        <dd style={{ margin: 0 }} data-testid="total-net">
          <Money minor={totals.netMinor} currency={currency} signed />
        </dd>
      </div>
    </dl>
  );
}

function Filters({ loaderData, categories, errors }: { loaderData: LoaderData; categories: Category[]; errors: FieldErrors }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters } = loaderData;
  const hasFilters = Object.keys(filters).length > 0;
  // With JavaScript, empty fields stay out of the address (shareable links stay short).
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value.trim()) search.set(key, value.trim());
    const query = search.toString();
    navigate(query ? `?${query}` : ".");
  }
  return (
    <details className={l.details} open={hasFilters || Object.keys(errors).length > 0}>
      <summary className={l.summary} id="filters-toggle">
        <ArrowDownUp size={18} aria-hidden="true" />
        {t("ledger.pages.transactions.filters")}
      </summary>
      <div className={l.detailsBody}>
        <Form method="get" role="search" aria-label={t("ledger.pages.transactions.filters")} onSubmit={onSubmit} className={ui.stack} key={JSON.stringify(filters)}>
          <div className={l.formGrid}>
            <Field id="filter-q" label={t("ledger.pages.transactions.search")} name="q" type="search" defaultValue={filters.q ?? ""} hint={t("ledger.pages.transactions.searchHint")} error={errors.q} />
            <Field id="filter-from" label={t("ledger.pages.transactions.from")} name="from" type={dateFieldType(filters.from)} defaultValue={filters.from ?? ""} error={errors.from} />
            <Field id="filter-to" label={t("ledger.pages.transactions.to")} name="to" type={dateFieldType(filters.to)} defaultValue={filters.to ?? ""} error={errors.to} />
            <SelectField
              id="filter-category"
              label={t("ledger.fields.category")}
              name="category"
              defaultValue={filters.category ?? ""}
              error={errors.category}
              options={[{ value: "", label: t("ledger.pages.transactions.anyCategory") }, { value: "none", label: t("ledger.pages.common.uncategorised") }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
            />
            <Field id="filter-min" label={t("ledger.pages.transactions.min")} name="min" inputMode="decimal" defaultValue={filters.min ?? ""} error={errors.min} hint={t("ledger.pages.transactions.amountRangeHint")} />
            <Field id="filter-max" label={t("ledger.pages.transactions.max")} name="max" inputMode="decimal" defaultValue={filters.max ?? ""} error={errors.max} />
            <SelectField
              id="filter-status"
              label={t("ledger.fields.status")}
              name="status"
              defaultValue={filters.status ?? ""}
              error={errors.status}
              options={[{ value: "", label: t("ledger.pages.transactions.anyStatus") }, ...TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`ledger.statuses.${s}`) }))]}
            />
            <SelectField
              id="filter-sort"
              label={t("ledger.pages.transactions.sort")}
              name="sort"
              defaultValue={filters.sort ?? "date"}
              error={errors.sort}
              options={[
                { value: "date", label: t("ledger.pages.transactions.sortDate") },
                { value: "amount", label: t("ledger.pages.transactions.sortAmount") },
              ]}
            />
            <SelectField
              id="filter-order"
              label={t("ledger.pages.transactions.order")}
              name="order"
              defaultValue={filters.order ?? "desc"}
              error={errors.order}
              options={[
                { value: "desc", label: t("ledger.pages.transactions.desc") },
                { value: "asc", label: t("ledger.pages.transactions.asc") },
              ]}
            />
          </div>
          <div className={l.actions}>
            <button type="submit" className={ui.button.primary}>
              {t("ledger.pages.transactions.apply")}
            </button>
            {hasFilters ? (
              // Cleared, the filters close and this link goes: the keyboard goes on from their summary.
              <Link to="." className={ui.button.ghost} onClick={(event) => (isPlainClick(event) ? focusAfterNavigation("#filters-toggle") : undefined)}>
                {t("ledger.pages.transactions.clear")}
              </Link>
            ) : null}
          </div>
        </Form>
      </div>
    </details>
  );
}

function TransactionTable({ loaderData, list, filtered, addFetcher }: { loaderData: LoaderData; list: PageList; filtered: boolean; addFetcher: Fetcher }) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  // Another page or filter of this list is on its way: say so, and dim the rows that will change.
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname && navigation.location.search !== location.search;
  const { account } = loaderData;
  const sort = list.sort;
  const order = list.order;
  const sortHref = (column: "date" | "amount") => withParams(searchParams, { sort: column, order: sort === column && order === "desc" ? "asc" : "desc", cursor: null, page: null, edit: null });
  const ariaSort = (column: "date" | "amount") => (sort === column ? (order === "asc" ? "ascending" : "descending") : undefined);
  const pending = addFetcher.state !== "idle" && addFetcher.formData?.get("intent") === "add" ? addFetcher.formData : null;
  const caption = filtered ? t("ledger.pages.transactions.captionFiltered", { name: account.name }) : t("ledger.pages.transactions.caption", { name: account.name });
  const actionData = useActionData<typeof action>();
  const { list: listUrl, keepingEdit: listUrlKeepingEdit } = useListUrls();
  const shared = useRowShared(t, i18n.language, searchParams, actionData, listUrl, listUrlKeepingEdit, loaderData);
  const { columns } = shared;
  const confirmDelete = searchParams.get("confirmDelete");
  const confirming = confirmDelete && shared.changeable ? list.transactions.find((tx) => tx.id === confirmDelete && !shared.locked(tx)) : undefined;
  const inFlight = useRowFetchers();
  const navigate = useNavigate();
  // Rows hold plain links (a <Link> per row is several router hooks, 50 times): one handler here
  // makes a plain left click on a row's edit link a client-side navigation, as <Link> would.
  const onTableClick = (event: React.MouseEvent<HTMLTableElement>) => {
    const link = (event.target as Element).closest?.("a[data-row-link]");
    if (!(link instanceof HTMLAnchorElement) || !isPlainClick(event) || event.defaultPrevented) return;
    event.preventDefault();
    void navigate(link.getAttribute("href")!, { preventScrollReset: true });
  };

  if (list.transactions.length === 0 && !pending) {
    return (
      <p id="transactions-empty" tabIndex={-1} className={`${ui.card} ${l.empty}`} data-testid="transactions-empty">
        {/* A later page left empty (its rows deleted or moved) is not an empty account: the pager below leads back. */}
        {list.hasPrevious
          ? t("ledger.pages.transactions.emptyPage")
          : filtered
            ? t("ledger.pages.transactions.emptyFiltered")
            : // An archived account offers no add or import: its notice above says how to restore it.
              t(loaderData.account.archived ? "ledger.pages.transactions.emptyArchived" : "ledger.pages.transactions.empty")}
      </p>
    );
  }
  return (
    <div className={`${l.tableWrap}${loading ? ` ${l.rowBusy}` : ""}`} aria-busy={loading || undefined}>
      <p role="status" className="visually-hidden">
        {loading ? t("ledger.pages.common.loading") : ""}
      </p>
      <IconSprite icons={ROW_ICONS} />
      {/* Without JavaScript each row's delete button submits this form with its transaction's id. */}
      <Form method="post" id={DELETE_FORM_ID} preventScrollReset hidden>
        <FormKey nonce={loaderData.nonce} form="delete" />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="returnTo" value={listUrl} />
      </Form>
      {confirming ? <DeleteQuestion tx={confirming} listUrl={listUrl} nonce={loaderData.nonce} t={t} language={shared.language} /> : null}
      <table className={`${l.table} ${l.responsiveTable} ${l.labelledColumns}`} style={shared.columnLabels} data-testid="transactions" onClick={onTableClick}>
        <caption id="transactions-caption" className={l.caption} tabIndex={-1}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" aria-sort={ariaSort("date")}>
              <Link to={sortHref("date")} className={l.sortLink}>
                {columns.date}
                {sort === "date" ? (order === "asc" ? " ↑" : " ↓") : ""}
              </Link>
            </th>
            <th scope="col" className={l.descriptionColumn}>
              {columns.description}
            </th>
            <th scope="col">{columns.category}</th>
            <th scope="col" data-num="" aria-sort={ariaSort("amount")}>
              <Link to={sortHref("amount")} className={l.sortLink}>
                {columns.amount}
                {sort === "amount" ? (order === "asc" ? " ↑" : " ↓") : ""}
              </Link>
            </th>
            <th scope="col" data-num="">
              {columns.runningBalance}
            </th>
            <th scope="col">{columns.status}</th>
            <th scope="col">
              {/* An icon: the column holds a small thumbnail or nothing, and its word took the description's room. */}
              <span aria-hidden="true" title={columns.receipt}>
                <Receipt size={16} />
              </span>
              <span className="visually-hidden">{columns.receipt}</span>
            </th>
            {shared.changeable ? (
              <th scope="col">
                <span className="visually-hidden">{columns.actions}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {pending ? (
            <tr className={l.rowBusy} aria-busy="true" data-testid="pending-row">
              <td className={l.nowrap}>{typedDay(pending.get("date"), shared.language)}</td>
              <th scope="row" className={l.rowHeader}>
                {String(pending.get("description") ?? "")}
              </th>
              <td />
              <td data-num="">{typedAmount(pending.get("amount"), account.currency)}</td>
              <td data-num="" />
              <td>{t("ledger.pages.transactions.pending")}</td>
              <td data-empty="" />
              <td />
            </tr>
          ) : null}
          {list.transactions.map((tx) =>
            // Optimistic: a deleted row leaves at once (it comes back, with a toast, if the API refuses).
            inFlight.deleting.has(tx.id) ? null : <TransactionRow key={tx.id} tx={tx} shared={shared} saving={inFlight.saving.get(tx.id) ?? null} />,
          )}
        </tbody>
      </table>
      {[...shared.deleted].map((id) => (
        <DeleteOutcome key={id} id={id} t={t} onSettled={shared.forgetDelete} />
      ))}
    </div>
  );
}

const ROW_ICONS = { pencil: Pencil, trash: Trash2, lock: Lock };
// Made once: every row shows the same icons.
const PENCIL_ICON = <SpriteIcon id="pencil" />;
const TRASH_ICON = <SpriteIcon id="trash" />;
const LOCK_ICON = <SpriteIcon id="lock" />;
const DELETE_FORM_ID = "transaction-delete";

/** What a delete asks first, of the row as `rowNaming` names it: a transfer's says both legs go. */
function deleteQuestionText(t: Translate, tx: PageTransaction, naming: RowNaming): string {
  return t(tx.transferId ? "ledger.pages.transactions.deleteTransferConfirm" : "ledger.pages.transactions.deleteConfirm", naming);
}

type RowNaming = { description: string; date: string; amount: string };

/** The ids of the rows the list shows now. */
function listedIds(): string[] {
  return [...document.querySelectorAll<HTMLElement>('[data-testid="transaction-row"][data-id]')].map((row) => row.dataset.id!);
}

/** A row being saved shows what was typed as the saved row will show it ("-S/ 1,234.50", "23 nov. 2026"), or as typed if it cannot be read. */
function typedAmount(value: FormDataEntryValue | null, currency: string): ReactNode {
  const text = typeof value === "string" ? value : "";
  const read = parseAmount(text, currency);
  return read.ok ? <Money minor={read.minor} currency={currency} signed /> : <span className={l.num}>{text}</span>;
}

function typedDay(value: FormDataEntryValue | null, language: string): string {
  const text = typeof value === "string" ? value.trim() : "";
  return isIsoDay(text) ? formatDay(text, language) : text;
}

/**
 * What names a row in its actions' labels and the delete question: its description, day and
 * amount, so two rows with the same description (two coffees at one café) are told apart.
 */
function rowNaming(tx: PageTransaction, language: string): RowNaming {
  return { description: tx.description, date: formatDay(tx.date, language), amount: formatSignedMoneyInText(tx.amountMinor, tx.currency) };
}

/** The dialog's question as the page asks it, for a delete sent without JavaScript: delete, or go back to the list. */
function DeleteQuestion({ tx, listUrl, nonce, t, language }: { tx: PageTransaction; listUrl: string; nonce: string; t: Translate; language: string }) {
  const naming = rowNaming(tx, language);
  const question = deleteQuestionText(t, tx, naming);
  // The amount stays on one line: a line that ends in its minus would read as money in (Money does the same).
  const { amount } = naming;
  const at = question.lastIndexOf(amount);
  return (
    <Form method="post" id="delete-question" preventScrollReset className={`${ui.card} ${l.deleteQuestion}`} aria-label={question} data-testid="delete-question">
      <FormKey nonce={nonce} form="delete" />
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="transactionId" value={tx.id} />
      <input type="hidden" name="confirmed" value="yes" />
      <input type="hidden" name="returnTo" value={listUrl} />
      <p className={l.userText}>
        {at < 0 ? (
          question
        ) : (
          <>
            {question.slice(0, at)}
            <span className={l.nowrap}>{amount}</span>
            {question.slice(at + amount.length)}
          </>
        )}
      </p>
      <div className={l.actions}>
        <button type="submit" className={ui.button.primary}>
          {t("ledger.pages.common.delete")}
        </button>
        <Link to={listUrl} preventScrollReset className={ui.button.ghost}>
          {t("ledger.pages.common.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/**
 * Everything the rows have in common, worked out once per table rather than once per row: a page
 * holds 50 rows, and translating the same labels (and subscribing to the same router state) 50
 * times was most of the page's server render time.
 */
function useRowShared(t: Translate, language: string, searchParams: URLSearchParams, actionData: ReturnType<typeof useActionData<typeof action>>, listUrl: string, listUrlKeepingEdit: string, loaderData: LoaderData) {
  const submit = useSubmit();
  const listPath = useLocation().pathname;
  // Deletes sent from this page (JavaScript only): each one's answer is watched for a failure toast.
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(() => new Set());
  // Without JavaScript a refused delete comes back as the page's action data.
  useFailureToast(typeof actionData === "object" && actionData && "form" in actionData && String(actionData.form).startsWith("delete:") ? (actionData as FormResult) : undefined, t);
  const accountsById = new Map(loaderData.accounts.map((a) => [a.id, a]));
  const otherSideOf = (tx: PageTransaction) => (tx.transferAccountId ? accountsById.get(tx.transferAccountId) : undefined);
  // The table's columns, in their order: the header row's names.
  const columns = {
    date: t("ledger.fields.date"),
    description: t("ledger.fields.description"),
    category: t("ledger.fields.category"),
    amount: t("ledger.fields.amount"),
    runningBalance: t("ledger.fields.runningBalance"),
    status: t("ledger.fields.status"),
    receipt: t("ledger.pages.transactions.receipt"),
    actions: t("ledger.pages.common.actions"),
  };
  // A settled delete's answer has been read (and any failure toasted): its watcher goes, and so
  // does its fetcher, instead of one idle fetcher per delete for the life of the page.
  const forgetDelete = useCallback((id: string) => {
    setDeleted((ids) => {
      if (!ids.has(id)) return ids;
      const rest = new Set(ids);
      rest.delete(id);
      return rest;
    });
  }, []);
  return {
    deleted,
    forgetDelete,
    listPath,
    /** With JavaScript a delete goes through the row's own fetcher (optimistic, several at once). */
    deleteRow(id: string) {
      const form = new FormData();
      form.set("idempotencyKey", formKey(loaderData.nonce, "delete"));
      form.set("intent", "delete");
      form.set("confirmed", "yes");
      form.set("transactionId", id);
      // Another row's edit form stays open; this row's goes with it.
      form.set("returnTo", searchParams.get("edit") === id ? listUrl : listUrlKeepingEdit);
      setDeleted((ids) => new Set(ids).add(id));
      void submit(form, { method: "post", navigate: false, fetcherKey: `tx-delete-${id}`, preventScrollReset: true });
    },
    t,
    language,
    searchParams,
    actionData,
    listUrl,
    loaderData,
    // A transfer's other side: its name, and whether it is archived.
    otherSideOf,
    // A transfer whose other side is in an archived account cannot change (ADR 035): its row says why instead.
    locked: (tx: PageTransaction) => otherSideOf(tx)?.archived === true,
    // An archived account's transactions cannot change (the API refuses with 409): no control offers to.
    changeable: !loaderData.account.archived,
    columns,
    // The columns' names, in order, also label the cells on phones (labelledColumns).
    columnLabels: columnLabelVars(Object.values(columns)),
    labels: {
      uncategorised: t("ledger.pages.common.uncategorised"),
      noReceipt: t("ledger.pages.transactions.noReceipt"),
      futureDate: t("ledger.pages.common.futureDate"),
      anotherAccount: t("ledger.pages.transactions.anotherAccount"),
      otherSideArchived: t("ledger.pages.transactions.otherSideArchived"),
      pending: t("ledger.pages.transactions.pending"),
      statuses: Object.fromEntries(TRANSACTION_STATUSES.map((status) => [status, t(`ledger.statuses.${status}`)])) as Record<Transaction["status"], string>,
    },
    editLabel: template(t, "ledger.pages.transactions.editLabel", ["description", "date", "amount"]),
    deleteLabel: template(t, "ledger.pages.transactions.deleteLabel", ["description", "date", "amount"]),
    receiptOf: template(t, "ledger.pages.transactions.receiptOf", ["description"]),
    transferTo: template(t, "ledger.pages.transactions.transferTo", ["account"]),
    transferFrom: template(t, "ledger.pages.transactions.transferFrom", ["account"]),
    lockedTransfer: template(t, "ledger.pages.transactions.lockedTransfer", ["account"]),
  };
}
type RowShared = ReturnType<typeof useRowShared>;

/**
 * A translation translated once and filled per row: the same text as `t(key, values)` for values
 * of the named placeholders, which it takes in the order of `names`.
 */
function template<Name extends string>(t: Translate, key: string, names: readonly Name[]): (values: Readonly<Record<Name, string>>) => string {
  // Each placeholder becomes a marker that no text contains: a control character and its index.
  const marked = t(key, Object.fromEntries(names.map((name, index) => [name, `\u0000${index}\u0000`])));
  const pieces = marked.split("\u0000");
  return (values) => pieces.map((piece, at) => (at % 2 === 0 ? piece : values[names[Number(piece)]!])).join("");
}

/**
 * A date filter's input: a date picker, unless the address holds something that is not a day
 * (`?from=2026-13-45`), which a date input would silently drop; as text it stays in view beside
 * its error, to be corrected.
 */
function dateFieldType(value: string | undefined): "date" | "text" {
  return value && !isIsoDay(value) ? "text" : "date";
}

/** The delete button of the nearest row in one direction that has one (an edit form's row has none). */
function neighbourDeleteButton(row: Element | null, direction: "nextElementSibling" | "previousElementSibling"): HTMLElement | null {
  for (let at = row?.[direction] ?? null; at; at = at[direction]) {
    const button = at.querySelector<HTMLElement>('button[name="transactionId"]');
    if (button) return button;
  }
  return null;
}

/** Which rows have a delete or an edit on its way (JavaScript only), read once for the table. */
function useRowFetchers() {
  const deleting = new Set<string>();
  const saving = new Map<string, FormData>();
  for (const fetcher of useFetchers()) {
    if (fetcher.state === "idle") continue;
    if (fetcher.key.startsWith("tx-delete-")) deleting.add(fetcher.key.slice("tx-delete-".length));
    else if (fetcher.key.startsWith("tx-edit-") && fetcher.formData) saving.set(fetcher.key.slice("tx-edit-".length), fetcher.formData);
  }
  return { deleting, saving };
}

/** The answer to one delete sent from this page: a toast if the API refused it (the row is back). */
function DeleteOutcome({ id, t, onSettled }: { id: string; t: Translate; onSettled: (id: string) => void }) {
  const fetcher = useFetcher<typeof action>({ key: `tx-delete-${id}` });
  useFailureToast(useFormResult<FormResult>(`delete:${id}`, fetcher, undefined), t);
  // Settled when the fetcher is idle again after its submission, whether a refusal brought data or
  // a success answered with a redirect, which brings none.
  const [sent, setSent] = useState(false);
  if (fetcher.state !== "idle" && !sent) setSent(true);
  const settled = sent && fetcher.state === "idle";
  useEffect(() => {
    if (settled) onSettled(id);
  }, [settled, id, onSettled]);
  return null;
}

/** A row is a plain function of its data: no hooks, so 50 of them cost little to render. */
function TransactionRow({ tx, shared, saving }: { tx: PageTransaction; shared: RowShared; saving: FormData | null }) {
  const { t, labels, searchParams, actionData, loaderData } = shared;
  const otherSide = shared.otherSideOf(tx);
  // Locked means this other side exists (and is archived).
  const locked = shared.locked(tx);
  const editing = shared.changeable && !locked && (searchParams.get("edit") === tx.id || Boolean(pickResult<FormResult>(`update:${tx.id}`, undefined, actionData)));
  const otherName = tx.transferAccountId ? (otherSide?.name ?? labels.anotherAccount) : null;
  const description = saving ? String(saving.get("description") ?? tx.description) : tx.description;
  const editHref = withParams(searchParams, { edit: tx.id, new: null });
  const naming = rowNaming(tx, shared.language);

  return (
    <>
      <tr className={saving ? l.rowBusy : undefined} aria-busy={saving ? true : undefined} data-testid="transaction-row" data-id={tx.id}>
        <td className={l.nowrap}>
          {saving ? typedDay(saving.get("date") ?? tx.date, shared.language) : <time dateTime={tx.date}>{naming.date}</time>}
          {/* Counted in the balance already (ADR 013): said, so today's balance is not a puzzle. */}
          {!saving && tx.date > loaderData.today ? <span className={`${l.small} ${l.futureDate}`}>{labels.futureDate}</span> : null}
        </td>
        <th scope="row" className={l.rowHeader}>
          <span>
            <span className={l.rowTitle}>{description}</span>
            {tx.payee ? <span className={l.small}>{` · ${tx.payee}`}</span> : null}
            {otherName ? (
              <>
                <br />
                <span className={l.small}>
                  {tx.amountMinor < 0 ? shared.transferTo({ account: otherName }) : shared.transferFrom({ account: otherName })}
                  {locked ? ` · ${labels.otherSideArchived}` : null}
                </span>
              </>
            ) : null}
            {/* Notes, on one line: a search also matches them, and this shows why a row came up. */}
            {tx.notes ? (
              <span className={`${l.small} ${l.noteLine}`} data-testid="notes">
                {tx.notes}
              </span>
            ) : null}
          </span>
        </th>
        <td>
          {tx.category ? (
            <span className={l.categoryLabel}>
              <span className={l.categoryDot} style={{ background: tx.category.color }} aria-hidden="true" />
              {tx.category.name}
            </span>
          ) : (
            <span className={l.small}>{labels.uncategorised}</span>
          )}
        </td>
        <td data-num="" data-testid="amount">
          {saving ? typedAmount(saving.get("amount") ?? tx.amount, tx.currency) : <Money minor={tx.amountMinor} currency={tx.currency} signed />}
        </td>
        <td data-num="">{tx.runningBalanceMinor !== null ? <Money minor={tx.runningBalanceMinor} currency={tx.currency} /> : <span aria-hidden="true">—</span>}</td>
        <td>{saving ? labels.pending : <span className={tx.status === "pending" ? l.badgePending : l.badge}>{labels.statuses[tx.status]}</span>}</td>
        <td data-empty={tx.receiptKey ? undefined : ""}>
          {tx.receiptKey ? (
            <a href={`/resources/receipts/${tx.id}`} target="_blank" rel="noopener" data-testid="receipt-link">
              <img src={receiptSrc(tx.id, tx.receiptKey)} alt={shared.receiptOf(naming)} className={l.receiptThumb} loading="lazy" width={36} height={36} />
            </a>
          ) : (
            <span className="visually-hidden">{labels.noReceipt}</span>
          )}
        </td>
        {shared.changeable && locked ? (
          <td>
            <span className={l.rowActions}>
              {/* Focusable so that the keyboard, too, can show the reason (the tooltip is its label). */}
              <span role="img" tabIndex={0} className={l.rowLocked} aria-label={shared.lockedTransfer({ account: otherSide!.name })} data-testid="locked-transfer" {...tooltipFromLabel}>
                {LOCK_ICON}
              </span>
            </span>
          </td>
        ) : shared.changeable ? (
          <td>
            <span className={l.rowActions}>
              <a href={`${shared.listPath}${editHref}`} data-row-link="" className={`${ui.button.ghost} ${l.rowAction}`} aria-label={shared.editLabel(naming)} {...tooltipFromLabel}>
                {PENCIL_ICON}
              </a>
              <button
                type="submit"
                form={DELETE_FORM_ID}
                name="transactionId"
                value={tx.id}
                className={`${ui.button.ghost} ${l.rowAction}`}
                aria-label={shared.deleteLabel(naming)}
                {...tooltipFromLabel}
                onClick={(event) => {
                  event.preventDefault();
                  if (!window.confirm(deleteQuestionText(t, tx, naming))) return;
                  // The row and its button go at once: the keyboard continues on the next row's
                  // delete button (or the previous row's, or the page's main region), not from the top of the page.
                  const row = event.currentTarget.closest("tr");
                  const nextFocus = neighbourDeleteButton(row, "nextElementSibling") ?? neighbourDeleteButton(row, "previousElementSibling") ?? document.getElementById("main");
                  shared.deleteRow(tx.id);
                  nextFocus?.focus();
                }}
              >
                {TRASH_ICON}
              </button>
            </span>
          </td>
        ) : null}
      </tr>
      {editing ? (
        <tr className={l.editRow}>
          <td colSpan={8} data-full="">
            <div className={ui.stack} style={{ padding: "8px 0" }}>
              <h3 className={l.subTitle} id={`edit-${tx.id}`}>
                {t("ledger.pages.transactions.editTitle", { description: tx.description })}
              </h3>
              <EditTransaction tx={tx} loaderData={loaderData} actionData={actionData} />
              <ReceiptPanel tx={tx} accountId={loaderData.account.id} nonce={loaderData.nonce} actionData={actionData} receiptOf={shared.receiptOf(naming)} />
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/**
 * The receipt photo of the transaction being edited: seen full size, replaced or added through the
 * camera page opened for this transaction (any transaction, not only the latest few there), and
 * removed. Removing asks first in a disclosure, which works without JavaScript too; the API
 * deletes the image from R2 (trash queue, migration 0003). The edit form stays open (`keepingEdit`).
 */
function ReceiptPanel({ tx, accountId, nonce, actionData, receiptOf }: { tx: PageTransaction; accountId: string; nonce: string; actionData: RowShared["actionData"]; receiptOf: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>({ key: `tx-receipt-${tx.id}` });
  const result = useFormResult<FormResult>(`receipt-remove:${tx.id}`, fetcher, actionData);
  const { keepingEdit } = useListUrls();
  const addId = `receipt-add-${tx.id}`;
  // Removed, the disclosure and its button are gone: the keyboard goes on from "Add a receipt photo".
  const focusWhenRemoved = useFocusAfterSave(`#${addId}`, result);
  // `back`: the camera page's way back to this list, with this edit form open.
  const cameraHref = `/camera?${new URLSearchParams({ account: accountId, transaction: tx.id, back: keepingEdit })}`;
  // The camera is another page: what is typed in the edit form above would be lost without asking.
  const confirmLeaving = (event: React.MouseEvent) => {
    const form = document.querySelector<HTMLFormElement>(`form[data-edit-of="${tx.id}"]`);
    if (form && hasTypedChanges(form) && !window.confirm(t("ledger.pages.transactions.leaveUnsaved"))) event.preventDefault();
  };
  const busy = fetcher.state !== "idle";
  return (
    <section className={l.receiptPanel} aria-labelledby={`receipt-title-${tx.id}`} data-testid="receipt-panel">
      <h4 className={l.subTitle} id={`receipt-title-${tx.id}`}>
        {t("ledger.pages.transactions.receiptPhoto")}
      </h4>
      <FormAlert message={formErrorOf(result, t)} />
      {tx.receiptKey ? (
        <div className={l.receiptActions}>
          <a href={`/resources/receipts/${tx.id}`} target="_blank" rel="noopener">
            <img src={receiptSrc(tx.id, tx.receiptKey)} alt={receiptOf} className={l.receiptPreview} width={96} height={96} />
          </a>
          <Link to={cameraHref} className={ui.button.ghost} onClick={confirmLeaving}>
            {t("ledger.pages.transactions.receiptReplace")}
          </Link>
          <details className={l.receiptRemove}>
            <summary className={ui.button.ghost}>{t("ledger.pages.transactions.receiptRemove")}</summary>
            <fetcher.Form method="post" preventScrollReset className={ui.stack} onSubmit={focusWhenRemoved(() => undefined)}>
              <FormKey nonce={nonce} form={`receipt-remove.${tx.id}`} />
              <input type="hidden" name="intent" value="receipt-remove" />
              <input type="hidden" name="transactionId" value={tx.id} />
              <input type="hidden" name="receiptKey" value={tx.receiptKey} />
              <input type="hidden" name="returnTo" value={keepingEdit} />
              <p className={l.small}>{t("ledger.pages.transactions.receiptRemoveQuestion")}</p>
              <div>
                <button type="submit" className={ui.button.primary} disabled={busy}>
                  {t("ledger.pages.transactions.receiptRemoveConfirm")}
                </button>
              </div>
            </fetcher.Form>
          </details>
        </div>
      ) : (
        <p className={l.small}>
          {t("ledger.pages.transactions.receiptNone")}{" "}
          <Link id={addId} to={cameraHref} onClick={confirmLeaving}>
            {t("ledger.pages.transactions.receiptAdd")}
          </Link>
        </p>
      )}
    </section>
  );
}

/** The open edit form of a row: the one place a row's edit fetcher is read. */
function EditTransaction({ tx, loaderData, actionData }: { tx: PageTransaction; loaderData: LoaderData; actionData: RowShared["actionData"] }) {
  const fetcher = useFetcher<typeof action>({ key: `tx-edit-${tx.id}` });
  const result = useFormResult<FormResult>(`update:${tx.id}`, fetcher, actionData);
  // Not keyed by the page's nonce: another row's save or delete must not empty what is typed here.
  return <TransactionForm key={tx.id} mode="update" tx={tx} fetcher={fetcher} result={result} loaderData={loaderData} />;
}

function TransactionForm({ mode, tx, fetcher, result, loaderData }: { mode: "add" | "update"; tx?: PageTransaction; fetcher: Fetcher; result: FormResult | undefined; loaderData: LoaderData }) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const { list: listUrl, keepingEdit: listUrlKeepingEdit } = useListUrls();
  const { errors, onSubmit } = useClientValidation(mode === "add" ? transactionCreateSchema : transactionUpdateSchema, t, result?.errors, amountChecks({ amount: loaderData.account.currency }));
  useFailureToast(result, t);
  const values = result?.values ?? {};
  // The camera page opens this form prefilled: ?new=1&description=…&amount=…&payee=…&date=…
  const prefill = (name: string) => (mode === "add" && searchParams.has("new") ? (searchParams.get(name) ?? undefined) : undefined);
  const v = (name: string, current: string | null | undefined, fallback = "") => values[name] ?? prefill(name) ?? current ?? fallback;
  const prefix = mode === "add" ? "add" : `edit-${tx!.id}`;
  // A day before the opening date is allowed (older history, a correction), but the opening
  // balance may already count it: the field says so while such a day is chosen.
  const openingDate = loaderData.account.openingDate;
  const firstDay = v("date", tx?.date, loaderData.today);
  const [day, setDay] = useState(firstDay);
  const busy = fetcher.state !== "idle";
  const opener = `tr[data-id="${tx?.id}"] a[data-row-link]`;
  const onKeyDown = useEscapeCloses(listUrl, opener, { busy });
  // Saved: back to the row's Edit control, or to the add form's summary (the form closes), where
  // Enter opens it again for the next entry. A row the save took off this list (a filter or the
  // page no longer holds it) leaves focus on the list's caption, or on the note that the list is
  // now empty, not at the top of the page; and a note says the list leaves it out.
  const focusWhenSaved = useFocusAfterSave(mode === "add" ? '[data-testid="add-transaction"] > summary' : [opener, "#transactions-caption", "#transactions-empty"], result, () => {
    if (mode === "update") return () => (document.querySelector(opener) ? undefined : showInfoToast(t("ledger.pages.toast.savedButHidden")));
    // A new row is one whose id the list did not have before.
    const before = new Set(listedIds());
    return () => (listedIds().some((id) => !before.has(id)) ? undefined : showInfoToast(t("ledger.pages.toast.addedButHidden")));
  });
  return (
    <fetcher.Form
      method="post"
      noValidate
      onSubmit={focusWhenSaved(onSubmit)}
      data-edit-of={tx?.id}
      onKeyDown={mode === "update" ? onKeyDown : undefined} className={ui.stack} preventScrollReset aria-label={mode === "add" ? t("ledger.pages.transactions.addTitle") : t("ledger.pages.transactions.editTitle", { description: tx!.description })}>
      <FormKey nonce={loaderData.nonce} form={mode === "add" ? "tx-add" : `tx-update.${tx!.id}`} />
      <input type="hidden" name="intent" value={mode} />
      <input type="hidden" name="returnTo" value={mode === "add" ? listUrlKeepingEdit : listUrl} />
      {tx ? <input type="hidden" name="transactionId" value={tx.id} /> : null}
      {/* The copy this edit starts from: a change made meanwhile elsewhere is not silently undone (409). */}
      {tx ? <input type="hidden" name="updatedAt" value={tx.updatedAt} /> : null}
      <FormAlert message={formErrorOf(result, t)} />
      {result?.errors.accountId ? <p className={ui.alert.error}>{result.errors.accountId}</p> : null}
      {tx?.transferId ? <TransferLegNote id={`${prefix}-transfer-note`} tx={tx} loaderData={loaderData} /> : null}
      <div className={l.formGrid}>
        <Field
          autoFocus={mode === "update"}
          id={`${prefix}-date`}
          label={t("ledger.fields.date")}
          name="date"
          type="date"
          required
          defaultValue={firstDay}
          onChange={(event) => setDay(event.currentTarget.value)}
          error={errors.date}
          // The field that takes focus as the form opens reads the note about the other leg too.
          note={tx?.transferId ? `${prefix}-transfer-note` : undefined}
          hint={isIsoDay(day) && day < openingDate ? t("ledger.pages.transactions.beforeOpening", { date: formatDay(openingDate, i18n.language) }) : undefined}
        />
        <Field id={`${prefix}-description`} label={t("ledger.fields.description")} name="description" required maxLength={TEXT_LIMITS.description} defaultValue={v("description", tx?.description)} error={errors.description} autoComplete="off" />
        <Field
          id={`${prefix}-amount`}
          label={`${t("ledger.fields.amount")} (${loaderData.account.currency})`}
          name="amount"
          inputMode="decimal"
          required
          defaultValue={v("amount", tx?.amount)}
          error={errors.amount}
          note={tx?.transferId ? `${prefix}-transfer-note` : undefined}
          hint={t("ledger.pages.transactions.amountHint", { example: moneyOutExample(loaderData.account.currency) })}
          autoComplete="off"
        />
        <SelectField
          id={`${prefix}-categoryId`}
          label={t("ledger.fields.category")}
          name="categoryId"
          defaultValue={v("categoryId", tx?.categoryId)}
          error={errors.categoryId}
          options={[{ value: "", label: t("ledger.pages.common.uncategorised") }, ...loaderData.categories.map((c) => ({ value: c.id, label: c.name }))]}
        />
        <Field id={`${prefix}-payee`} label={`${t("ledger.fields.payee")} (${t("ledger.pages.common.optional")})`} name="payee" maxLength={TEXT_LIMITS.payee} defaultValue={v("payee", tx?.payee)} error={errors.payee} />
        <StatusAndNotesFields prefix={prefix} status={v("status", tx?.status, "posted")} notes={v("notes", tx?.notes)} errors={errors} t={t} />
      </div>
      <div className={l.actions}>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {busy ? t("ledger.pages.common.saving") : mode === "add" ? t("ledger.pages.transactions.add") : t("ledger.pages.common.save")}
        </button>
        {mode === "update" ? (
          <Link to={listUrl} preventScrollReset className={ui.button.ghost}>
            {t("ledger.pages.common.cancel")}
          </Link>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

/**
 * A transfer's leg is edited in its own account's form, and part of the edit follows on the other
 * leg (the API's PATCH): its date always, its amount while both accounts share a currency. The
 * form says so, and where the other amount is edited when it cannot follow.
 */
function TransferLegNote({ id, tx, loaderData }: { id: string; tx: PageTransaction; loaderData: LoaderData }) {
  const { t } = useTranslation();
  const other = loaderData.accounts.find((account) => account.id === tx.transferAccountId);
  const account = other?.name ?? t("ledger.pages.transactions.anotherAccount");
  const sameCurrency = !other || other.currency === loaderData.account.currency;
  return (
    <p id={id} className={ui.alert.info} data-testid="transfer-leg-note">
      {sameCurrency ? t("transactionsPage.transferLeg.sameCurrency", { account }) : t("transactionsPage.transferLeg.otherCurrency", { account, currency: other.currency })}
    </p>
  );
}

/** Status and notes: the same two fields in the transaction form and the transfer form. */
function StatusAndNotesFields({ prefix, status, notes, errors, t }: { prefix: string; status: string; notes: string; errors: Partial<Record<string, string>>; t: Translate }) {
  return (
    <>
      <SelectField
        id={`${prefix}-status`}
        label={t("ledger.fields.status")}
        name="status"
        defaultValue={status}
        error={errors.status}
        options={TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`ledger.statuses.${s}`) }))}
      />
      <TextareaField id={`${prefix}-notes`} label={`${t("ledger.fields.notes")} (${t("ledger.pages.common.optional")})`} name="notes" maxLength={TEXT_LIMITS.notes} rows={2} defaultValue={notes} error={errors.notes} className={l.wide} />
    </>
  );
}

function TransferForm({ fetcher, result, loaderData, others }: { fetcher: Fetcher; result: FormResult | undefined; loaderData: LoaderData; others: Array<{ id: string; name: string; currency: string }> }) {
  const { t } = useTranslation();
  const listUrl = useListUrls().keepingEdit;
  const { account } = loaderData;
  const { errors, onSubmit } = useClientValidation(transferSchema, t, result?.errors, amountChecks((typed) => ({ amount: account.currency, toAmount: others.find((other) => other.id === typed.toAccountId)?.currency })));
  useFailureToast(result, t);
  const values = result?.values ?? {};
  const busy = fetcher.state !== "idle";
  // The amount received is asked for when the chosen account keeps another currency, and named in
  // it; without JavaScript the label follows the account chosen when the page was drawn.
  const [toId, setToId] = useState(values.toAccountId ?? others[0]?.id);
  const chosen = others.find((other) => other.id === toId);
  const receiving = chosen && chosen.currency !== account.currency ? chosen : null;
  // With JavaScript the field is off while the accounts share a currency, so an amount typed for
  // another account is neither sent nor refused; without it, the field stays for any choice.
  const hydrated = useHydrated();
  // Saved, the form closes: focus goes to what opens it again, as after an add.
  const focusWhenSaved = useFocusAfterSave('[data-testid="transfer"] > summary', result);
  return (
    <fetcher.Form method="post" noValidate onSubmit={focusWhenSaved(onSubmit)} className={ui.stack} preventScrollReset aria-label={t("ledger.pages.transactions.transferTitle")}>
      <FormKey nonce={loaderData.nonce} form="transfer" />
      <input type="hidden" name="intent" value="transfer" />
      <input type="hidden" name="returnTo" value={listUrl} />
      <input type="hidden" name="fromAccountId" value={account.id} />
      <FormAlert message={formErrorOf(result, t)} />
      {errors.fromAccountId ? <p className={ui.alert.error}>{errors.fromAccountId}</p> : null}
      <div className={l.formGrid}>
        <SelectField
          id="transfer-to"
          className={l.doubleField}
          label={t("ledger.fields.toAccount")}
          name="toAccountId"
          // Controlled: a page brought back by Back gets the choice this form knows, not one the browser
          // restored behind its back (the amount received must follow the account shown).
          value={toId}
          error={errors.toAccountId}
          options={others.map((a) => ({ value: a.id, label: `${a.name} (${a.currency})` }))}
          onChange={(event) => setToId(event.currentTarget.value)}
        />
        <Field id="transfer-amount" label={`${t("ledger.fields.amount")} (${account.currency})`} name="amount" inputMode="decimal" required defaultValue={values.amount ?? ""} error={errors.amount} hint={t("ledger.pages.transactions.transferAmountHint", { name: account.name, currency: account.currency })} autoComplete="off" />
        <Field
          id="transfer-toAmount"
          label={`${t("ledger.fields.toAmount")} (${receiving?.currency ?? t("ledger.pages.common.optional")})`}
          name="toAmount"
          inputMode="decimal"
          required={receiving !== null}
          disabled={hydrated && receiving === null}
          defaultValue={values.toAmount ?? ""}
          error={errors.toAmount}
          hint={receiving ? t("ledger.pages.transactions.toAmountNeededHint", { name: receiving.name, currency: receiving.currency }) : t("ledger.pages.transactions.toAmountHint")}
          autoComplete="off"
        />
        <Field id="transfer-date" label={t("ledger.fields.date")} name="date" type="date" required defaultValue={values.date ?? loaderData.today} error={errors.date} />
        <Field id="transfer-description" label={`${t("ledger.fields.description")} (${t("ledger.pages.common.optional")})`} name="description" maxLength={TEXT_LIMITS.description} defaultValue={values.description ?? ""} error={errors.description} placeholder={`${account.name} → …`} />
        <StatusAndNotesFields prefix="transfer" status={values.status ?? "posted"} notes={values.notes ?? ""} errors={errors} t={t} />
      </div>
      <div className={l.actions}>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {busy ? t("ledger.pages.common.saving") : t("ledger.pages.transactions.transferSubmit")}
        </button>
      </div>
    </fetcher.Form>
  );
}

function ImportSection({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>({ key: "tx-import" });
  const listUrl = useListUrls().list;
  const state = useFormResult<ImportState | FormResult>("import", fetcher, actionData);
  const failure = state && !state.ok ? state : undefined;
  const asked = useSearchParams()[0].has("confirmUndoImport");
  const finished = state?.ok && state.stage === "done" ? state.result : null;
  // An import undone since (its record no longer listed once the page has its data again) no
  // longer reads as finished. While the import's own answer reloads the page the list is older
  // than it, and the summary stays (it takes focus then).
  const undone = finished?.importId && fetcher.state === "idle" && !loaderData.imports.some((record) => record.id === finished.importId);
  const done = finished && !undone ? finished : null;
  const current = state?.ok && state.stage === "preview" ? state : null;
  // An outage while previewing or importing keeps the last preview (file and columns) on screen
  // with the message, instead of falling back to the upload step (ADR 024). An outage while
  // reading a new file does not bring back the previous file's preview.
  const [lastPreview, setLastPreview] = useState<typeof current>(null);
  if (current && current !== lastPreview) setLastPreview(current);
  const [sentIntent, setSentIntent] = useState<unknown>(null);
  const sending = fetcher.formData?.get("intent");
  if (sending && sending !== sentIntent) setSentIntent(sending);
  const preview = current ?? (failure?.outage && sentIntent !== "import-upload" ? lastPreview : null);
  useFailureToast(failure, t);
  const toasted = useRef<unknown>(null);
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done && toasted.current !== done) {
      toasted.current = done;
      showSuccessToast(t("ledger.import.summary", { count: done.imported }));
      // The Import button went with the mapping form: the keyboard continues from the summary.
      focusIfLost(summary.current);
    }
  }, [done, t]);
  // Cancel (or Start over) takes away the control that had focus: the keyboard goes on from the file field.
  const shown = Boolean(preview || done);
  const wasShown = useRef(shown);
  useEffect(() => {
    // Not when the summary goes because its import was undone: the undo leads focus (AFTER_UNDO_FOCUS).
    if (wasShown.current && !shown && !undone) focusIfLost(document.getElementById("import-file"));
    wasShown.current = shown;
  }, [shown, undone]);
  const busy = fetcher.state !== "idle";
  const busyIntent = busy ? fetcher.formData?.get("intent") : null;
  // Once used, the section stays open (starting over must not fold it away).
  const [used, setUsed] = useState(false);
  if (state && !used) setUsed(true);

  return (
    // Open when the address asks an undo's question (without JavaScript), so the question is seen.
    <details className={l.details} open={Boolean(state) || used || asked} data-testid="import">
      <summary className={l.summary}>
        <FileUp size={18} aria-hidden="true" />
        {t("ledger.pages.transactions.import")}
      </summary>
      <div className={l.detailsBody}>
        <h2 className={l.subTitle}>{t("ledger.pages.import.title")}</h2>
        {done ? (
          <div role="status" className={ui.alert.success} data-testid="import-result" ref={summary} tabIndex={-1}>
            <p style={{ margin: 0, fontWeight: 600 }}>{t("ledger.pages.import.result")}</p>
            <ul style={{ margin: 0 }}>
              <li>{t("ledger.import.summary", { count: done.imported })}</li>
              <li>{t("ledger.import.duplicates", { count: done.duplicates })}</li>
              <li>{t("ledger.import.invalid", { count: done.invalid })}</li>
            </ul>
            {done.errors.length > 0 ? (
              <ul className={l.small}>
                {done.errors.slice(0, 10).map((row) => (
                  <li key={row.line}>
                    {t("ledger.import.line", { line: row.line })}: {Object.values(row.errors).flat().join(" ")}
                  </li>
                ))}
              </ul>
            ) : null}
            <p style={{ margin: "8px 0 0" }}>
              <Link to={listUrl} onClick={() => fetcher.reset()} preventScrollReset>
                {t("ledger.pages.import.startOver")}
              </Link>
            </p>
          </div>
        ) : null}
        {!preview ? (
          <fetcher.Form method="post" encType="multipart/form-data" noValidate className={ui.stack} preventScrollReset aria-label={t("ledger.pages.import.title")}>
            <input type="hidden" name="intent" value="import-upload" />
            <FormAlert message={formErrorOf(failure, t)} />
            <Field id="import-file" label={t("ledger.pages.import.file")} name="file" type="file" accept=".csv,text/csv,text/plain" required hint={t("ledger.pages.import.fileHint")} error={failure?.errors.file} />
            <div className={l.actions}>
              <button type="submit" className={ui.button.secondary} disabled={busy}>
                {busyIntent === "import-upload" ? t("ledger.pages.common.loading") : t("ledger.pages.import.upload")}
              </button>
            </div>
          </fetcher.Form>
        ) : (
          <>
            <FormAlert message={formErrorOf(failure, t)} />
            <ImportMapping key={`${preview.fileName}-${preview.csv.length}`} state={preview} fetcher={fetcher} nonce={loaderData.nonce} listUrl={listUrl} currency={loaderData.account.currency} />
          </>
        )}
        <RecentImports loaderData={loaderData} listUrl={listUrl} latest={done?.importId ?? null} />
      </div>
    </details>
  );
}

/** Where focus goes once an import is undone: the list of the others, or the file field when none is left. */
const AFTER_UNDO_FOCUS = ["#recent-imports-title", "#import-file"] as const;

/**
 * The account's latest imports (ADR 038). Undoing one removes the rows it added that are still
 * here, after a question, as a delete asks: in place with JavaScript, and without it from the
 * action (`confirmUndoImport` in the address, which a reload keeps asking).
 */
function RecentImports({ loaderData, listUrl, latest }: { loaderData: LoaderData; listUrl: string; latest: string | null }) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>({ key: "tx-import-undo" });
  const failure = useFormResult<FormResult>(UNDO_IMPORT_FORM, fetcher, actionData);
  useFailureToast(failure, t);
  // Asked in place (JavaScript), or by the address (`confirmUndoImport`, from the action without
  // it); a question asked in place replaces the address's until the page is left.
  // `undefined`: nothing asked in place; `null`: a question asked in place was closed.
  const [asking, setAsking] = useState<string | null | undefined>(undefined);
  const confirming = asking !== undefined ? asking : searchParams.get("confirmUndoImport");
  const { imports } = loaderData;
  if (!imports.length) return null;
  return (
    <section aria-labelledby="recent-imports-title" className={ui.stack} data-testid="recent-imports">
      <h3 id="recent-imports-title" className={l.subTitle} tabIndex={-1}>
        {t("transactionsPage.recentImports.recentTitle")}
      </h3>
      {/* A refused undo (the account archived meanwhile) says why here, with or without JavaScript. */}
      <FormAlert message={formErrorOf(failure, t)} />
      <p className={l.small} style={{ margin: 0 }}>
        {t("transactionsPage.recentImports.recentHint")}
      </p>
      <ul className={l.list}>
        {imports.map((record, index) => {
          const naming = {
            file: record.fileName ?? t("transactionsPage.recentImports.noFileName"),
            when: formatInstant(Date.parse(record.createdAt), i18n.language, loaderData.timeZone),
          };
          return (
            <li key={record.id} className={l.listRow} data-testid="recent-import" data-import-id={record.id}>
              <span className={l.grow}>
                <span className={`${l.rowTitle} ${l.userText}`}>{naming.file}</span>
                {record.id === latest ? <span className={l.badgeAfter}>{t("transactionsPage.recentImports.latest")}</span> : null}
                <br />
                <span className={l.small}>
                  {naming.when} · {t("transactionsPage.recentImports.rows", { count: record.imported })}
                  {record.remaining < record.imported ? ` · ${t("transactionsPage.recentImports.rowsLeft", { count: record.remaining })}` : null}
                </span>
              </span>
              {confirming === record.id ? (
                <UndoImportQuestion
                  record={record}
                  naming={naming}
                  laterImports={index > 0}
                  fetcher={fetcher}
                  nonce={loaderData.nonce}
                  listUrl={listUrl}
                  refused={failure}
                  onCancel={asking !== undefined ? () => setAsking(null) : undefined}
                />
              ) : (
                <fetcher.Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="import-undo" />
                  <input type="hidden" name="importId" value={record.id} />
                  <input type="hidden" name="returnTo" value={listUrl} />
                  <button
                    type="submit"
                    id={`undo-import-${record.id}`}
                    className={ui.button.ghost}
                    aria-label={t("transactionsPage.recentImports.undoLabel", naming)}
                    onClick={(event) => {
                      // With JavaScript the question comes in place; without it, from the action.
                      event.preventDefault();
                      setAsking(record.id);
                    }}
                  >
                    {t("transactionsPage.recentImports.undo")}
                  </button>
                </fetcher.Form>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * `laterImports`: an import made after this one is listed. It may have skipped rows as duplicates
 * of this one's, which the undo takes away and nothing brings back: the question says so, and how
 * to bring them back (ADR 038).
 */
function UndoImportQuestion(props: {
  record: ImportRecord;
  naming: { file: string; when: string };
  laterImports: boolean;
  fetcher: Fetcher;
  nonce: string;
  listUrl: string;
  refused: FormResult | undefined;
  onCancel: (() => void) | undefined;
}) {
  const { record, naming, laterImports, fetcher, nonce, listUrl, refused, onCancel } = props;
  const { t } = useTranslation();
  const question = t("transactionsPage.recentImports.undoQuestion", { count: record.remaining, ...naming });
  const confirm = useRef<HTMLButtonElement>(null);
  // The Undo button it replaced had focus: the keyboard goes on from the answer to give.
  useEffect(() => focusIfLost(confirm.current), []);
  const busy = fetcher.state !== "idle";
  const onSubmit = useFocusAfterSave(AFTER_UNDO_FOCUS, refused);
  return (
    <fetcher.Form method="post" id="undo-import-question" preventScrollReset className={`${ui.card} ${l.undoQuestion}`} aria-label={question} data-testid="undo-import-question" onSubmit={onSubmit(() => {})}>
      <FormKey nonce={nonce} form={`${UNDO_IMPORT_FORM}.${record.id}`} />
      <input type="hidden" name="intent" value="import-undo" />
      <input type="hidden" name="importId" value={record.id} />
      <input type="hidden" name="confirmed" value="yes" />
      <input type="hidden" name="returnTo" value={listUrl} />
      <p className={l.userText}>{question}</p>
      {laterImports ? <p>{t("transactionsPage.recentImports.undoLaterImports")}</p> : null}
      <div className={l.actions}>
        <button type="submit" ref={confirm} className={ui.button.primary} disabled={busy}>
          {busy ? t("ledger.pages.common.saving") : t("transactionsPage.recentImports.undoConfirm")}
        </button>
        <Link
          to={listUrl}
          preventScrollReset
          className={ui.button.ghost}
          onClick={(event) => {
            // Asked in place: closing the question needs no new page, and the keyboard goes back to Undo.
            if (!onCancel || !isPlainClick(event)) return;
            event.preventDefault();
            onCancel();
            requestAnimationFrame(() => document.getElementById(`undo-import-${record.id}`)?.focus());
          }}
        >
          {t("ledger.pages.common.cancel")}
        </Link>
      </div>
    </fetcher.Form>
  );
}

function ImportMapping({ state, fetcher, nonce, listUrl, currency }: { state: Extract<ImportState, { stage: "preview" }>; fetcher: Fetcher; nonce: string; listUrl: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const { preview, mapping, errors } = state;
  const busy = fetcher.state !== "idle";
  const busyIntent = busy ? fetcher.formData?.get("intent") : null;
  const columnOptions = [{ value: "", label: t("ledger.import.none") }, ...preview.columns.map((name, index) => ({ value: String(index), label: `${index + 1}. ${name}` }))];
  const rows: ImportRow[] = preview.rows ?? [];
  const mapped = rows.length > 0;
  const withCategories = rows.some((row) => row.category !== null);
  // A new file's preview replaces the upload form, and with it the focused Read button: the
  // keyboard continues from what the file gave (the counts), or from the first column to choose.
  useEffect(() => {
    focusIfLost(document.getElementById(mapped ? "import-counts" : `import-${IMPORT_COLUMNS[0]}`));
    // Only when this file's preview first appears (the component is keyed by the file).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <fetcher.Form method="post" className={ui.stack} preventScrollReset aria-label={t("ledger.pages.import.mapping")}>
      <FormKey nonce={nonce} form="import" />
      <input type="hidden" name="csv" value={state.csv} />
      <input type="hidden" name="fileName" value={state.fileName} />
      <input type="hidden" name="returnTo" value={listUrl} />
      {state.fileName ? <p style={{ margin: 0 }}>{t("ledger.pages.import.fileName", { name: state.fileName })}</p> : null}
      {errors.file ? <p className={ui.alert.error}>{errors.file}</p> : null}
      <fieldset className={ui.stack} style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className={l.subTitle}>{t("ledger.pages.import.mapping")}</legend>
        <p className={ui.hint}>{t("ledger.pages.import.mappingHint")}</p>
        {state.preview.tableLine ? <p className={ui.hint} data-testid="import-table-line">{t("ledger.pages.import.tableLine", { line: state.preview.tableLine })}</p> : null}
        {state.preview.belowTable ? <p className={ui.hint} data-testid="import-below-table">{t("ledger.pages.import.belowTable", { line: state.preview.belowTable.line, text: state.preview.belowTable.text })}</p> : null}
        <div className={l.formGrid}>
          {IMPORT_COLUMNS.map((key) => (
            <SelectField key={key} id={`import-${key}`} label={t(`ledger.import.${key}`)} name={key} defaultValue={mapping[key] ?? ""} error={errors[key]} options={columnOptions} />
          ))}
          <SelectField id="import-dateFormat" label={t("ledger.import.dateFormat")} name="dateFormat" defaultValue={mapping.dateFormat ?? "YYYY-MM-DD"} error={errors.dateFormat} options={DATE_FORMATS.map((f) => ({ value: f, label: f.replace("YYYY", t("ledger.import.dateFormatYear")) }))} />
          <SelectField
            id="import-decimalSeparator"
            label={t("ledger.import.decimalSeparator")}
            name="decimalSeparator"
            defaultValue={mapping.decimalSeparator ?? "."}
            error={errors.decimalSeparator}
            options={[
              { value: ".", label: t("ledger.import.decimalDot") },
              { value: ",", label: t("ledger.import.decimalComma") },
            ]}
          />
          <SelectField
            id="import-delimiter"
            label={t("ledger.import.delimiter")}
            name="delimiter"
            defaultValue={mapping.delimiter ?? "auto"}
            error={errors.delimiter}
            options={[
              { value: "auto", label: t("ledger.pages.common.any") },
              { value: ",", label: "," },
              { value: ";", label: ";" },
              { value: "tab", label: t("ledger.pages.import.tab") },
            ]}
          />
          <label className={ui.checkboxRow}>
            <input type="checkbox" name="header" value="true" defaultChecked={(mapping.header ?? "true") === "true"} />
            {t("ledger.import.header")}
          </label>
        </div>
      </fieldset>

      {mapped ? (
        <>
          <p role="status" id="import-counts" tabIndex={-1} style={{ margin: 0 }} data-testid="import-counts">
            {t("ledger.pages.import.ready", { valid: formatCount(preview.counts.valid), total: formatCount(preview.counts.total) })} {t("ledger.pages.import.skipDuplicates", { count: preview.counts.duplicates })}{" "}
            {t("ledger.pages.import.skipInvalid", { count: preview.counts.invalid })}
          </p>
          <div className={l.tableWrap}>
            <table className={`${l.table} ${l.responsiveTable}`} data-testid="import-preview">
              <caption className={l.caption}>{t("ledger.pages.import.previewCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("ledger.pages.import.line")}</th>
                  <th scope="col">{t("ledger.fields.date")}</th>
                  <th scope="col">{t("ledger.fields.description")}</th>
                  <th scope="col" data-num="">
                    {t("ledger.fields.amount")}
                  </th>
                  {withCategories ? <th scope="col">{t("ledger.fields.category")}</th> : null}
                  <th scope="col">{t("ledger.fields.status")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.line}>
                    <td data-label={t("ledger.pages.import.line")}>{row.line}</td>
                    <td data-label={t("ledger.fields.date")}>{row.date ? formatDay(row.date, i18n.language) : "—"}</td>
                    <td data-label={t("ledger.fields.description")} className={l.userText}>
                      {row.description ?? "—"}
                    </td>
                    <td data-label={t("ledger.fields.amount")} data-num="">
                      {row.amountMinor !== null ? <Money minor={row.amountMinor} currency={currency} signed /> : "—"}
                    </td>
                    {withCategories ? <td data-label={t("ledger.fields.category")} className={l.userText}>{row.category === null ? "—" : row.newCategory ? t("ledger.pages.import.newCategory", { name: row.category }) : row.category}</td> : null}
                    <td data-label={t("ledger.fields.status")}>
                      {row.errors ? (
                        <span>
                          <strong>{t("ledger.pages.import.error")}:</strong> {Object.values(row.errors).flat().join(" ")}
                        </span>
                      ) : row.duplicate ? (
                        <span className={l.badgePending}>{t("ledger.import.duplicate")}</span>
                      ) : (
                        <span>
                          <span className={l.badge}>{t("ledger.pages.import.ok")}</span>
                          {row.status === "pending" ? <> <span className={l.badgePending}>{t("ledger.statuses.pending")}</span></> : null}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <div className={l.tableWrap}>
          <table className={l.table} data-testid="import-sample">
            <caption className={l.caption}>{t("ledger.pages.import.preview")}</caption>
            <thead>
              <tr>
                {preview.columns.map((name, index) => (
                  <th scope="col" key={index}>
                    {index + 1}. {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((row, r) => (
                <tr key={r}>
                  {preview.columns.map((_, c) => (
                    <td key={c}>{row[c] ?? ""}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={l.actions}>
        <button type="submit" name="intent" value="import-preview" className={ui.button.ghost} disabled={busy}>
          {busyIntent === "import-preview" ? t("ledger.pages.common.loading") : t("ledger.pages.import.update")}
        </button>
        <button type="submit" name="intent" value="import-commit" className={ui.button.primary} disabled={busy || !mapped || preview.counts.valid <= 0}>
          {busyIntent === "import-commit" ? t("ledger.pages.common.saving") : t("ledger.pages.import.commit")}
        </button>
        <Link to={listUrl} preventScrollReset className={ui.button.link} onClick={() => fetcher.reset()}>
          {t("ledger.pages.common.cancel")}
        </Link>
      </div>
    </fetcher.Form>
  );
}
