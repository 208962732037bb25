/**
 * Budget periods, as calendar days (ADR 057). Pure: no time zone here, the caller gives the day
 * ("today" in the user's zone, or a transaction's date, which is already the user's calendar day).
 *
 *   monthly   the 1st to the month's last day
 *   quincena  the 1st–15th and the 16th–last day (Peruvian pay by halves)
 *   payCycle  from a chosen day of the month to the day before it in the next month; a day the
 *             month lacks (29–31) is that month's last day, so "the 31st" is always the last day
 */
import { addDays, monthBounds } from "./dates";

export const PERIOD_KINDS = ["monthly", "quincena", "payCycle"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export interface PeriodRule {
  kind: PeriodKind;
  /** The pay cycle's first day of the month (1–31); ignored by the other kinds. */
  cycleDay: number;
}

/** A period: first and last calendar day, both included. */
export interface Period {
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The month "YYYY-MM" moved by `months`. */
function shiftMonth(month: string, months: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${pad((index % 12) + 1)}`;
}

/** The number of days of the month "YYYY-MM". */
export function daysInMonth(month: string): number {
  return Number(monthBounds(`${month}-01`).last.slice(8));
}

/** The pay cycle's start day in a month: the chosen day, or the month's last day when it has fewer. */
export function cycleStartIn(month: string, cycleDay: number): string {
  return `${month}-${pad(Math.min(cycleDay, daysInMonth(month)))}`;
}

/** The period that contains `day`. */
export function periodOf(rule: PeriodRule, day: string): Period {
  const month = day.slice(0, 7);
  const { first, last } = monthBounds(day);
  if (rule.kind === "monthly") return { start: first, end: last };
  if (rule.kind === "quincena") {
    return Number(day.slice(8)) <= 15 ? { start: first, end: `${month}-15` } : { start: `${month}-16`, end: last };
  }
  const here = cycleStartIn(month, rule.cycleDay);
  const start = day >= here ? here : cycleStartIn(shiftMonth(month, -1), rule.cycleDay);
  const end = addDays(cycleStartIn(shiftMonth(start.slice(0, 7), 1), rule.cycleDay), -1);
  return { start, end };
}

/** The period just before `period`. */
export function previousPeriod(rule: PeriodRule, period: Period): Period {
  return periodOf(rule, addDays(period.start, -1));
}

/** The period just after `period`. */
export function nextPeriod(rule: PeriodRule, period: Period): Period {
  return periodOf(rule, addDays(period.end, 1));
}

/** Whole days between two calendar days (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Days left in the period counting `today` itself; 0 when the period is over, its length when it has not begun. */
export function daysLeft(period: Period, today: string): number {
  if (today > period.end) return 0;
  const from = today < period.start ? period.start : today;
  return daysBetween(from, period.end) + 1;
}

/** The periods from the one containing `fromDay` to `last`, oldest first (empty when `fromDay` is after it). */
export function periodsBetween(rule: PeriodRule, fromDay: string, last: Period): Period[] {
  const out: Period[] = [];
  for (let p = periodOf(rule, fromDay); p.start <= last.start; p = nextPeriod(rule, p)) out.push(p);
  return out;
}

export const ROLLOVERS = ["none", "unspent", "all"] as const;
/** What a line carries into the next period: nothing, only what was left unspent, or unspent and overspending (as a negative). */
export type Rollover = (typeof ROLLOVERS)[number];

/**
 * What a line carries into the period after `spentPerPeriod` (oldest first): each period has
 * `budgeted` plus what the one before carried; what is left of that carries on by `rollover`.
 * Integer minor units throughout.
 */
export function carriedInto(budgeted: number, rollover: Rollover, spentPerPeriod: readonly number[]): number {
  if (rollover === "none") return 0;
  let carry = 0;
  for (const spent of spentPerPeriod) {
    const left = budgeted + carry - spent;
    carry = rollover === "all" ? left : Math.max(0, left);
  }
  return carry;
}
