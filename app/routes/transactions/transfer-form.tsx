/** The transfer form, from this page's account to another: intent `transfer`, answered by transfer-form.server.ts. */
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { FormKey } from "../../forms/idempotency-key";
import { SelectField } from "../../forms/fields";
import { useFailureToast } from "../../forms/use-form-answer";
import { type FormAnswer, formErrorOf } from "../../forms/form-answer";
import { amountChecks } from "../../forms/amount-checks";
import { useFocusAfterSave } from "../../forms/focus-after-save";
import { useClientValidation } from "../../forms/forms";
import { Field, FormAlert } from "../../ui/ui";
import { useHydrated } from "../../browser/use-hydrated";
import { TEXT_LIMITS } from "../../../core/input-limits";
import { useListUrls } from "./list-urls";
import type { Fetcher, PageData } from "./page-data";
import { StatusAndNotesFields } from "./status-and-notes-fields";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

type TransferFormProps = { fetcher: Fetcher; result: FormAnswer | undefined; loaderData: PageData; others: Array<{ id: string; name: string; currency: string }> };

export function TransferForm({ fetcher, result, loaderData, others }: TransferFormProps) {
  const { t } = useTranslation();
  const listUrl = useListUrls().keepingEdit;
  const { account } = loaderData;
  const currencies = amountChecks((typed) => ({ amount: account.currency, toAmount: others.find((other) => other.id === typed.toAccountId)?.currency }));
  const { errors, onSubmit, onFocus } = useClientValidation(loadTransferSchema, t, result?.errors, currencies);
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
    <fetcher.Form
      method="post"
      noValidate
      onSubmit={focusWhenSaved(onSubmit)}
      onFocus={onFocus}
      className={ui.stack}
      preventScrollReset
      aria-label={t("transactionsPage.page.transferTitle")}
    >
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
        <Field
          id="transfer-amount"
          label={`${t("ledger.fields.amount")} (${account.currency})`}
          name="amount"
          inputMode="decimal"
          required
          defaultValue={values.amount ?? ""}
          error={errors.amount}
          hint={t("transactionsPage.page.transferAmountHint", { name: account.name, currency: account.currency })}
          autoComplete="off"
        />
        <Field
          id="transfer-toAmount"
          label={`${t("ledger.fields.toAmount")} (${receiving?.currency ?? t("ledger.pages.common.optional")})`}
          name="toAmount"
          inputMode="decimal"
          required={receiving !== null}
          disabled={hydrated && receiving === null}
          defaultValue={values.toAmount ?? ""}
          error={errors.toAmount}
          hint={
            receiving
              ? t("transactionsPage.page.toAmountNeededHint", { name: receiving.name, currency: receiving.currency })
              : t("transactionsPage.page.toAmountHint")
          }
          autoComplete="off"
        />
        <Field id="transfer-date" label={t("ledger.fields.date")} name="date" type="date" required defaultValue={values.date ?? loaderData.today} error={errors.date} />
        <Field
          id="transfer-description"
          label={`${t("ledger.fields.description")} (${t("ledger.pages.common.optional")})`}
          name="description"
          maxLength={TEXT_LIMITS.description}
          defaultValue={values.description ?? ""}
          error={errors.description}
          placeholder={`${account.name} → …`}
        />
        <StatusAndNotesFields prefix="transfer" status={values.status ?? "posted"} notes={values.notes ?? ""} errors={errors} t={t} />
      </div>
      <div className={l.actions}>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {busy ? t("ledger.pages.common.saving") : t("transactionsPage.page.transferSubmit")}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** The transfer's schema, loaded (with zod) when the form is first focused or sent, not with the list (ADR 074). */
function loadTransferSchema() {
  return import("../../../core/schemas/ledger").then((schemas) => schemas.transferSchema);
}
