/** A schedule's form (ADR 058): new, or one schedule's edit; also a "Found for you" suggestion's accept (its values prefilled). */
import type { FetcherWithComponents } from "react-router";
import type { Account, Category } from "../../../core/api-types/ledger";
import type { Schedule } from "../../../core/api-types/schedules";
import { TEXT_LIMITS } from "../../../core/input-limits";
import { toEditableDecimalString } from "../../../core/money";
import { RULE_KINDS, SCHEDULE_MODES } from "../../../core/schedule-rules";
import { SelectField } from "../../forms/fields";
import { formErrorOf, type FormAnswer } from "../../forms/form-answer";
import { FormKey } from "../../forms/idempotency-key";
import { useTranslation } from "../../i18n/use-translation";
import { Field, FormAlert } from "../../ui/ui";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

export type ScheduleFormAccount = Pick<Account, "id" | "name" | "currency">;

/** What a new schedule's form starts with (a suggestion's values, or blanks). */
export type ScheduleDefaults = Partial<Pick<Schedule, "accountId" | "toAccountId" | "description" | "payee" | "categoryId" | "kind" | "interval" | "day" | "start" | "end" | "count" | "estimate" | "mode">> & { amountMinor?: number; toAmountMinor?: number | null };

export function ScheduleForm({ fetcher, answer, nonce, form, accounts, categories, today, schedule, defaults, idPrefix }: {
  fetcher: FetcherWithComponents<FormAnswer>;
  answer: FormAnswer | undefined;
  nonce: string;
  form: string;
  accounts: ScheduleFormAccount[];
  categories: Category[];
  today: string;
  schedule?: Schedule;
  defaults?: ScheduleDefaults;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const refused = answer && !answer.ok ? answer : undefined;
  const errors = refused?.errors ?? {};
  const echo = refused?.values;
  const start: ScheduleDefaults = schedule ?? defaults ?? {};
  const amountMinor = schedule?.amountMinor ?? defaults?.amountMinor;
  const account = accounts.find((a) => a.id === (start.accountId ?? accounts[0]?.id));
  const value = (name: string, fallback: string) => echo?.[name] ?? fallback;
  const id = (name: string) => `${idPrefix}-${name}`;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/schedules" className={ui.stack} data-testid={`${idPrefix}-form`} noValidate>
      <input type="hidden" name="intent" value={schedule ? "update" : "create"} />
      {schedule ? <input type="hidden" name="scheduleId" value={schedule.id} /> : null}
      <input type="hidden" name="returnTo" value="/schedules" />
      <FormKey nonce={nonce} form={form} />
      <FormAlert message={formErrorOf(refused, t)} />
      <div className={l.formGrid}>
        <Field id={id("description")} label={t("ledger.fields.description")} name="description" required maxLength={TEXT_LIMITS.description} defaultValue={value("description", start.description ?? "")} error={errors.description} />
        <SelectField id={id("accountId")} label={t("schedulesPage.fields.account")} name="accountId" defaultValue={value("accountId", start.accountId ?? "")} error={errors.accountId} options={accounts.map((a) => ({ value: a.id, label: `${a.name} (${a.currency})` }))} />
        <SelectField id={id("direction")} label={t("schedulesPage.fields.direction")} name="direction" defaultValue={value("direction", amountMinor !== undefined && amountMinor > 0 && !start.toAccountId ? "in" : "out")} error={errors.direction} options={[{ value: "out", label: t("schedulesPage.directions.out") }, { value: "in", label: t("schedulesPage.directions.in") }]} hint={t("schedulesPage.fields.directionHint")} />
        <Field id={id("amount")} label={t("ledger.fields.amount")} name="amount" inputMode="decimal" required defaultValue={value("amount", amountMinor !== undefined && account ? toEditableDecimalString(Math.abs(amountMinor), schedule?.currency ?? account.currency) : "")} error={errors.amount} />
        <SelectField id={id("toAccountId")} label={t("schedulesPage.fields.toAccount")} name="toAccountId" defaultValue={value("toAccountId", start.toAccountId ?? "")} error={errors.toAccountId} options={[{ value: "", label: t("schedulesPage.fields.noTransfer") }, ...accounts.map((a) => ({ value: a.id, label: `${a.name} (${a.currency})` }))]} />
        <Field id={id("toAmount")} label={t("schedulesPage.fields.toAmount")} name="toAmount" inputMode="decimal" defaultValue={value("toAmount", schedule?.toAmount ?? "")} error={errors.toAmount} hint={t("schedulesPage.fields.toAmountHint")} />
        <SelectField id={id("categoryId")} label={t("ledger.fields.category")} name="categoryId" defaultValue={value("categoryId", start.categoryId ?? "")} error={errors.categoryId} options={[{ value: "", label: t("schedulesPage.fields.noCategory") }, ...categories.map((c) => ({ value: c.id, label: c.name }))]} />
        <Field id={id("payee")} label={t("schedulesPage.fields.payee")} name="payee" maxLength={TEXT_LIMITS.payee} defaultValue={value("payee", start.payee ?? "")} error={errors.payee} />
        <SelectField id={id("kind")} label={t("schedulesPage.fields.kind")} name="kind" defaultValue={value("kind", start.kind ?? "monthlyDay")} error={errors.kind} options={RULE_KINDS.map((kind) => ({ value: kind, label: t(`schedulesPage.kinds.${kind}`) }))} />
        <Field id={id("interval")} label={t("schedulesPage.fields.interval")} name="interval" type="number" min={1} max={366} defaultValue={value("interval", String(start.interval ?? 1))} error={errors.interval} hint={t("schedulesPage.fields.intervalHint")} />
        <Field id={id("day")} label={t("schedulesPage.fields.day")} name="day" type="number" min={1} max={31} defaultValue={value("day", start.day ? String(start.day) : start.kind && start.kind !== "monthlyDay" ? "" : today.slice(8, 10).replace(/^0/, ""))} error={errors.day} hint={t("schedulesPage.fields.dayHint")} />
        <Field id={id("start")} label={t("schedulesPage.fields.start")} name="start" type="date" required defaultValue={value("start", start.start ?? today)} error={errors.start} hint={schedule ? undefined : t("schedulesPage.fields.startHint")} />
        <Field id={id("end")} label={t("schedulesPage.fields.end")} name="end" type="date" defaultValue={value("end", start.end ?? "")} error={errors.end} hint={t("schedulesPage.fields.endHint")} />
        <Field id={id("count")} label={t("schedulesPage.fields.count")} name="count" type="number" min={1} max={1000} defaultValue={value("count", start.count ? String(start.count) : "")} error={errors.count} />
        <SelectField id={id("mode")} label={t("schedulesPage.fields.mode")} name="mode" defaultValue={value("mode", start.mode ?? "confirm")} error={errors.mode} options={SCHEDULE_MODES.map((mode) => ({ value: mode, label: t(`schedulesPage.modes.${mode}`) }))} />
        <div className={ui.field}>
          <label className={l.small} style={{ display: "flex", gap: 8, alignItems: "center", color: "inherit" }}>
            <input type="checkbox" name="estimate" value="true" defaultChecked={echo ? echo.estimate === "true" : Boolean(start.estimate)} />
            {t("schedulesPage.fields.estimate")}
          </label>
        </div>
      </div>
      <div className={l.actions}>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {schedule ? t("schedulesPage.form.save") : t("schedulesPage.form.create")}
        </button>
        {schedule ? (
          <a href="/schedules" className={ui.button.ghost}>
            {t("schedules.form.cancel")}
          </a>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
