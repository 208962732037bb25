/**
 * The reports' months (YYYY-MM) and their bounds, without zod: the /reports page's browser code
 * uses them, and core/schemas/reports.ts builds its checks on them (ADR 078).
 */
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

/** The period a report covers when none is given: the twelve months ending with `current`. */
export function defaultPeriod(current: string): { from: string; to: string } {
  return { from: addMonths(current, -11), to: current };
}
