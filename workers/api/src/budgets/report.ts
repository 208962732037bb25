/**
 * A budget's period report from its grouped spending rows (ADR 057): spent per line and period,
 * what each line carries in from the periods before (its rollover), what is left, and, in the
 * current period, what is left per day. Money in the budget's currency only: rows in another
 * currency count once converted at their day's rate (`convertSum`, rounded once per line and
 * period); without a rate they are left out and counted. Spending before the budget's start day
 * is not read (the statements start there, ADR 077), even in its first period.
 */
import { carriedInto, daysLeft, nextPeriod, periodOf, periodsBetween, previousPeriod, type Period, type PeriodRule } from "../../../../core/budget-periods";
import { convertSum, type ConvertPart, type RateFraction } from "../../../../core/exchange";
import type { BudgetReport, BudgetReportLine } from "../../../../core/api-types/budgets";
import type { WantedRate } from "../rates/lookup";
import { toBudget } from "./model";
import type { BudgetRow, LineRow, SpendingRow } from "./store";

export const ruleOf = (row: Pick<BudgetRow, "period" | "cycle_day">): PeriodRule => ({ kind: row.period, cycleDay: row.cycle_day });

/**
 * The periods a report reads: from the budget's first period (the one its start day falls in) to
 * the reported one. A day before the budget counts from reports its first period (ADR 077): there
 * is nothing to report before it, and a budget that starts next month opens on next month.
 */
export function reportPeriods(budget: BudgetRow, day: string): { reported: Period; chain: Period[]; countsFrom: string } {
  const rule = ruleOf(budget);
  const reported = periodOf(rule, day < budget.starts_on ? budget.starts_on : day);
  // The reported period's first day that counts: its start, or the budget's start day within it.
  const countsFrom = budget.starts_on > reported.start ? budget.starts_on : reported.start;
  return { reported, chain: periodsBetween(rule, budget.starts_on, reported), countsFrom };
}

/** The rates a report needs: rows in another currency, of the periods it reads. */
export function wantedRates(budget: BudgetRow, rows: readonly SpendingRow[], day: string): WantedRate[] {
  const { chain } = reportPeriods(budget, day);
  const starts = new Set(chain.map((p) => p.start));
  const seen = new Map<string, WantedRate>();
  for (const row of rows) {
    if (row.day === null || !starts.has(row.period_start)) continue;
    seen.set(`${row.currency}|${row.day}`, { from: row.currency, to: budget.currency, day: row.day });
  }
  return [...seen.values()];
}

/** A rate's key in the map `buildReport` reads: from, to and day (the overview's card holds budgets of several currencies in one map). */
export const rateKey = (from: string, to: string, day: string) => `${from}|${to}|${day}`;

export function buildReport(input: {
  budget: BudgetRow;
  lines: LineRow[];
  rows: readonly SpendingRow[];
  rates: ReadonlyMap<string, RateFraction>;
  /** The reported period's scheduled, unposted occurrences in the budget's currency (schedules' `expectedOccurrences`). */
  expected?: ReadonlyArray<{ categoryId: string | null; amountMinor: number }>;
  day: string;
  today: string;
  locale: string;
}): BudgetReport {
  const { budget, lines, rows, rates, expected = [], day, today, locale } = input;
  const rule = ruleOf(budget);
  const { reported, chain, countsFrom } = reportPeriods(budget, day);
  const starts = new Set(chain.map((p) => p.start));
  const lineOf = new Map<string, LineRow>();
  let otherLine: LineRow | undefined;
  for (const line of lines) {
    if (line.category_id === null) otherLine = line;
    else lineOf.set(line.category_id, line);
  }

  // Per line and period: the budget currency's sum, and the other currencies' parts to convert.
  const sums = new Map<string, { minor: number; parts: ConvertPart[] }>();
  const unconverted = { period: 0, before: 0 };
  let converted = 0;
  for (const row of rows) {
    if (!starts.has(row.period_start)) continue;
    const line = (row.category_id !== null ? lineOf.get(row.category_id) : undefined) ?? otherLine;
    if (!line) continue;
    const key = `${line.id}|${row.period_start}`;
    const entry = sums.get(key) ?? { minor: 0, parts: [] };
    if (row.day === null) entry.minor += row.spent;
    else {
      const rate = rates.get(rateKey(row.currency, budget.currency, row.day));
      if (!rate) {
        // An earlier period's counts only where it would have carried in (a line that rolls over).
        if (row.period_start === reported.start) unconverted.period += row.n;
        else if (line.rollover !== "none") unconverted.before += row.n;
        continue;
      }
      entry.parts.push({ minor: row.spent, currency: row.currency, rate });
      if (row.period_start === reported.start) converted += row.n;
    }
    sums.set(key, entry);
  }
  const spentIn = (lineId: string, start: string) => {
    const entry = sums.get(`${lineId}|${start}`);
    if (!entry) return 0;
    return entry.minor + (entry.parts.length ? convertSum(entry.parts, budget.currency) : 0);
  };

  // Expected spending per line, positive like spent. A line's category is an expense one, so all
  // its occurrences count (a scheduled refund reduces it, as refunds reduce spent); "everything
  // else" takes only outflows of the categories without a line (a salary is not spending).
  const expectedOf = new Map<string, number>();
  for (const { categoryId, amountMinor } of expected) {
    const own = categoryId !== null ? lineOf.get(categoryId) : undefined;
    const line = own ?? (amountMinor < 0 ? otherLine : undefined);
    if (line) expectedOf.set(line.id, (expectedOf.get(line.id) ?? 0) - amountMinor);
  }

  const current = today >= reported.start && today <= reported.end;
  // The days that count: from today, or from the start day when the budget begins later in this period.
  const left = current ? daysLeft(reported, today < countsFrom ? countsFrom : today) : 0;
  const before = chain.filter((p) => p.start < reported.start);
  const reportLines: BudgetReportLine[] = lines.map((line) => {
    const carried = carriedInto(line.amount, line.rollover, before.map((p) => spentIn(line.id, p.start)));
    const spent = spentIn(line.id, reported.start);
    const leftMinor = line.amount + carried - spent;
    return {
      lineId: line.id,
      categoryId: line.category_id,
      categoryName: toBudget(budget, [line], locale).lines[0]!.categoryName,
      categoryColor: line.category_color,
      rollover: line.rollover,
      budgetedMinor: line.amount,
      carriedMinor: carried,
      spentMinor: spent,
      expectedMinor: expectedOf.get(line.id) ?? 0,
      leftMinor,
      leftPerDayMinor: current && left > 0 ? Math.floor(Math.max(0, leftMinor) / left) : null,
      over: leftMinor < 0,
    };
  });
  const sum = (pick: (l: BudgetReportLine) => number) => reportLines.reduce((total, l) => total + pick(l), 0);
  const totalLeft = sum((l) => l.leftMinor);
  return {
    budget: toBudget(budget, lines, locale),
    period: reported,
    countsFrom,
    previous: before.length ? previousPeriod(rule, reported) : null,
    next: nextPeriod(rule, reported),
    today,
    current,
    daysLeft: left,
    lines: reportLines,
    totals: {
      currency: budget.currency,
      budgetedMinor: sum((l) => l.budgetedMinor),
      carriedMinor: sum((l) => l.carriedMinor),
      spentMinor: sum((l) => l.spentMinor),
      expectedMinor: sum((l) => l.expectedMinor),
      leftMinor: totalLeft,
      leftPerDayMinor: current && left > 0 ? Math.floor(Math.max(0, totalLeft) / left) : null,
    },
    unconverted,
    converted,
  };
}
