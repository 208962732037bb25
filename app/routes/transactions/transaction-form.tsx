/** The add form and a row's edit form: intents `add` and `update`, answered by transaction-form.server.ts. */
import { useCallback, useRef, useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { FormKey } from "../../forms/idempotency-key";
import { SelectField } from "../../forms/fields";
import { useFailureToast, useFormAnswer } from "../../forms/use-form-answer";
import { type FormAnswer, formErrorOf } from "../../forms/form-answer";
import { AmountField } from "../../forms/amount-field";
import { PayeeField } from "../../forms/payee-field";
import { KindQuestionPrompt, kindQuestionOf } from "../../forms/kind-question";
import { useFocusAfterSave } from "../../forms/focus-after-save";
import { showInfoToast } from "../../forms/form-toasts";
import { useClientValidation } from "../../forms/forms";
import { Field, FormAlert } from "../../ui/ui";
import { useEscapeCloses } from "../../ui/use-escape-closes";
import { formatDay, isIsoDay } from "../../../core/dates";
import { TEXT_LIMITS } from "../../../core/input-limits";
import { formatMoney, typedAsOut } from "../../../core/money";
import { type Direction, entryOf } from "../../../core/ledger-values";
import { useListUrls } from "./list-urls";
import type { Fetcher, PageData, PageTransaction, TransactionsAnswer } from "./page-data";
import { StatusAndNotesFields } from "./status-and-notes-fields";
import { minusWithInOf } from "./transfer-leg-entry";
import type { RowShared } from "./use-row-shared";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

/** The open edit form of a row: the one place a row's edit fetcher is read. */
export function EditTransaction({ tx, loaderData, actionData }: { tx: PageTransaction; loaderData: PageData; actionData: RowShared["actionData"] }) {
  const fetcher = useFetcher<TransactionsAnswer>({ key: `tx-edit-${tx.id}` });
  const result = useFormAnswer<FormAnswer>(`update:${tx.id}`, fetcher, actionData);
  // Not keyed by the page's nonce: another row's save or delete must not empty what is typed here.
  return <TransactionForm key={tx.id} mode="update" tx={tx} fetcher={fetcher} result={result} loaderData={loaderData} />;
}

type TransactionFormProps = { mode: "add" | "update"; tx?: PageTransaction; fetcher: Fetcher; result: FormAnswer | undefined; loaderData: PageData };


export function TransactionForm({ mode, tx, fetcher, result, loaderData }: TransactionFormProps) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const { list: listUrl, keepingEdit: listUrlKeepingEdit } = useListUrls();
  const currency = loaderData.account.currency;
  // One schema for the browser's check and the action's (ADR 051): a direction and an unsigned amount.
  // Loaded, with zod, when the form is first focused or sent, not with the list (ADR 074).
  const transferLeg = Boolean(tx?.transferId);
  const loadSchema = useCallback(
    () => import("../../../core/schemas/ledger").then((schemas) => (mode === "add" ? schemas.transactionEntrySchema(currency) : schemas.transactionEditSchema(currency, minusWithInOf(transferLeg)))),
    [currency, mode, transferLeg],
  );
  const { errors, onSubmit, onFocus } = useClientValidation(loadSchema, t, result?.errors, undefined);
  const question = kindQuestionOf(result);
  useFailureToast(question ? undefined : result, t);
  const values = result?.values ?? {};
  // The camera page opens this form prefilled: ?new=1&description=…&amount=…&payee=…&date=…
  const prefill = (name: string) => (mode === "add" && searchParams.has("new") ? (searchParams.get(name) ?? undefined) : undefined);
  const v = (name: string, current: string | null | undefined, fallback = "") => values[name] ?? prefill(name) ?? current ?? fallback;
  // An edit shows the direction and the magnitude; a new movement is money out unless said otherwise.
  const existing = tx ? entryOf(tx.amountMinor, currency) : undefined;
  const firstAmount = v("amount", existing?.amount);
  const [direction, setDirection] = useState<Direction>(
    values.direction === "in" || values.direction === "out" ? values.direction : typedAsOut(firstAmount) ? "out" : (existing?.direction ?? (prefill("amount") && !typedAsOut(firstAmount) ? "in" : "out")),
  );
  const kindOf = (categoryId: string) => loaderData.categories.find((c) => c.id === categoryId)?.kind;
  const category = useRef<HTMLSelectElement>(null);
  const saved = mode === "add" ? savedEntry(searchParams.get("saved"), loaderData) : null;
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
  // The add form stays open for the next entry (issue 35): focus goes back to its first field.
  const afterSave = mode === "add" ? "#add-date" : [opener, "#transactions-caption", "#transactions-empty"];
  const focusWhenSaved = useFocusAfterSave(afterSave, result, () => {
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
      onFocus={onFocus}
      data-edit-of={tx?.id}
      onKeyDown={mode === "update" ? onKeyDown : undefined}
      className={ui.stack}
      preventScrollReset
      aria-label={mode === "add" ? t("transactionsPage.page.addTitle") : t("transactionsPage.page.editTitle", { description: tx!.description })}
    >
      <FormKey nonce={loaderData.nonce} form={mode === "add" ? "tx-add" : `tx-update.${tx!.id}`} />
      <input type="hidden" name="intent" value={mode} />
      <input type="hidden" name="returnTo" value={mode === "add" ? listUrlKeepingEdit : listUrl} />
      {tx ? <input type="hidden" name="transactionId" value={tx.id} /> : null}
      {transferLeg ? <input type="hidden" name="transferLeg" value="1" /> : null}
      {/* The copy this edit starts from: a change made meanwhile elsewhere is not silently undone (409). */}
      {tx ? <input type="hidden" name="updatedAt" value={tx.updatedAt} /> : null}
      <FormAlert message={formErrorOf(result, t)} />
      {mode === "add" ? (
        <p role="status" className={l.small} style={{ margin: 0 }} data-testid="add-saved">
          {saved ? t("ledger.moneyInOut.saved", { description: saved.description, amount: formatMoney(saved.amountMinor, currency, { signDisplay: "exceptZero" }) }) : ""}
        </p>
      ) : null}
      {question ? <KindQuestionPrompt question={question} busy={busy} onOther={setDirection} t={t} /> : null}
      {result?.errors.accountId ? <p className={ui.alert.error}>{result.errors.accountId}</p> : null}
      {tx?.transferId ? <TransferLegNote id={`${prefix}-transfer-note`} tx={tx} loaderData={loaderData} /> : null}
      {tx?.reconciled ? (
        <p id={`${prefix}-reconciled-note`} className={ui.alert.warning} data-testid="reconciled-note">
          {t("importFlow.followUp.reconciled.warning", { date: formatDay(tx.date, i18n.language) })}
        </p>
      ) : null}
      <div className={l.formGrid}>
        <Field
          autoFocus={mode === "update" || Boolean(saved)}
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
          hint={isIsoDay(day) && day < openingDate ? t("transactionsPage.page.beforeOpening", { date: formatDay(openingDate, i18n.language) }) : undefined}
        />
        <Field
          id={`${prefix}-description`}
          label={t("ledger.fields.description")}
          name="description"
          required
          maxLength={TEXT_LIMITS.description}
          defaultValue={v("description", tx?.description)}
          error={errors.description}
          autoComplete="off"
        />
        <AmountField
          prefix={prefix}
          label={`${t("ledger.fields.amount")} (${currency})`}
          direction={direction}
          onDirection={setDirection}
          defaultValue={firstAmount}
          error={errors.amount}
          directionError={errors.direction}
          note={tx?.transferId ? `${prefix}-transfer-note` : undefined}
          // A leg's way is its transfer's: turning it was always refused by the API (session 35's tester).
          fixedDirection={transferLeg}
          hint={transferLeg ? t("transactionsPage.transferLeg.amountHint") : undefined}
          t={t}
        />
        <SelectField
          id={`${prefix}-categoryId`}
          label={t("ledger.fields.category")}
          name="categoryId"
          ref={category}
          defaultValue={v("categoryId", tx?.categoryId)}
          // The category's kind says which way the money goes (an edit of a transfer's leg keeps its own).
          onChange={(event) => {
            const kind = kindOf(event.currentTarget.value);
            if (kind && !tx?.transferId) setDirection(kind === "income" ? "in" : "out");
          }}
          error={errors.categoryId}
          options={[{ value: "", label: t("ledger.pages.common.uncategorised") }, ...loaderData.categories.map((c) => ({ value: c.id, label: c.name }))]}
        />
        <PayeeField
          id={`${prefix}-payee`}
          label={`${t("ledger.fields.payee")} (${t("ledger.pages.common.optional")})`}
          defaultValue={v("payee", tx?.payee)}
          error={errors.payee}
          t={t}
          // A payee chosen from the suggestions brings its last category, if none is chosen yet.
          onPayeeCategory={(categoryId) => {
            const select = category.current;
            if (!select || select.value || !loaderData.categories.some((c) => c.id === categoryId)) return;
            select.value = categoryId;
            const kind = kindOf(categoryId);
            if (kind && !tx?.transferId) setDirection(kind === "income" ? "in" : "out");
          }}
        />
        <StatusAndNotesFields prefix={prefix} status={v("status", tx?.status, "posted")} notes={v("notes", tx?.notes)} errors={errors} t={t} />
      </div>
      <div className={l.actions}>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {busy ? t("ledger.pages.common.saving") : mode === "add" ? t("transactionsPage.page.add") : t("ledger.pages.common.save")}
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
function TransferLegNote({ id, tx, loaderData }: { id: string; tx: PageTransaction; loaderData: PageData }) {
  const { t } = useTranslation();
  const other = loaderData.accounts.find((account) => account.id === tx.transferAccountId);
  const account = other?.name ?? t("transactionsPage.page.anotherAccount");
  const sameCurrency = !other || other.currency === loaderData.account.currency;
  return (
    <p id={id} className={ui.alert.info} data-testid="transfer-leg-note">
      {sameCurrency ? t("transactionsPage.transferLeg.sameCurrency", { account }) : t("transactionsPage.transferLeg.otherCurrency", { account, currency: other.currency })}
    </p>
  );
}

/** The ids of the rows the list shows now. */
function listedIds(): string[] {
  return [...document.querySelectorAll<HTMLElement>('[data-testid="transaction-row"][data-id]')].map((row) => row.dataset.id!);
}

/** The movement the add form saved last (`?saved=<id>`, the action's answer), when the list shows it. */
function savedEntry(id: string | null, loaderData: PageData): PageTransaction | null {
  return (id && loaderData.list?.transactions.find((row) => row.id === id)) || null;
}
