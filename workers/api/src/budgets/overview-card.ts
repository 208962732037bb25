/**
 * The overview's budget card (`GET /overview?include=budgets`): each budget's current period,
 * spent of budgeted, in its own currency. Its statements ride in the overview's D1 batch; the
 * user's zone, which says what "current" is, is read with the results. What the period budgets
 * is this period's amounts (rollover and other currencies are the page's, ADR 057).
 */
import { periodOf } from "../../../../core/budget-periods";
import { todayInZone } from "../../../../core/dates";
import type { BudgetSummary } from "../../../../core/api-types/budgets";
import { rowsOf } from "../platform/batch";
import { ruleOf } from "./report";
import { allLinesStatement, budgetsStatement, recentSpendingStatement, type BudgetRow, type LineRow } from "./store";

type DayRow = { category_id: string | null; currency: string; day: string; spent: number };

export function budgetCard(db: D1Database, include: string | undefined) {
  const wanted = include?.split(",").includes("budgets") ?? false;
  return {
    /** How many statements it adds to the batch (its results come last). */
    count: wanted ? 3 : 0,
    statements(userId: string): D1PreparedStatement[] {
      if (!wanted) return [];
      // A range around UTC's today holds any zone's current period.
      return [budgetsStatement(db, userId), allLinesStatement(db, userId), recentSpendingStatement(db, userId, new Date().toISOString().slice(0, 10))];
    },
    read(results: D1Result[], timeZone: string): { budgets?: BudgetSummary[] } {
      if (!wanted) return {};
      const today = todayInZone(timeZone);
      const lines = rowsOf<LineRow>(results[1]);
      const days = rowsOf<DayRow>(results[2]);
      return {
        budgets: rowsOf<BudgetRow>(results[0]).map((budget) => {
          const period = periodOf(ruleOf(budget), today);
          const own = lines.filter((line) => line.budget_id === budget.id);
          const lined = new Set(own.map((line) => line.category_id));
          const spentOf = (line: LineRow) =>
            days
              .filter((row) => row.currency === budget.currency && row.day >= period.start && row.day <= period.end)
              .filter((row) => (line.category_id === null ? !lined.has(row.category_id) || row.category_id === null : row.category_id === line.category_id))
              .reduce((sum, row) => sum + row.spent, 0);
          const spent = own.map(spentOf);
          const budgeted = own.reduce((sum, line) => sum + line.amount, 0);
          const total = spent.reduce((sum, n) => sum + n, 0);
          return {
            id: budget.id,
            name: budget.name,
            currency: budget.currency,
            period,
            budgetedMinor: budgeted,
            spentMinor: total,
            over: total > budgeted,
            overLines: own.filter((line, i) => spent[i]! > line.amount).length,
          };
        }),
      };
    },
  };
}
