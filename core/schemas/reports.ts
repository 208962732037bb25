/**
 * The reports' period and account filters (ADR 059), shared by the /reports page's GET form and
 * GET /reports: months as YYYY-MM, from ≤ to, at most ten years; accounts as a comma-separated
 * list of ids (none: all of the user's accounts).
 */
import { z } from "zod";
import { ID_PATTERN } from "../ids";

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Ten years of months: the charts stay readable and the answer bounded. */
export const REPORT_MAX_MONTHS = 120;
export const REPORT_MAX_ACCOUNTS = 50;

/** Months from `from` to `to`, both included (YYYY-MM, from ≤ to). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split("-").map(Number) as [number, number];
  for (let guard = 0; guard <= REPORT_MAX_MONTHS * 2; guard++) {
    const current = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
    if (current > to) break;
    months.push(current);
    month += 1;
    if (month === 13) [year, month] = [year + 1, 1];
  }
  return months;
}

/** The month `count` months after (or before, negative) `month`. */
export function addMonths(month: string, count: number): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (m - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

const blank = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
const month = z.string().regex(MONTH_PATTERN, { error: "reports.errors.month" }).refine((m) => m >= "1900-01" && m <= "2999-12", { error: "reports.errors.month" });

export const reportsQuerySchema = z
  .object({
    from: blank(month),
    to: blank(month),
    accounts: blank(
      z
        .string()
        .max(REPORT_MAX_ACCOUNTS * 37, { error: "reports.errors.accounts" })
        .transform((text) => [...new Set(text.split(",").filter(Boolean))])
        .refine((ids) => ids.length <= REPORT_MAX_ACCOUNTS && ids.every((id) => ID_PATTERN.test(id)), { error: "reports.errors.accounts" }),
    ),
  })
  .superRefine((value, ctx) => {
    // A month already refused is not compared again.
    if (!value.from || !value.to || !MONTH_PATTERN.test(value.from) || !MONTH_PATTERN.test(value.to)) return;
    if (value.from > value.to) ctx.addIssue({ code: "custom", path: ["to"], message: "reports.errors.order" });
    else if (monthsBetween(value.from, value.to).length > REPORT_MAX_MONTHS) ctx.addIssue({ code: "custom", path: ["from"], message: "reports.errors.span" });
  });
export type ReportsQuery = z.infer<typeof reportsQuerySchema>;

/** The period a report covers when none is given: the twelve months ending with `current`. */
export function defaultPeriod(current: string): { from: string; to: string } {
  return { from: addMonths(current, -11), to: current };
}
