/** The JSON shapes of the schedules API (core/api-types/schedules.ts) and the rows they come from. */
import { z } from "@hono/zod-openapi";
import { toDecimalString } from "../../../../core/money";
import { RULE_KINDS } from "../../../../core/schedule-rules";
import { SCHEDULE_MODES } from "../../../../core/schemas/schedules";
import type { Occurrence, Schedule } from "../../../../core/api-types/schedules";
import { todayInZone, addDays } from "../../../../core/dates";
import { UPCOMING_DAYS } from "../../../../core/schemas/schedules";
import { pendingOccurrences, splitUpcomingRows, type UpcomingRow, type OverrideRow, type PendingOccurrence, type PostingRow, type ScheduleReadRow } from "./store";

export const scheduleOut = z
  .object({
    id: z.string(),
    accountId: z.string(),
    accountName: z.string(),
    currency: z.string(),
    toAccountId: z.string().nullable(),
    toAccountName: z.string().nullable(),
    toCurrency: z.string().nullable(),
    amount: z.string().openapi({ description: "Signed decimal (money out is negative); a transfer's is what leaves the account" }),
    amountMinor: z.number().int(),
    toAmount: z.string().nullable(),
    toAmountMinor: z.number().int().nullable(),
    description: z.string(),
    categoryId: z.string().nullable(),
    payee: z.string().nullable(),
    kind: z.enum(RULE_KINDS),
    interval: z.number().int(),
    day: z.number().int().nullable(),
    start: z.string(),
    end: z.string().nullable(),
    count: z.number().int().nullable(),
    estimate: z.boolean(),
    mode: z.enum(SCHEDULE_MODES),
    nextDate: z.string().nullable().openapi({ description: "The next occurrence neither posted nor skipped; null when the schedule has ended" }),
    pausedBy: z.string().nullable().openapi({ description: "The name of the archived account that keeps it from posting (its own, or a transfer's other); null while both are open" }),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  })
  .openapi("Schedule");

export const occurrenceOut = z
  .object({
    scheduleId: z.string(),
    date: z.string(),
    accountId: z.string(),
    accountName: z.string(),
    toAccountId: z.string().nullable(),
    toAccountName: z.string().nullable(),
    currency: z.string(),
    amount: z.string(),
    amountMinor: z.number().int(),
    description: z.string(),
    payee: z.string().nullable(),
    categoryId: z.string().nullable(),
    estimate: z.boolean(),
    mode: z.enum(SCHEDULE_MODES),
    due: z.boolean().openapi({ description: "Its day has come in the user's time zone" }),
    edited: z.boolean(),
  })
  .openapi("Occurrence");

export function toSchedule(row: ScheduleReadRow, overrides: readonly OverrideRow[], postings: readonly PostingRow[], today: string): Schedule {
  const pending = pendingOccurrences(row, overrides, postings, today, "9999-12-31", 1)[0];
  return {
    id: row.id,
    accountId: row.account_id,
    accountName: row.account_name,
    currency: row.currency,
    toAccountId: row.to_account_id,
    toAccountName: row.to_account_name,
    toCurrency: row.to_currency,
    amount: toDecimalString(row.amount, row.currency),
    amountMinor: row.amount,
    toAmount: row.to_amount === null || !row.to_currency ? null : toDecimalString(row.to_amount, row.to_currency),
    toAmountMinor: row.to_amount,
    description: row.description,
    categoryId: row.category_id,
    payee: row.payee,
    kind: row.rule_kind,
    interval: row.rule_interval,
    day: row.rule_day,
    start: row.start_date,
    end: row.end_date,
    count: row.max_count,
    estimate: !!row.estimate,
    mode: row.mode,
    nextDate: pending?.date ?? null,
    pausedBy: row.account_archived ? row.account_name : row.to_account_archived ? row.to_account_name : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toOccurrence(o: PendingOccurrence): Occurrence {
  const s = o.schedule;
  return {
    scheduleId: s.id,
    date: o.date,
    accountId: s.account_id,
    accountName: s.account_name,
    toAccountId: s.to_account_id,
    toAccountName: s.to_account_name,
    currency: s.currency,
    amount: toDecimalString(o.amount, s.currency),
    amountMinor: o.amount,
    description: o.description,
    payee: s.payee,
    categoryId: s.category_id,
    estimate: !!s.estimate,
    mode: s.mode,
    due: o.due,
    edited: o.edited,
  };
}

/**
 * The next occurrences of the user's schedules through `through`, "to confirm" ones already due
 * first (they wait for the user), then by day; at most `limit`. A schedule with an archived account
 * on either side is left out: it is not posted (`post-due`), and "post now" would be refused (ADR 086).
 */
export function upcomingOf(rows: readonly ScheduleReadRow[], overrides: readonly OverrideRow[], postings: readonly PostingRow[], today: string, through: string, limit: number, accountId?: string): Occurrence[] {
  const all = rows
    .filter((row) => !row.account_archived && !row.to_account_archived)
    .filter((row) => !accountId || row.account_id === accountId || row.to_account_id === accountId)
    .flatMap((row) => pendingOccurrences(row, overrides, postings, today, through, limit));
  const waiting = (o: PendingOccurrence) => (o.due && o.schedule.mode === "confirm" ? 0 : 1);
  all.sort((a, b) => waiting(a) - waiting(b) || (a.date < b.date ? -1 : a.date > b.date ? 1 : a.description.localeCompare(b.description)));
  return all.slice(0, limit).map(toOccurrence);
}


export const upcomingOut = z.object({ today: z.string(), occurrences: z.array(occurrenceOut) }).openapi({ description: "With include=upcoming: the next 30 days' occurrences (due 'to confirm' ones first), at most 20" });

/** `include=upcoming`'s answer from `upcomingStatement`'s rows: today in the user's zone, and the next occurrences. */
export function upcomingFromRows(rows: readonly UpcomingRow[], now: number, accountId?: string, limit = 20): z.infer<typeof upcomingOut> {
  const { schedules, overrides, postings } = splitUpcomingRows(rows);
  const zone = schedules[0]?.time_zone;
  const today = todayInZone(zone, now);
  return { today, occurrences: upcomingOf(schedules, overrides, postings, today, addDays(today, UPCOMING_DAYS), limit, accountId) };
}
