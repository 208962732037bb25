/**
 * The overview's budget card (`GET /overview?include=budgets`): each budget's current period,
 * as its report on the budgets page says it (`buildReport`: what carried in by rollover, spent,
 * left, which lines are over), in its own currency. Its statements ride in the overview's D1
 * batch; the user's zone, which says what "current" is, is read with the results. Spending in
 * another currency is the page's (it needs rates, ADR 057): the card leaves it out and says how
 * many of the period's movements that is.
 */
import { todayInZone } from "../../../../core/dates";
import type { RateFraction } from "../../../../core/exchange";
import type { BudgetSummary } from "../../../../core/api-types/budgets";
import { rowsOf } from "../platform/batch";
import { buildReport } from "./report";
import { allLinesStatement, budgetsSpendingStatement, budgetsStatement, type BudgetRow, type LineRow, type SpendingRow } from "./store";

/** The card converts nothing: the report counts rows in another currency as left out (`unconverted`). */
const NO_RATES: ReadonlyMap<string, RateFraction> = new Map();

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
    read(results: D1Result[], timeZone: string, locale: string): { budgets?: BudgetSummary[] } {
      if (!wanted) return {};
      const today = todayInZone(timeZone);
      const lines = rowsOf<LineRow>(results[1]);
      const spending = rowsOf<SpendingRow & { budget_id: string }>(results[2]);
      return {
        budgets: rowsOf<BudgetRow>(results[0]).map((budget) => {
          const report = buildReport({
            budget,
            lines: lines.filter((line) => line.budget_id === budget.id),
            rows: spending.filter((row) => row.budget_id === budget.id),
            rates: NO_RATES,
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
            leftOut: report.unconverted.period,
          };
        }),
      };
    },
  };
}
