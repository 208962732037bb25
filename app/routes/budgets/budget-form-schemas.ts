/**
 * The budgets page's forms, checked with the API's own schemas (core/schemas/budgets.ts) in the
 * browser and in the action. The lines form posts one row per category (`lines.N.categoryId`,
 * `lines.N.amount`, `lines.N.rollover`; an empty amount means "no line"), so an error names the
 * row's own field on both sides. The forms load this module (and zod) when first used (ADR 078).
 */
import { z } from "zod";
import { budgetCreateSchema, budgetLineSchema, budgetUpdateSchema } from "../../../core/schemas/budgets";
import { isoDay } from "../../../core/schemas/ledger";
import { isCurrency, parseTypedAmount, toDecimalString } from "../../../core/money";
import { typedAmountProblem } from "../../../core/ledger-values";
import { OTHER_LINE } from "./other-line";

/**
 * The pay cycle's day counts only for a pay cycle: the form hides it for the other periods (ADR
 * 077), so it is not checked or sent then, and an error on a field the user cannot see is never shown.
 */
const withoutHiddenCycleDay = (values: unknown) => {
  if (!values || typeof values !== "object" || (values as Record<string, unknown>).period === "payCycle") return values;
  const { cycleDay: _hidden, ...rest } = values as Record<string, unknown>;
  return rest;
};
export const createForm = z.preprocess(withoutHiddenCycleDay, budgetCreateSchema);
/**
 * The edit form shows the day the budget counts from: emptied, it is a question to answer, not
 * "keep the old day", which the API's partial update would do without a word (session 32 QA).
 */
export const updateForm = z.preprocess(
  withoutHiddenCycleDay,
  budgetUpdateSchema.safeExtend({ startsOn: z.string({ error: "ledger.budgets.errors.startsOn" }).trim().min(1, { error: "ledger.budgets.errors.startsOn" }).pipe(isoDay) }),
);

const ROW = /^lines\.(\d{1,2})\.(categoryId|amount|rollover)$/;

/** Form values → the rows as posted, in order. */
export function rowsOf(values: Record<string, unknown>): Array<{ categoryId: string; amount: string; rollover: string }> {
  const rows: Array<{ categoryId: string; amount: string; rollover: string }> = [];
  for (const [name, value] of Object.entries(values)) {
    const match = ROW.exec(name);
    if (!match || typeof value !== "string") continue;
    const row = (rows[Number(match[1])] ??= { categoryId: "", amount: "", rollover: "none" });
    row[match[2] as "categoryId" | "amount" | "rollover"] = value;
  }
  return rows.filter(Boolean);
}

/**
 * A line's amount as a person types it, read as the movement forms read theirs (ADR 051): "1.234,56",
 * "1,234.56" and "S/ 100" all work, with the budget's currency (a hidden field of the form), and
 * too many decimals is named with the rest on the first submit. Never negative. The API gets the
 * plain decimal (`linesBody`).
 */
export function budgetAmountOf(text: string, currency: string): { ok: true; decimal: string } | { ok: false; key: string } {
  // A currency the page did not send (a hand-made post): the API reads the amount against the budget's own.
  if (!isCurrency(currency)) return { ok: true, decimal: text.trim() };
  const typed = parseTypedAmount(text, currency);
  if (!typed.ok) return { ok: false, key: typedAmountProblem(text, currency, typed.reason) };
  if (typed.negative && typed.magnitude > 0) return { ok: false, key: "ledger.budgets.errors.negative" };
  return { ok: true, decimal: toDecimalString(typed.magnitude, currency) };
}

type Row = { categoryId: string; amount: string; rollover: string };

/** Each posted row that has an amount is a line; errors keep the row's index (`lines.N.amount`). */
export const linesForm = z.preprocess(
  (values) => {
    const posted = (values ?? {}) as Record<string, unknown>;
    return { currency: typeof posted.currency === "string" ? posted.currency : "", lines: rowsOf(posted) };
  },
  z
    .object({ currency: z.string(), lines: z.array(z.object({ categoryId: z.string(), amount: z.string(), rollover: z.string() })) })
    .superRefine(({ currency, lines }, ctx) => {
      lines.forEach((row: Row, index) => {
        if (!row.amount.trim()) return;
        const amount = budgetAmountOf(row.amount, currency);
        if (!amount.ok) ctx.addIssue({ code: "custom", path: ["lines", index, "amount"], message: amount.key });
        // The category and rollover, as the API checks them (the amount's own check is above).
        const parsed = budgetLineSchema.safeParse({ categoryId: row.categoryId === OTHER_LINE ? null : row.categoryId, amount: "0", rollover: row.rollover });
        if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: ["lines", index, ...issue.path], message: issue.message });
      });
    }),
);

/** The API's body from the checked rows, and which posted row each line came from (to name an API error's field). */
export function linesBody(rows: readonly Row[], currency: string) {
  const kept = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.amount.trim());
  const decimal = (text: string) => {
    const amount = budgetAmountOf(text, currency);
    return amount.ok ? amount.decimal : text.trim();
  };
  return {
    body: { lines: kept.map(({ row }) => ({ categoryId: row.categoryId === OTHER_LINE ? null : row.categoryId, amount: decimal(row.amount), rollover: row.rollover })) },
    rowOf: kept.map(({ index }) => index),
  };
}
