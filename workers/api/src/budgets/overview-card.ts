/**
 * The overview's budget card (`GET /overview?include=budgets`): each budget's current period,
 * as its report on the budgets page says it (`buildReport`: what carried in by rollover, spent,
 * left, which lines are over), in its own currency. Its statements ride in the overview's D1
 * batch; the user's zone, which says what "current" is, is read with the results. Spending in
 * another currency is converted at its day's rate as the page converts it (ADR 083): the rates
 * are read in a second batch, only when some budget has such spending; what has no rate yet is
 * left out, and the card says how many movements that is.
 */
import { todayInZone } from "../../../../core/dates";
import type { BudgetSummary } from "../../../../core/api-types/budgets";
import { rowsOf } from "../platform/batch";
import { buildReport, wantedRates } from "./report";
import { reportRates } from "./report-rates";
import { allLinesStatement, budgetsSpendingStatement, budgetsStatement, type BudgetRow, type LineRow, type SpendingRow } from "./store";

export function budgetCard(db: D1Database, include: string | undefined) {
  const wanted = include?.split(",").includes("budgets") ?? false;
  return {
    /** How many statements it adds to the batch (its results come last). */
    count: wanted ? 3 : 0,
    statements(userId: string): D1PreparedStatement[] {
      if (!wanted) return [];
      // A range around UTC's today holds any zone's current period.
      return [budgetsStatement(db, userId), allLinesStatement(db, userId), budgetsSpendingStatement(db, userId, new Date().toISOString().slice(0, 10))];
    },
    async read(results: D1Result[], user: { id: string; timeZone: string }, locale: string): Promise<{ budgets?: BudgetSummary[] }> {
      if (!wanted) return {};
      const today = todayInZone(user.timeZone);
      const budgets = rowsOf<BudgetRow>(results[0]);
      const lines = rowsOf<LineRow>(results[1]);
      // Each budget's spending rows, grouped once: read for its rates, then for its report.
      const spending = Map.groupBy(rowsOf<SpendingRow & { budget_id: string }>(results[2]), (row) => row.budget_id);
      const rowsOfBudget = (id: string) => spending.get(id) ?? [];
      const rates = await reportRates(db, user.id, budgets.flatMap((budget) => wantedRates(budget, rowsOfBudget(budget.id), today)));
      return {
        budgets: budgets.map((budget) => {
          const report = buildReport({
            budget,
            lines: lines.filter((line) => line.budget_id === budget.id),
            rows: rowsOfBudget(budget.id),
            rates,
            day: today,
            today,
            locale,
          });
          return {
            id: budget.id,
            name: budget.name,
            currency: budget.currency,
            period: report.period,
            countsFrom: report.countsFrom,
            begun: today >= report.countsFrom,
            budgetedMinor: report.totals.budgetedMinor,
            carriedMinor: report.totals.carriedMinor,
            spentMinor: report.totals.spentMinor,
            leftMinor: report.totals.leftMinor,
            over: report.totals.leftMinor < 0,
            overLines: report.lines.filter((line) => line.over).length,
            // This period's and the earlier ones' (whose carried amounts they would change).
            leftOut: report.unconverted.period + report.unconverted.before,
          };
        }),
      };
    },
  };
}
