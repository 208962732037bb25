/**
 * The reports' period and account filters (ADR 059), shared by the /reports page's GET form and
 * GET /reports: months as YYYY-MM, from ≤ to, at most ten years; accounts as a comma-separated
 * list of ids (none: all of the user's accounts).
 */
import { z } from "zod";
import { ID_PATTERN } from "../ids";
import { MONTH_PATTERN, monthsBetween, REPORT_MAX_ACCOUNTS, REPORT_MAX_MONTHS } from "../report-months";

// The months' values and arithmetic live in core/report-months.ts (no zod, for the page's browser code).
export { addMonths, defaultPeriod, MONTH_PATTERN, monthsBetween, REPORT_MAX_ACCOUNTS, REPORT_MAX_MONTHS } from "../report-months";

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
