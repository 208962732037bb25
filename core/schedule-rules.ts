/**
 * When a scheduled transaction happens: the occurrences of a rule, as calendar days (`YYYY-MM-DD`).
 * Pure calendar arithmetic, no time zone: which day is "today" for a user is `todayInZone`'s
 * answer (core/dates.ts), and an occurrence is due once that day has come.
 *
 * - `days` / `weeks`: every `interval` days or weeks from the start.
 * - `months`: every `interval` months on the start's day; a day the month lacks is its last day
 *   (started on 31 January: 28 or 29 February, then 31 March; the day is kept, not worn down).
 * - `monthlyDay`: every `interval` months on `day` (31, or any day a month lacks, is its last day),
 *   from the first such day on or after the start.
 * - `quincena`: the 15th and the last day of every month (how pay often comes in Peru).
 * - `yearly`: every `interval` years on the start's month and day (29 February is 28 February in
 *   other years).
 * Occurrences are numbered from the start (0, 1, 2…): `count` keeps the first `count`, `end`
 * (inclusive) those on or before it.
 */
import { addDays, isIsoDay, monthBounds } from "./dates";

export const RULE_KINDS = ["days", "weeks", "months", "monthlyDay", "quincena", "yearly"] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const MAX_INTERVAL = 366;
export const MAX_COUNT = 1000;

export interface ScheduleRule {
  kind: RuleKind;
  /** Every how many days, weeks, months or years (1 = every one); ignored by `quincena`. */
  interval: number;
  /** `monthlyDay` only: 1–31 (31 = the last day of every month). */
  day?: number | null;
  start: string;
  end?: string | null;
  count?: number | null;
}

const DAY_MS = 86_400_000;

function epochDay(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** Days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  return epochDay(b) - epochDay(a);
}

/** Months since year 0, month 0 (a plain counter, so months add without carrying by hand). */
function monthIndex(day: string): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}

/** The day `dayOfMonth` of the month `index`, or that month's last day when it has fewer days. */
function dayInMonth(index: number, dayOfMonth: number): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const first = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`;
  const { last } = monthBounds(first);
  const lastDay = Number(last.slice(8, 10));
  return `${first.slice(0, 8)}${String(Math.min(dayOfMonth, lastDay)).padStart(2, "0")}`;
}

/** Whether `rule` describes something that can happen: real days, intervals and counts in range. */
export function isValidRule(rule: ScheduleRule): boolean {
  if (!RULE_KINDS.includes(rule.kind) || !isIsoDay(rule.start)) return false;
  if (!Number.isInteger(rule.interval) || rule.interval < 1 || rule.interval > MAX_INTERVAL) return false;
  if (rule.kind === "monthlyDay" && !(Number.isInteger(rule.day) && (rule.day as number) >= 1 && (rule.day as number) <= 31)) return false;
  if (rule.end != null && (!isIsoDay(rule.end) || rule.end < rule.start)) return false;
  if (rule.count != null && !(Number.isInteger(rule.count) && rule.count >= 1 && rule.count <= MAX_COUNT)) return false;
  return true;
}

/**
 * The `n`th occurrence (0-based) of the rule, ignoring `end` and `count`. Strictly increasing in
 * `n`, which `occurrences` relies on to jump near a window instead of walking from the start.
 */
export function nthOccurrence(rule: ScheduleRule, n: number): string {
  const start = rule.start;
  switch (rule.kind) {
    case "days":
      return addDays(start, n * rule.interval);
    case "weeks":
      return addDays(start, n * 7 * rule.interval);
    case "months":
      return dayInMonth(monthIndex(start) + n * rule.interval, Number(start.slice(8, 10)));
    case "yearly":
      return dayInMonth(monthIndex(start) + n * 12 * rule.interval, Number(start.slice(8, 10)));
    case "monthlyDay": {
      const day = rule.day ?? 1;
      // The first month whose day falls on or after the start.
      const firstMonth = dayInMonth(monthIndex(start), day) >= start ? monthIndex(start) : monthIndex(start) + 1;
      return dayInMonth(firstMonth + n * rule.interval, day);
    }
    case "quincena": {
      // The month's 15th and last day, in order; the first one on or after the start is number 0.
      const skip = start <= dayInMonth(monthIndex(start), 15) ? 0 : start <= dayInMonth(monthIndex(start), 31) ? 1 : 2;
      const slot = n + skip;
      return dayInMonth(monthIndex(start) + Math.floor(slot / 2), slot % 2 === 0 ? 15 : 31);
    }
  }
}

/** Roughly how many days apart occurrences are: only a first guess for where a window starts. */
function averageGap(rule: ScheduleRule): number {
  switch (rule.kind) {
    case "days":
      return rule.interval;
    case "weeks":
      return 7 * rule.interval;
    case "months":
    case "monthlyDay":
      return 30.44 * rule.interval;
    case "yearly":
      return 365.25 * rule.interval;
    case "quincena":
      return 15.22;
  }
}

/** Whether occurrence `n` exists: within `count` and on or before `end`. */
function exists(rule: ScheduleRule, n: number, day: string): boolean {
  if (rule.count != null && n >= rule.count) return false;
  return rule.end == null || day <= rule.end;
}

/**
 * The occurrences of the rule from `from` to `to` (both inclusive), oldest first, at most `limit`.
 * Each carries its number, so `count` holds however the window is chosen.
 */
export function occurrences(rule: ScheduleRule, from: string, to: string, limit = 400): string[] {
  if (from > to) return [];
  // A guess a little before the window, then forward to its first occurrence.
  let n = Math.max(0, Math.floor(daysBetween(rule.start, from) / averageGap(rule)) - 2);
  while (n > 0 && nthOccurrence(rule, n) >= from) n -= 1;
  const out: string[] = [];
  for (; out.length < limit; n += 1) {
    const day = nthOccurrence(rule, n);
    if (day > to || !exists(rule, n, day)) break;
    if (day >= from) out.push(day);
  }
  return out;
}

/** Whether `day` is one of the rule's occurrences. */
export function isOccurrence(rule: ScheduleRule, day: string): boolean {
  return isIsoDay(day) && occurrences(rule, day, day, 1)[0] === day;
}

/** The rule's next occurrence on or after `from`, or null when it has ended. */
export function nextOccurrence(rule: ScheduleRule, from: string): string | null {
  // Two of its intervals (and a month) ahead always hold the next one, if there is one; `occurrences` jumps there directly.
  return occurrences(rule, from, addDays(from, Math.ceil(averageGap(rule) * 2) + 31), 1)[0] ?? null;
}


/** Posted by itself when due, or left for the user to confirm. */
export const SCHEDULE_MODES = ["auto", "confirm"] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];
