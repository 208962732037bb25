/**
 * Quick add's form: account, direction and amount, description, category, date (today). Posts to
 * the quick-add route's action, from a dialog (quick-add-button.tsx) or, without JavaScript, from
 * the quick-add page; the answer leads back where it was opened, with a toast.
 */
import { useMemo, useState } from "react";
import type { useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { AmountField } from "../amount-field";
import { SelectField } from "../fields";
import { type FormAnswer, formErrorOf } from "../form-answer";
import { FormKey } from "../idempotency-key";
import { KindQuestionPrompt, kindQuestionOf } from "../kind-question";
import { useClientValidation } from "../forms";
import { useFailureToast } from "../use-form-answer";
import { Field, FormAlert } from "../../ui/ui";
import { TEXT_LIMITS } from "../../../core/input-limits";
import { type Direction, transactionEntrySchema } from "../../../core/schemas/ledger";
import * as ui from "../../styles/ui.css";

/** What quick add's form needs (the quick-add route's loader gives it). */
export type QuickAddData = {
  accounts: Array<{ id: string; name: string; currency: string }>;
  categories: Array<{ id: string; name: string; kind: "expense" | "income" }>;
  today: string;
  back: string;
};

type QuickAddFormProps = { data: QuickAddData; fetcher: ReturnType<typeof useFetcher>; result: FormAnswer | undefined; nonce: string; autoFocus?: boolean };

export function QuickAddForm({ data, fetcher, result, nonce, autoFocus = false }: QuickAddFormProps) {
  const { t } = useTranslation();
  const values = result?.values ?? {};
  const [accountId, setAccountId] = useState(values.accountId ?? data.accounts[0]?.id ?? "");
  const currency = data.accounts.find((a) => a.id === accountId)?.currency ?? "PEN";
  const [direction, setDirection] = useState<Direction>(values.direction === "in" ? "in" : "out");
  // The account is checked by the action (it names an unknown one); the rest as the add form's.
  const schema = useMemo(() => transactionEntrySchema(currency), [currency]);
  const { errors, onSubmit } = useClientValidation(schema, t, result?.errors, undefined);
  const question = kindQuestionOf(result);
  useFailureToast(question ? undefined : result, t);
  const busy = fetcher.state !== "idle";
  if (!data.accounts.length) return <p style={{ margin: 0 }}>{t("ledger.moneyInOut.quickAdd.noAccounts")}</p>;
  return (
    <fetcher.Form method="post" action="/quick-add" noValidate onSubmit={onSubmit} className={ui.stack} aria-label={t("ledger.moneyInOut.quickAdd.title")} data-testid="quick-add-form">
      <FormKey nonce={nonce} form="quick-add" />
      <input type="hidden" name="back" value={data.back} />
      <FormAlert message={formErrorOf(result, t)} />
      {question ? <KindQuestionPrompt question={question} busy={busy} onOther={setDirection} t={t} /> : null}
      <SelectField
        id="quick-accountId"
        label={t("ledger.moneyInOut.quickAdd.account")}
        name="accountId"
        value={accountId}
        onChange={(event) => setAccountId(event.currentTarget.value)}
        error={errors.accountId}
        autoFocus={autoFocus}
        options={data.accounts.map((a) => ({ value: a.id, label: `${a.name} (${a.currency})` }))}
      />
      <AmountField
        prefix="quick"
        label={`${t("ledger.fields.amount")} (${currency})`}
        direction={direction}
        onDirection={setDirection}
        defaultValue={values.amount ?? ""}
        error={errors.amount}
        directionError={errors.direction}
        t={t}
      />
      <Field id="quick-description" label={t("ledger.fields.description")} name="description" required maxLength={TEXT_LIMITS.description} defaultValue={values.description ?? ""} error={errors.description} autoComplete="off" />
      <SelectField
        id="quick-categoryId"
        label={t("ledger.fields.category")}
        name="categoryId"
        defaultValue={values.categoryId ?? ""}
        error={errors.categoryId}
        onChange={(event) => {
          const kind = data.categories.find((c) => c.id === event.currentTarget.value)?.kind;
          if (kind) setDirection(kind === "income" ? "in" : "out");
        }}
        options={[{ value: "", label: t("ledger.pages.common.uncategorised") }, ...data.categories.map((c) => ({ value: c.id, label: c.name }))]}
      />
      <Field id="quick-date" label={t("ledger.fields.date")} name="date" type="date" required defaultValue={values.date ?? data.today} error={errors.date} />
      <div>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {busy ? t("ledger.pages.common.saving") : t("ledger.moneyInOut.quickAdd.save")}
        </button>
      </div>
    </fetcher.Form>
  );
}
