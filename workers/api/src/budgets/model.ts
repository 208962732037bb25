/** Budgets as the API answers them (ADR 057): rows to shapes, and their OpenAPI schemas. */
import { z } from "@hono/zod-openapi";
import { PERIOD_KINDS, ROLLOVERS } from "../../../../core/budget-periods";
import { toDecimalString } from "../../../../core/money";
import type { Budget } from "../../../../core/api-types/budgets";
import { categoryDisplayName } from "../ledger/model";
import type { BudgetRow, LineRow } from "./store";

export const budgetLineOut = z.object({
  id: z.string(),
  categoryId: z.string().nullable().openapi({ description: "null: everything else (categories without a line, and uncategorized)" }),
  categoryName: z.string().nullable(),
  categoryColor: z.string().nullable(),
  amount: z.string(),
  amountMinor: z.number().int(),
  rollover: z.enum(ROLLOVERS).openapi({ description: "none; unspent: what is left carries on; all: left or overspent carries on" }),
});

export const budgetOut = z
  .object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    period: z.enum(PERIOD_KINDS),
    cycleDay: z.number().int(),
    startsOn: z.string(),
    lines: z.array(budgetLineOut),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  })
  .openapi("Budget");

export function toBudget(row: BudgetRow, lines: LineRow[], locale: string): Budget {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    period: row.period,
    cycleDay: row.cycle_day,
    startsOn: row.starts_on,
    lines: lines
      .filter((line) => line.budget_id === row.id)
      .map((line) => ({
        id: line.id,
        categoryId: line.category_id,
        categoryName: line.category_id && line.category_name !== null ? categoryDisplayName(line.category_name, line.category_default_key, locale) : null,
        categoryColor: line.category_color,
        amount: toDecimalString(line.amount, row.currency),
        amountMinor: line.amount,
        rollover: line.rollover,
      })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const span = z.object({ start: z.string(), end: z.string() });
const countsFrom = z.string().openapi({ description: "The period's first counted day: its start, or the budget's start day within it (ADR 080)" });

export const reportOut = z
  .object({
    budget: budgetOut,
    period: span,
    countsFrom,
    previous: span.nullable().openapi({ description: "None on the budget's first period (nothing is reported before it)" }),
    next: span,
    today: z.string(),
    current: z.boolean(),
    daysLeft: z.number().int(),
    lines: z.array(
      z.object({
        lineId: z.string(),
        categoryId: z.string().nullable(),
        categoryName: z.string().nullable(),
        categoryColor: z.string().nullable(),
        rollover: z.enum(ROLLOVERS),
        budgetedMinor: z.number().int(),
        carriedMinor: z.number().int(),
        spentMinor: z.number().int(),
        expectedMinor: z.number().int().openapi({ description: "Scheduled, not yet posted nor skipped, in the period: expected spending (positive, like spent), budget currency only" }),
        leftMinor: z.number().int(),
        leftPerDayMinor: z.number().int().nullable(),
        over: z.boolean(),
      }),
    ),
    totals: z.object({
      currency: z.string(),
      budgetedMinor: z.number().int(),
      carriedMinor: z.number().int(),
      spentMinor: z.number().int(),
      expectedMinor: z.number().int(),
      leftMinor: z.number().int(),
      leftPerDayMinor: z.number().int().nullable(),
    }),
    unconverted: z.object({ period: z.number().int(), before: z.number().int() }).openapi({ description: "Transactions in other currencies left out for want of a rate on their day" }),
    converted: z.number().int().openapi({ description: "The period's transactions in other currencies counted at their day's rate" }),
  })
  .openapi("BudgetReport");

export const summaryOut = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  period: span,
  countsFrom,
  begun: z.boolean().openapi({ description: "Whether the budget counts yet: today is on or after countsFrom" }),
  budgetedMinor: z.number().int(),
  carriedMinor: z.number().int().openapi({ description: "Carried in from the periods before by the lines' rollover (negative: overspending carried)" }),
  spentMinor: z.number().int(),
  leftMinor: z.number().int().openapi({ description: "Budgeted plus carried, less spent" }),
  over: z.boolean().openapi({ description: "Less than nothing left" }),
  overLines: z.number().int(),
  leftOut: z.number().int().openapi({ description: "Movements in another currency than the budget's left out for want of a rate on their day: the period's and the earlier periods' whose carried amounts they would change (the report counts them apart)" }),
});
