/**
 * /budgets (issue 37, ADR 057): the user's budgets, one at a time, for a period chosen with links
 * (`?budget=<id>&period=<day>`); each line's budgeted, spent, left and bar, and the forms to make
 * and change budgets. Forms post to this route's action (no JavaScript needed) or go through fetchers.
 */
import { Plus } from "lucide-react";
import { Link, useActionData, useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/budgets";
import type { Budget, BudgetReport } from "../../../core/api-types/budgets";
import type { Category } from "../../../core/api-types/ledger";
import { isIsoDay } from "../../../core/dates";
import { currencyOptionLabel } from "../../../core/money";
import { currencyPickerList } from "../../../core/ledger-values";
import { budgetsPageTexts } from "../../../core/i18n/page-texts/budgets-page";
import { addPageTexts } from "../../../core/i18n/translate";
import { formNameOf, reloadsAfterConflict, type FormAnswer } from "../../forms/form-answer";
import { keepFormThroughOutage } from "../../forms/form-outage";
import { useFocusAfterNavigation } from "../../forms/focus-after-save";
import { newIdempotencyKey } from "../../forms/idempotency-key";
import { useFormAnswerAndSaves, useClosedAfterPost } from "../../forms/use-form-answer";
import { getLocale } from "../../i18n/i18n.server";
import { useTranslation } from "../../i18n/use-translation";
import { apiFor } from "../../server/api.server";
import { guard } from "../../server/guards.server";
import { unwrap } from "../../server/ledger.server";
import { requireUser } from "../../server/session.server";
import { PageTitle } from "../../ui/ui";
import { BudgetForm, DeleteBudget, LinesForm } from "./budget-forms";
import { PeriodPicker, ReportLines, ReportNotes, ReportTotals } from "./budget-report";
import { budgetsAction, chosenBudget } from "./budgets-action.server";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

// The page's own texts come with its code (ADR 072).
addPageTexts(budgetsPageTexts);

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context);
  const api = apiFor(request, context);
  const url = new URL(request.url);
  const [list, categoryList] = await Promise.all([api.get<{ budgets: Budget[] }>("/budgets"), api.get<{ categories: Category[] }>("/categories")]);
  const { budgets } = unwrap(list, request);
  const { categories } = unwrap(categoryList, request);
  const wanted = chosenBudget(url.searchParams.get("budget"));
  const selected = budgets.find((b) => b.id === wanted) ?? budgets[0] ?? null;
  const period = url.searchParams.get("period");
  let report: BudgetReport | null = null;
  if (selected) report = unwrap(await api.get<BudgetReport>(`/budgets/${selected.id}/report`, { query: { period: period && isIsoDay(period) ? period : undefined } }), request);
  const locale = getLocale(context);
  return {
    budgets,
    report,
    categories: categories.filter((c) => c.kind === "expense").map((c) => ({ id: c.id, name: c.name, color: c.color })),
    currencies: currencyPickerList().map((code) => ({ code, label: currencyOptionLabel(code, locale) })),
    openNew: url.searchParams.has("new") || budgets.length === 0,
    nonce: newIdempotencyKey(),
  };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return reloadsAfterConflict(args) || args.defaultShouldRevalidate;
}

const formOfSubmission = formNameOf("budgetId", ["update", "delete", "lines"]);

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, formOfSubmission);
}

export async function action({ request, context }: Route.ActionArgs) {
  return budgetsAction(request, context);
}

export default function Budgets({ loaderData }: Route.ComponentProps) {
  useFocusAfterNavigation();
  const { t } = useTranslation();
  const { budgets, report, categories, currencies, openNew, nonce } = loaderData;
  const actionData = useActionData<typeof action>();
  const createFetcher = useFetcher<FormAnswer>({ key: "budget-create" });
  const [createResult, created] = useFormAnswerAndSaves<FormAnswer>("create", createFetcher, actionData);
  const newDetails = useClosedAfterPost(created, Boolean(createResult) || openNew);
  const budget = report?.budget;
  const updateFetcher = useFetcher<FormAnswer>({ key: "budget-update" });
  const [updateResult] = useFormAnswerAndSaves<FormAnswer>(`update:${budget?.id ?? ""}`, updateFetcher, actionData);
  const linesFetcher = useFetcher<FormAnswer>({ key: "budget-lines" });
  const [linesResult] = useFormAnswerAndSaves<FormAnswer>(`lines:${budget?.id ?? ""}`, linesFetcher, actionData);
  const deleteFetcher = useFetcher<FormAnswer>({ key: "budget-delete" });
  const [deleteResult] = useFormAnswerAndSaves<FormAnswer>(`delete:${budget?.id ?? ""}`, deleteFetcher, actionData);

  return (
    <div className={l.page}>
      <PageTitle title={t("budgetsPage.title")} />
      <h1 className={ui.pageHeading}>{t("budgetsPage.title")}</h1>
      <p className={l.small} style={{ margin: 0 }}>
        {t("budgetsPage.intro")}
      </p>

      {budgets.length === 0 ? (
        <p className={l.empty} data-testid="budgets-empty">
          {t("budgetsPage.empty")}
        </p>
      ) : null}

      {budgets.length > 1 ? (
        <nav aria-label={t("budgetsPage.chooseBudget")}>
          <ul className={l.actions} style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid="budget-choices">
            {budgets.map((b) => (
              <li key={b.id}>
                <Link to={`?${new URLSearchParams({ budget: b.id })}`} className={b.id === budget?.id ? ui.button.primary : ui.button.ghost} aria-current={b.id === budget?.id ? "page" : undefined}>
                  {b.name} ({b.currency})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {report && budget ? (
        <section aria-labelledby="budget-title" className={ui.stack} data-testid="budget-report">
          <div className={l.headingRow}>
            <h2 id="budget-title" className={l.sectionTitle}>
              {budget.name} · {t(`budgetsPage.periods.${budget.period}`)}
            </h2>
          </div>
          <PeriodPicker report={report} />
          <ReportNotes report={report} />
          {report.lines.length ? (
            <>
              <ReportLines report={report} />
              <ReportTotals report={report} />
            </>
          ) : (
            <p className={l.empty} data-testid="budget-no-lines">
              {t("budgetsPage.noLines")}
            </p>
          )}
          <details className={l.details} open={report.lines.every((line) => line.budgetedMinor === 0) || Boolean(linesResult)} data-testid="edit-lines">
            <summary className={l.summary}>{t("budgetsPage.editLines")}</summary>
            <div className={l.detailsBody}>
              <LinesForm key={`${budget.id}.${budget.updatedAt}`} budget={budget} categories={categories} fetcher={linesFetcher} result={linesResult} nonce={nonce} />
            </div>
          </details>
          {/* One per budget (key): after a delete the next budget's section must not open where the
              last one was opened by hand, with focus on its "Yes, delete" (review, session 36). */}
          <details key={budget.id} className={l.details} open={Boolean(updateResult || deleteResult)} data-testid="edit-budget">
            <summary className={l.summary}>{t("budgetsPage.edit")}</summary>
            <div className={l.detailsBody}>
              <BudgetForm key={`${budget.id}.${budget.updatedAt}`} budget={budget} budgets={budgets} fetcher={updateFetcher} result={updateResult} nonce={nonce} currencies={currencies} />
              <DeleteBudget budget={budget} fetcher={deleteFetcher} result={deleteResult} nonce={nonce} />
            </div>
          </details>
        </section>
      ) : null}

      <details ref={newDetails} className={l.details} open={openNew || Boolean(createResult)} data-testid="new-budget">
        <summary className={l.summary}>
          <Plus size={18} aria-hidden="true" />
          {t("budgetsPage.new")}
        </summary>
        <div className={l.detailsBody}>
          <BudgetForm key={created} budgets={budgets} fetcher={createFetcher} result={createResult} nonce={nonce} currencies={currencies} />
        </div>
      </details>
    </div>
  );
}
