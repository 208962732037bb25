/**
 * The budgets page's forms: a budget's name and period (new, or edit), its amounts per category,
 * and its delete. Each posts to the page's action (works without JavaScript) and, with it,
 * through a fetcher; the same schemas check them in the browser and in the action.
 */
import { Link, useLocation, type FetcherWithComponents } from "react-router";
import { useHydrated } from "../../browser/use-hydrated";
import type { ZodType } from "zod";
import type { Budget } from "../../../core/api-types/budgets";
import { PERIOD_KINDS, ROLLOVERS } from "../../../core/budget-periods";
import { TEXT_LIMITS } from "../../../core/input-limits";
import { toEditableDecimalString } from "../../../core/money";
import { SelectField } from "../../forms/fields";
import { formErrorOf, type FormAnswer } from "../../forms/form-answer";
import { useClientValidation } from "../../forms/forms";
import { FormKey } from "../../forms/idempotency-key";
import { useFailureToast } from "../../forms/use-form-answer";
import { useTranslation } from "../../i18n/use-translation";
import { Field, FormAlert } from "../../ui/ui";
import { budgetPage } from "./budget-address";
import { OTHER_LINE } from "./other-line";
import { CloseQuestionButton } from "../../ui/close-question-button";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

type Fetcher = FetcherWithComponents<FormAnswer>;

// The schemas come with zod when a form is first focused or sent, not with the page (ADR 078).
const loadCreateForm = (): Promise<ZodType> => import("./budget-form-schemas").then((m) => m.createForm);
const loadUpdateForm = (): Promise<ZodType> => import("./budget-form-schemas").then((m) => m.updateForm);
const loadLinesForm = () => import("./budget-form-schemas").then((m) => m.linesForm);
export type CategoryChoice = { id: string; name: string; color: string };
export type CurrencyChoice = { code: string; label: string };

export function BudgetForm({ budget, budgets, fetcher, result, nonce, currencies }: { budget?: Budget; budgets: Budget[]; fetcher: Fetcher; result: FormAnswer | undefined; nonce: string; currencies: CurrencyChoice[] }) {
  const { t } = useTranslation();
  const mode = budget ? "update" : "create";
  const { errors, onSubmit, onFocus } = useClientValidation(mode === "create" ? loadCreateForm : loadUpdateForm, t, result?.errors);
  useFailureToast(result, t);
  const values = result?.values ?? {};
  const v = (name: string, fallback: string) => values[name] ?? fallback;
  const prefix = budget ? `edit-${budget.id}` : "new";
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={budget ? budgetPage(budget.id) : "/budgets"} noValidate onSubmit={onSubmit} onFocus={onFocus} className={ui.stack} preventScrollReset aria-label={budget ? t("budgetsPage.edit") : t("budgetsPage.new")} data-testid={`budget-form-${mode}`}>
      {/* A budget's own forms post to its page: without JavaScript a refusal is shown on that budget. */}
      <FormKey nonce={nonce} form={budget ? `budget-update.${budget.id}` : "budget-create"} />
      <input type="hidden" name="intent" value={mode} />
      {budget ? <input type="hidden" name="budgetId" value={budget.id} /> : null}
      <FormAlert message={formErrorOf(result, t)} />
      <div className={l.formGrid}>
        <Field id={`${prefix}-name`} label={t("budgetsPage.fields.name")} name="name" required maxLength={TEXT_LIMITS.budgetName} defaultValue={v("name", budget?.name ?? "")} error={errors.name} autoComplete="off" />
        {budget ? null : (
          <SelectField id={`${prefix}-currency`} label={t("budgetsPage.fields.currency")} name="currency" defaultValue={v("currency", "PEN")} error={errors.currency} options={currencies.map((c) => ({ value: c.code, label: c.label }))} />
        )}
        <SelectField
          id={`${prefix}-period`}
          label={t("budgetsPage.fields.period")}
          name="period"
          defaultValue={v("period", budget?.period ?? "monthly")}
          error={errors.period}
          options={PERIOD_KINDS.map((kind) => ({ value: kind, label: t(`budgetsPage.periods.${kind}`) }))}
        />
        <div className={l.payCycleOnly} data-testid="cycle-day-field">
          <Field
            id={`${prefix}-cycleDay`}
            label={t("budgetsPage.fields.cycleDay")}
            name="cycleDay"
            inputMode="numeric"
            defaultValue={v("cycleDay", String(budget?.cycleDay ?? 1))}
            error={errors.cycleDay}
            hint={t("budgetsPage.fields.cycleDayHint")}
          />
        </div>
        <Field id={`${prefix}-startsOn`} label={t("budgetsPage.fields.startsOn")} name="startsOn" type="date" defaultValue={v("startsOn", budget?.startsOn ?? "")} error={errors.startsOn} hint={t(budget ? "budgetsPage.fields.startsOnHint" : "budgetsPage.fields.startsOnHintNew")} />
        {budget || budgets.length === 0 ? null : (
          <SelectField
            id={`${prefix}-copyFrom`}
            label={t("budgetsPage.fields.copyFrom")}
            name="copyFrom"
            defaultValue={v("copyFrom", "")}
            error={errors.copyFrom}
            hint={t("budgetsPage.fields.copyFromHint")}
            options={[{ value: "", label: t("budgetsPage.fields.copyNone") }, ...budgets.map((b) => ({ value: b.id, label: `${b.name} (${b.currency})` }))]}
          />
        )}
      </div>
      <div className={l.actions}>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {busy ? t("ledger.pages.common.saving") : budget ? t("budgetsPage.save") : t("budgetsPage.create")}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** One row per expense category and one for everything else: an amount (empty: no line) and its rollover. */
export function LinesForm({ budget, categories, fetcher, result, nonce }: { budget: Budget; categories: CategoryChoice[]; fetcher: Fetcher; result: FormAnswer | undefined; nonce: string }) {
  const { t } = useTranslation();
  const { errors, onSubmit, onFocus } = useClientValidation(loadLinesForm, t, result?.errors);
  useFailureToast(result, t);
  const values = result?.values ?? {};
  const busy = fetcher.state !== "idle";
  const rows = [...categories.map((c) => ({ key: c.id, name: c.name })), { key: OTHER_LINE, name: t("budgetsPage.everythingElse") }];
  const lineOf = new Map(budget.lines.map((line) => [line.categoryId ?? OTHER_LINE, line]));
  const hydrated = useHydrated();
  const refusedErrors = !hydrated && result && !result.ok ? result.errors : {};
  // Each refused line and its field: the amount (where a category's message shows too), else its rollover.
  const refused = rows.flatMap((row, index) =>
    refusedErrors[`lines.${index}.amount`] || refusedErrors[`lines.${index}.categoryId`]
      ? [{ index, id: `line-${index}-amount`, label: t("budgetsPage.fields.amount", { category: row.name }) }]
      : refusedErrors[`lines.${index}.rollover`]
        ? [{ index, id: `line-${index}-rollover`, label: t("budgetsPage.fields.rollover", { category: row.name }) }]
        : [],
  );
  return (
    <fetcher.Form method="post" action={budgetPage(budget.id)} noValidate onSubmit={onSubmit} onFocus={onFocus} className={ui.stack} preventScrollReset aria-label={t("budgetsPage.editLines")} data-testid="lines-form">
      <FormKey nonce={nonce} form={`budget-lines.${budget.id}`} />
      <input type="hidden" name="intent" value="lines" />
      {/* How the amounts are read (decimals, "S/"): the budget's currency, which the API checks again. */}
      <input type="hidden" name="currency" value={budget.currency} />
      <input type="hidden" name="budgetId" value={budget.id} />
      <FormAlert message={formErrorOf(result, t)} />
      {refused.length ? (
        // Without JavaScript nothing moves the keyboard: the answer opened at the page's top, 1,800 px
        // above its messages (session 34's tester). The first refused amount takes the focus (so
        // the browser shows it), and the form's first lines name them all, as links.
        <div role="alert" className={ui.alert.error} data-testid="lines-refused">
          <p style={{ margin: 0 }}>{t("budgetsPage.linesRefused", { count: refused.length })}</p>
          <ul style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
            {refused.map(({ index, id, label }) => (
              <li key={index}>
                <a href={`#${id}`}>{label}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className={l.small} style={{ margin: 0 }}>
        {t("budgetsPage.editLinesHint")}
      </p>
      <ul className={l.list}>
        {rows.map((row, i) => {
          const line = lineOf.get(row.key);
          const amount = values[`lines.${i}.amount`] ?? (line ? toEditableDecimalString(line.amountMinor, budget.currency) : "");
          return (
            <li key={row.key} className={l.formGrid} data-testid="lines-row">
              <input type="hidden" name={`lines.${i}.categoryId`} value={row.key} />
              <Field id={`line-${i}-amount`} label={t("budgetsPage.fields.amount", { category: row.name })} name={`lines.${i}.amount`} inputMode="decimal" defaultValue={amount} error={errors[`lines.${i}.amount`] ?? errors[`lines.${i}.categoryId`]} autoComplete="off" autoFocus={refused[0]?.id === `line-${i}-amount`} />
              <SelectField
                id={`line-${i}-rollover`}
                label={t("budgetsPage.fields.rollover", { category: row.name })}
                name={`lines.${i}.rollover`}
                autoFocus={refused[0]?.id === `line-${i}-rollover`}
                defaultValue={values[`lines.${i}.rollover`] ?? line?.rollover ?? "none"}
                error={errors[`lines.${i}.rollover`]}
                options={ROLLOVERS.map((r) => ({ value: r, label: t(`budgetsPage.rollovers.${r}`) }))}
              />
            </li>
          );
        })}
      </ul>
      <div className={l.actions}>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {busy ? t("ledger.pages.common.saving") : t("budgetsPage.saveLines")}
        </button>
      </div>
    </fetcher.Form>
  );
}

/**
 * Deleting a budget asks first (session 33 QA: one click beside "Save" took the budget and all its
 * amounts, with no undo). The question is a disclosure, so it asks without JavaScript too, and the
 * action deletes only a post that says yes.
 */
export function DeleteBudget({ budget, fetcher, result, nonce }: { budget: Budget; fetcher: Fetcher; result: FormAnswer | undefined; nonce: string }) {
  const { t } = useTranslation();
  useFailureToast(result, t);
  const here = useLocation();
  const hydrated = useHydrated();
  const question = t("budgetsPage.deleteQuestion", { name: budget.name });
  return (
    // Open again with a refusal (or an outage), so it is read beside the question.
    <details className={l.details} open={Boolean(result) || undefined} data-testid="budget-delete">
      <summary className={l.summary}>{t("budgetsPage.delete")}</summary>
      <fetcher.Form method="post" action="/budgets" className={`${l.detailsBody} ${ui.stack}`} aria-label={question}>
        <FormKey nonce={nonce} form={`budget-delete.${budget.id}`} />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="budgetId" value={budget.id} />
        <input type="hidden" name="confirmed" value="yes" />
        <FormAlert message={formErrorOf(result, t)} />
        <p className={l.userText} style={{ margin: 0 }}>
          {question}
        </p>
        <div className={l.actions}>
          <button type="submit" className={ui.button.danger} disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? t("budgetsPage.deleting") : t("budgetsPage.deleteConfirm")}
          </button>
          {/* Not while the delete is on its way. With JavaScript a button that closes the question in
              place, focus back on its summary; without, a link to the same page again (a link to a place in
              it would only scroll: the question would stay open). */}
          {fetcher.state !== "idle" ? null : hydrated ? (
            <CloseQuestionButton>{t("budgetsPage.deleteKeep")}</CloseQuestionButton>
          ) : (
            <Link to={`${here.pathname}${here.search}`} className={ui.button.ghost}>
              {t("budgetsPage.deleteKeep")}
            </Link>
          )}
        </div>
      </fetcher.Form>
    </details>
  );
}
