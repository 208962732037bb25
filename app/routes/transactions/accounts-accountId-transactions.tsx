import { addPageTexts } from "../../../core/i18n/translate";
import { importFlowTexts } from "../../../core/i18n/page-texts/import-flow";
import { transactionsPageTexts } from "../../../core/i18n/page-texts/transactions-page";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useActionData, useFetcher, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/accounts-accountId-transactions";
import { Money } from "../../ui/money";
import { reloadsAfterConflict, type FormAnswer, formNameOf } from "../../forms/form-answer";
import { useClosedAfterPost, useFormAnswerAndSaves } from "../../forms/use-form-answer";
import { keepFormThroughOutage } from "../../forms/form-outage";
import { newIdempotencyKey } from "../../forms/idempotency-key";
import { TooltipProvider } from "../../ui/tooltip";
import { PageTitle } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { apiFor } from "../../server/api.server";
import { todayInZone } from "../../../core/dates";
import { useFocusAfterNavigation } from "../../forms/focus-after-save";
import { type FieldErrors } from "../../forms/forms";
import { ID_PATTERN } from "../../../core/ids";
import type { Account, Category, ImportRecord, ListTotals, TransactionList } from "../../../core/api-types/ledger";
import type { TransferRateOut } from "../../../core/api-types/rates";
import { readFailed, unwrap } from "../../server/ledger.server";
import { fieldErrors } from "../../../core/problem";
import { invalidParams } from "../../server/route-helpers.server";
import { requireUser } from "../../server/session.server";
import { deleteTransactionAction } from "./delete-transaction.server";
import { importAction } from "./import/import-section.server";
import { undoImportAction } from "./import/recent-imports.server";
import { readIntentArgs } from "./intent-args.server";
import { UI_KEYS, useListUrls, withParams } from "./list-urls";
import type { PageData, PageList, TransactionsAnswer } from "./page-data";
import { pageList } from "./page-list.server";
import { Pager } from "./pager";
import { removeReceiptAction } from "./receipt-panel.server";
import { TotalsSection } from "./totals";
import { addTransactionAction, updateTransactionAction } from "./transaction-form.server";
import { TransactionTable } from "./transactions-table";
import { Toolbar } from "./toolbar";
import { UndoBar } from "./undo-bar";
import { bulkAction, restoreAction } from "./bulk-actions.server";
import { transferAction } from "./transfer-form.server";
import { ReconcileButton } from "./reconcile/reconcile-panel";
import { reconcileAction } from "./reconcile/reconcile.server";
import { convertTransferAction } from "./convert-transfer/convert-transfer.server";
import { AccountUpcoming, type UpcomingAnswer } from "../schedules/account-upcoming";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";
import * as s from "../../styles/transactions-list.css";

// Texts this page alone shows come with its code, not on the first visit (ADR 033).
addPageTexts(transactionsPageTexts);
addPageTexts(importFlowTexts);

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

/** Filters and sort, exactly the listing's query parameters (docs/api/ledger.md), kept in the URL. */
const FILTER_KEYS = ["q", "from", "to", "category", "direction", "min", "max", "status", "sort", "order"] as const;
const PAGE_SIZE = 50;

/** The listing with what `include` asks for beside it. */
type ListWithIncludes = TransactionList & { accounts?: Account[]; categories?: Category[]; imports?: ImportRecord[]; upcoming?: UpcomingAnswer; transferRates?: TransferRateOut[] };

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
  const listResult = await api.get<ListWithIncludes>(`/accounts/${params.accountId}/transactions`, {
    query: { ...filters, cursor, limit: PAGE_SIZE, totals: !totalsApart, include: "accounts,categories,imports,upcoming,transferRates" },
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
    upcoming: listResult.ok ? listResult.data.upcoming : undefined,
    transferRates: listResult.ok ? listResult.data.transferRates : undefined,
    list,
    totals,
    filters,
    filterErrors,
    cursor,
    page,
    today: todayInZone(user.timeZone),
    timeZone: user.timeZone,
    nonce: newIdempotencyKey(),
  } satisfies PageData;
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

const formOfSubmission = formNameOf("transactionId", ["update", "delete", "receipt-remove"], {
  bulk: "bulk",
  restore: "restore",
  "import-upload": "import",
  "import-preview": "import",
  "import-commit": "import",
});

/** With JavaScript, an outage keeps the form and what was typed (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, formOfSubmission);
}

/** Each intent is answered by the handler beside the part of the page that posts it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireUser(context);
  if (!ID_PATTERN.test(params.accountId)) invalidParams(request);
  const args = await readIntentArgs(request, context, params.accountId);
  switch (args.intent) {
    case "add":
      return addTransactionAction(args);
    case "update":
      return updateTransactionAction(args);
    case "delete":
      return deleteTransactionAction(args);
    case "bulk":
      return bulkAction(args);
    case "restore":
      return restoreAction(args);
    case "receipt-remove":
      return removeReceiptAction(args);
    case "transfer":
      return transferAction(args);
    case "import-upload":
    case "import-preview":
    case "import-commit":
      return importAction(args);
    case "import-undo":
      return undoImportAction(args);
    case "reconcile-preview":
    case "reconcile":
      return reconcileAction(args);
    case "convert-candidates":
    case "convert-transfer":
    case "transfer-unlink":
      return convertTransferAction(args);
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

export default function Transactions({ loaderData }: Route.ComponentProps) {
  useFocusAfterNavigation();
  const { t } = useTranslation();
  const { account, list, filterErrors, filters } = loaderData;
  const [searchParams] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const addFetcher = useFetcher<TransactionsAnswer>({ key: "tx-add" });
  const transferFetcher = useFetcher<TransactionsAnswer>({ key: "tx-transfer" });
  const [addResult, addSaved] = useFormAnswerAndSaves<FormAnswer>("add", addFetcher, actionData);
  const [transferResult, transferSaved] = useFormAnswerAndSaves<FormAnswer>("transfer", transferFetcher, actionData);
  const filtered = Object.keys(filters).some((key) => key !== "sort" && key !== "order");
  const title = t("transactionsPage.page.title", { name: account.name });
  const { list: listUrl } = useListUrls();
  const transferDetails = useClosedAfterPost(transferSaved, Boolean(transferResult));

  return (
    // One provider for the rows' tooltips: the seed's delays, and the skip delay shared between them.
    <TooltipProvider>
    <div className={`${l.page} ${s.listPage}`}>
      <PageTitle title={`${account.name} · ${t("titles.transactions")}`} />
      <div className={`${l.headingRow} ${s.listHeading}`}>
        <div>
          <p style={{ margin: 0 }}>
            <Link to="/accounts">{t("transactionsPage.page.back")}</Link>
          </p>
          <h1 className={ui.pageHeading} style={{ marginBottom: 0 }}>
            {title}
          </h1>
          <p className={l.small} style={{ margin: 0 }}>
            {t(`ledger.accountTypes.${account.type}`)} · {account.currency}
            {account.archived ? ` · ${t("ledger.pages.accounts.archivedBadge")}` : ""}
          </p>
        </div>
        <p className={s.balanceLine} data-testid="account-balance">
          <span className={l.statLabel}>{t("ledger.pages.accounts.balance")}</span>
          <br />
          <Money minor={account.balanceMinor} currency={account.currency} figure />
        </p>
      </div>

      <Toolbar
        loaderData={loaderData}
        add={{ fetcher: addFetcher, result: addResult, saved: addSaved }}
        transfer={{ fetcher: transferFetcher, result: transferResult, saved: transferSaved }}
        addOpen={searchParams.has("new") || Boolean(addResult) || addSaved > 0}
        transferDetails={transferDetails}
      >
        <ReconcileButton account={account} today={loaderData.today} nonce={loaderData.nonce} />
      </Toolbar>
      <AccountUpcoming upcoming={loaderData.upcoming} accountId={account.id} nonce={loaderData.nonce} />

      {list ? (
        <>
          <TotalsSection totals={loaderData.totals} currency={account.currency} filtered={filtered} nowHref={withParams(searchParams, { totals: "now" })} />

          <TransactionTable loaderData={loaderData} list={list} filtered={filtered} addFetcher={addFetcher} />

          <Pager list={list} page={loaderData.page} accountId={account.id} filters={filters} count={loaderData.totals} pageSize={PAGE_SIZE} />
        </>
      ) : (
        <p className={ui.alert.warning} role="alert">
          {filterErrors.cursor ? (
            <>
              {filterErrors.cursor}{" "}
              <Link to={withParams(searchParams, { cursor: null, page: null })}>{t("transactionsPage.page.first")}</Link>
            </>
          ) : (
            t("transactionsPage.page.filterErrors")
          )}
        </p>
      )}
      <UndoBar t={t} searchParams={searchParams} listUrl={listUrl} nonce={loaderData.nonce} />
    </div>
    </TooltipProvider>
  );
}
