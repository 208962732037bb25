/** An account's form: a new account, or one account's edit (its currency locked once it has transactions). */
import { Link, type FetcherWithComponents } from "react-router";
import type { ZodType } from "zod";
import { useTranslation } from "../../i18n/use-translation";
import { FormKey } from "../../forms/idempotency-key";
import { SelectField } from "../../forms/fields";
import { useFailureToast } from "../../forms/use-form-answer";
import { type FormAnswer, formErrorOf } from "../../forms/form-answer";
import { Field, FormAlert } from "../../ui/ui";
import { amountChecks } from "../../forms/amount-checks";
import { useClientValidation } from "../../forms/forms";
import type { Account } from "../../../core/api-types/ledger";
import { toEditableDecimalString } from "../../../core/money";
import { ACCOUNT_TYPES } from "../../../core/ledger-values";
import { TEXT_LIMITS } from "../../../core/input-limits";
import { useFocusAfterSave } from "../../forms/focus-after-save";
import { useEscapeCloses } from "../../ui/use-escape-closes";
import { useHydrated } from "../../browser/use-hydrated";
import { formatDay } from "../../../core/dates";
import { owedQuestionOf } from "./opening-owed";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

// The form's schemas, for the action and the check in the browser: imported when needed, so that
// zod comes to the browser when the form is first focused or sent, not with the page (ADR 078).
export const loadCreateForm = (): Promise<ZodType> => import("./account-form-schemas").then((m) => m.createForm);
export const loadUpdateForm = (): Promise<ZodType> => import("./account-form-schemas").then((m) => m.updateForm);
/** The opening balance in the currency chosen (a locked currency is not sent: the account's). */
export const openingBalanceChecks = (currency?: string) => amountChecks((values) => ({ openingBalance: values.currency || currency }));

/** A currency in the picker: its code, and its name in the page's language. */
/** `held`: not offered for a new account (retired, ADR 007), listed because an account holds it. */
export type CurrencyOption = { code: string; label: string; held?: true };

/** The picker's choices: the offered currencies, and an account's own when it is one no longer offered, so its form keeps it. */
function currencyChoices(currencies: CurrencyOption[], own: string | undefined) {
  return currencies.filter((option) => !option.held || option.code === own).map(({ code, label }) => ({ value: code, label }));
}

export type AccountFetcher = FetcherWithComponents<FormAnswer>;

/**
 * The opening date, and what it means (ADR 052): a new account has no movements, so today is
 * its default; an account whose earliest movement is older than its opening date is offered that
 * day (a button, with JavaScript; the hint names the day without it). Movements before the opening
 * date still count in the balance, and the hint says so.
 */
function OpeningDateField({ id, defaultValue, error, account }: { id: string; defaultValue: string; error?: string; account?: Account }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const earliest = account?.firstMovementDate ?? null;
  const earlier = earliest !== null && earliest < (account?.openingDate ?? "") ? earliest : null;
  const day = earlier ? formatDay(earlier, i18n.language) : "";
  return (
    <div className={ui.stack} style={{ gap: 4 }}>
      <Field id={id} label={t("ledger.fields.openingDate")} name="openingDate" type="date" defaultValue={defaultValue} error={error} hint={earlier ? t("ledger.openingDate.earlier", { date: day }) : t("ledger.openingDate.hint")} />
      {earlier && hydrated ? (
        <button
          type="button"
          className={ui.button.ghost}
          data-testid="use-earliest-date"
          onClick={(event) => {
            const input = event.currentTarget.form?.elements.namedItem("openingDate");
            if (input instanceof HTMLInputElement) input.value = earlier;
          }}
        >
          {t("ledger.openingDate.use", { date: day })}
        </button>
      ) : null}
    </div>
  );
}

/** The ids of the accounts the page shows (their Edit controls). */
const listedAccountIds = () => [...document.querySelectorAll<HTMLElement>("[data-edit-of]")].map((element) => element.dataset.editOf);

/** For a create: once the new account is drawn, focus goes to its Edit control. */
function focusOnNewAccount() {
  const before = new Set(listedAccountIds());
  return () => {
    const added = listedAccountIds().find((id) => !before.has(id));
    if (added) document.querySelector<HTMLElement>(`[data-edit-of="${added}"]`)?.focus();
  };
}

export function AccountForm({ mode, account, fetcher, result, nonce, today, currencies }: { mode: "create" | "update"; account?: Account; fetcher: AccountFetcher; result: FormAnswer | undefined; nonce: string; today: string; currencies: CurrencyOption[] }) {
  const { t } = useTranslation();
  const { errors, onSubmit, onFocus } = useClientValidation(mode === "create" ? loadCreateForm : loadUpdateForm, t, result?.errors, openingBalanceChecks(account?.currency));
  const owedQuestion = owedQuestionOf(result);
  // A question is not a failure: no "some fields need attention" toast over it.
  useFailureToast(owedQuestion ? undefined : result, t);
  const values = result?.values ?? {};
  const prefix = mode === "create" ? "new" : `edit-${account!.id}`;
  const busy = fetcher.state !== "idle";
  const locked = mode === "update" && (account?.transactionCount ?? 0) > 0;
  const v = (name: string, fallback: string) => values[name] ?? fallback;
  const opener = `[data-edit-of="${account?.id}"]`;
  // Closing forgets the form's last answer too: a refusal kept it open (`isEditing`), also after Cancel.
  const onKeyDown = useEscapeCloses("/accounts", opener, { busy, onClose: () => fetcher.reset() });
  // Saved: back to the account's Edit control; a new account's own Edit control (its card is
  // somewhere in its group), else the summary that opens this form again.
  const focusWhenSaved = useFocusAfterSave(mode === "update" ? opener : '[data-testid="new-account"] > summary', result, mode === "create" ? focusOnNewAccount : undefined);
  return (
    <fetcher.Form
      method="post"
      action="/accounts"
      noValidate
      onSubmit={focusWhenSaved(onSubmit)}
      onFocus={onFocus}
      onKeyDown={mode === "update" ? onKeyDown : undefined} className={ui.stack} preventScrollReset aria-label={mode === "create" ? t("accountsPage.new") : t("accountsPage.editTitle", { name: account!.name })}>
      <FormKey nonce={nonce} form={mode === "create" ? "account-create" : `account-update.${account!.id}`} />
      <input type="hidden" name="intent" value={mode} />
      {account ? <input type="hidden" name="accountId" value={account.id} /> : null}
      {account ? <input type="hidden" name="updatedAt" value={account.updatedAt} /> : null}
      <FormAlert message={formErrorOf(result, t)} />
      <div className={l.formGrid}>
        <Field id={`${prefix}-name`} label={t("ledger.fields.name")} name="name" required maxLength={TEXT_LIMITS.accountName} defaultValue={v("name", account?.name ?? "")} error={errors.name} autoComplete="off" />
        <SelectField
          id={`${prefix}-type`}
          label={t("ledger.fields.type")}
          name="type"
          defaultValue={v("type", account?.type ?? "savings")}
          error={errors.type}
          options={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`ledger.accountTypes.${type}`) }))}
        />
        <SelectField
          id={`${prefix}-currency`}
          label={t("ledger.fields.currency")}
          name="currency"
          defaultValue={v("currency", account?.currency ?? "PEN")}
          error={errors.currency}
          disabled={locked}
          hint={locked ? t("accountsPage.currencyLockedHint") : undefined}
          options={currencyChoices(currencies, account?.currency)}
        />
        <Field id={`${prefix}-institution`} label={`${t("ledger.fields.institution")} (${t("ledger.pages.common.optional")})`} name="institution" maxLength={TEXT_LIMITS.institution} defaultValue={v("institution", account?.institution ?? "")} error={errors.institution} />
        <Field id={`${prefix}-number`} label={`${t("ledger.fields.number")} (${t("ledger.pages.common.optional")})`} name="number" inputMode="numeric" defaultValue={v("number", account?.number ?? "")} error={errors.number} hint={t("accountsPage.numberHint")} autoComplete="off" />
        <Field id={`${prefix}-cci`} label={`${t("ledger.fields.cci")} (${t("ledger.pages.common.optional")})`} name="cci" inputMode="numeric" defaultValue={v("cci", account?.cci ?? "")} error={errors.cci} autoComplete="off" />
        {/* Without a fraction of zeros (1500.00 is 1500): a currency without decimals then takes a balance the user left alone. */}
        <Field id={`${prefix}-openingBalance`} label={t("ledger.fields.openingBalance")} name="openingBalance" inputMode="decimal" defaultValue={v("openingBalance", account ? toEditableDecimalString(account.openingBalanceMinor, account.currency) : "0")} error={errors.openingBalance} hint={t("accountsPage.openingHint")} />
        <OpeningDateField id={`${prefix}-openingDate`} defaultValue={v("openingDate", account?.openingDate ?? today)} error={errors.openingDate} account={account} />
      </div>
      <div className={l.actions}>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {busy ? t("ledger.pages.common.saving") : mode === "create" ? t("accountsPage.create") : t("ledger.pages.common.save")}
        </button>
        {mode === "update" ? (
          <Link to="/accounts" preventScrollReset className={ui.button.ghost} onClick={() => fetcher.reset()}>
            {t("ledger.pages.common.cancel")}
          </Link>
        ) : null}
      </div>
      {/* After the form's own button: Enter in a field sends that one, so it never answers the question unseen. */}
      {owedQuestion ? (
        <div role="alert" className={ui.alert.warning} data-testid="owed-question">
          <p style={{ marginTop: 0 }}>{owedQuestion.question}</p>
          <input type="hidden" name="openingAsked" value={owedQuestion.asked} />
          <div className={ui.row}>
            <button type="submit" name="openingAnswer" value="owed" className={ui.button.primary} disabled={busy}>
              {t("accountsPage.owedYes", { owed: owedQuestion.owed })}
            </button>
            <button type="submit" name="openingAnswer" value="favour" className={ui.button.secondary} disabled={busy}>
              {t("accountsPage.owedNo", { amount: owedQuestion.favour })}
            </button>
          </div>
        </div>
      ) : null}
    </fetcher.Form>
  );
}
