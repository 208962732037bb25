/**
 * Budgets (issue 37, ADR 057): what the API takes and the forms check, the same schemas on both
 * sides. A form posts text; a JSON client may send numbers where a form sends digits (the cycle day).
 */
import { z } from "zod";
import { isIsoDay } from "../dates";
import { BUDGET_LINES_MAX, TEXT_LIMITS } from "../input-limits";
import { PERIOD_KINDS, ROLLOVERS } from "../budget-periods";
import { currencySchema, isoDay, unsignedAmountText } from "./ledger";

export const BUDGET_NAME_MAX = TEXT_LIMITS.budgetName;

const budgetName = z
  .string({ error: "ledger.budgets.errors.name" })
  .trim()
  .min(1, { error: "ledger.budgets.errors.name" })
  .max(BUDGET_NAME_MAX, { error: "ledger.budgets.errors.name" });

export const periodKindSchema = z.enum(PERIOD_KINDS, { error: "ledger.budgets.errors.period" });

/** 1–31; digits from a form, a number from JSON. */
const cycleDay = z.preprocess(
  (value) => (typeof value === "string" ? (/^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value.trim() === "" ? undefined : value) : value),
  z.number({ error: "ledger.budgets.errors.cycleDay" }).int({ error: "ledger.budgets.errors.cycleDay" }).min(1, { error: "ledger.budgets.errors.cycleDay" }).max(31, { error: "ledger.budgets.errors.cycleDay" }).optional(),
);

const startsOn = z.preprocess((value) => (value === "" ? undefined : value), isoDay.optional());

export const budgetCreateSchema = z.object({
  name: budgetName,
  currency: currencySchema,
  period: periodKindSchema,
  cycleDay,
  /** The day spending counts from (ADR 077): its period is the budget's first; the first day of today's period by default. */
  startsOn,
  /** A budget whose lines (categories, amounts, rollover) the new one starts with. */
  copyFrom: z.preprocess((value) => (value === "" ? undefined : value), z.string({ error: "ledger.budgets.errors.copyFrom" }).max(64, { error: "ledger.budgets.errors.copyFrom" }).optional()),
});
export type BudgetCreateInput = z.infer<typeof budgetCreateSchema>;

export const budgetUpdateSchema = z
  .object({ name: budgetName.optional(), period: periodKindSchema.optional(), cycleDay, startsOn })
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: "ledger.errors.noChanges" });
export type BudgetUpdateInput = z.infer<typeof budgetUpdateSchema>;

export const rolloverSchema = z.enum(ROLLOVERS, { error: "ledger.budgets.errors.rollover" });

/** One line: a category (null: everything else), an amount per period, what it carries over. */
export const budgetLineSchema = z.object({
  categoryId: z.union([z.string().max(64, { error: "ledger.budgets.errors.category" }), z.null()], { error: "ledger.budgets.errors.category" }),
  amount: unsignedAmountText("ledger.budgets.errors.negative"),
  rollover: rolloverSchema.default("none"),
});
export type BudgetLineInput = z.infer<typeof budgetLineSchema>;

/** All of a budget's lines at once: what is not listed is removed. */
export const budgetLinesSchema = z
  .object({ lines: z.array(budgetLineSchema, { error: "ledger.budgets.errors.lines" }).max(BUDGET_LINES_MAX, { error: "ledger.budgets.errors.lines" }) })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.lines.forEach((line, i) => {
      const key = line.categoryId ?? "";
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["lines", i, "categoryId"], message: "ledger.budgets.errors.duplicateLine" });
      seen.add(key);
    });
  });
export type BudgetLinesInput = z.infer<typeof budgetLinesSchema>;

/** `?period=YYYY-MM-DD`: the period that contains that day (today when not given; the budget's first period for a day before its start, ADR 077). */
export const reportQuerySchema = z.object({
  period: z.preprocess((value) => (value === "" ? undefined : value), z.string().refine(isIsoDay, { error: "ledger.errors.date" }).optional()),
});
