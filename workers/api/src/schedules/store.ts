/**
 * Scheduled transactions (ADR 058): the SQL of schedules, their one-day overrides, and posting an
 * occurrence exactly once. Every read is scoped by user_id. Posting writes the occurrence's row in
 * `schedule_postings` (PRIMARY KEY (schedule_id, date)) and its transaction in the same batch, the
 * transaction guarded by that row naming it: a second run, a retry or a racing request finds the
 * row taken by another transaction id and writes nothing.
 */
import { accountAsRead } from "../accounts/store";
import { addDays } from "../../../../core/dates";
import type { ScheduleMode } from "../../../../core/schemas/schedules";
import { occurrences, type RuleKind, type ScheduleRule } from "../../../../core/schedule-rules";

export interface ScheduleRow {
  id: string;
  user_id: string;
  account_id: string;
  to_account_id: string | null;
  amount: number;
  to_amount: number | null;
  description: string;
  category_id: string | null;
  payee: string | null;
  rule_kind: RuleKind;
  rule_interval: number;
  rule_day: number | null;
  start_date: string;
  end_date: string | null;
  max_count: number | null;
  first_due: string;
  estimate: number;
  mode: ScheduleMode;
  created_at: number;
  updated_at: number;
}

/** A schedule as read with what posting and showing it need: its accounts' currencies and names, the user's time zone. */
export type ScheduleReadRow = ScheduleRow & {
  currency: string;
  account_name: string;
  account_archived: number;
  to_currency: string | null;
  to_account_name: string | null;
  to_account_archived: number | null;
  time_zone: string;
};

export interface OverrideRow {
  schedule_id: string;
  date: string;
  skip: number;
  amount: number | null;
  description: string | null;
}

export interface PostingRow {
  schedule_id: string;
  date: string;
  transaction_id: string;
}

/**
 * How late an occurrence may still be posted or listed as due: a Cron outage (or a "to confirm"
 * left alone) longer than this does not bring back a season of forgotten entries.
 */
export const LOOKBACK_DAYS = 62;

const READ_COLUMNS = `s.*, a.currency AS currency, a.name AS account_name, a.archived AS account_archived,
  ta.currency AS to_currency, ta.name AS to_account_name, ta.archived AS to_account_archived, u.time_zone AS time_zone`;
const READ_FROM = "schedules s JOIN accounts a ON a.id = s.account_id LEFT JOIN accounts ta ON ta.id = s.to_account_id JOIN users u ON u.id = s.user_id";

export function ruleOf(row: Pick<ScheduleRow, "rule_kind" | "rule_interval" | "rule_day" | "start_date" | "end_date" | "max_count">): ScheduleRule {
  return { kind: row.rule_kind, interval: row.rule_interval, day: row.rule_day, start: row.start_date, end: row.end_date, count: row.max_count };
}

export function schedulesStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare(`SELECT ${READ_COLUMNS} FROM ${READ_FROM} WHERE s.user_id = ?1 ORDER BY s.description COLLATE NOCASE, s.id`).bind(userId);
}

export function scheduleStatement(db: D1Database, userId: string, id: string): D1PreparedStatement {
  return db.prepare(`SELECT ${READ_COLUMNS} FROM ${READ_FROM} WHERE s.id = ?1 AND s.user_id = ?2`).bind(id, userId);
}

export function findSchedule(db: D1Database, userId: string, id: string): Promise<ScheduleReadRow | null> {
  return scheduleStatement(db, userId, id).first<ScheduleReadRow>();
}

/** The user's overrides and postings from `from` on (the window anything can still be due or upcoming in). */
export function overridesStatement(db: D1Database, userId: string, from: string, scheduleId?: string): D1PreparedStatement {
  return db
    .prepare(`SELECT o.* FROM schedule_overrides o JOIN schedules s ON s.id = o.schedule_id WHERE s.user_id = ?1 AND o.date >= ?2 AND (?3 IS NULL OR s.id = ?3)`)
    .bind(userId, from, scheduleId ?? null);
}

export function postingsStatement(db: D1Database, userId: string, from: string, scheduleId?: string): D1PreparedStatement {
  return db
    .prepare(`SELECT p.schedule_id, p.date, p.transaction_id FROM schedule_postings p JOIN schedules s ON s.id = p.schedule_id WHERE s.user_id = ?1 AND p.date >= ?2 AND (?3 IS NULL OR s.id = ?3)`)
    .bind(userId, from, scheduleId ?? null);
}

/**
 * For `include=upcoming` (the overview's and an account list's one call): the user's schedules
 * (one account's, with `accountId`) with their overrides and posted days still in reach as JSON,
 * in one statement, so the include rides in the page's D1 batch. Read by `upcomingFromRows`.
 */
export function upcomingStatement(db: D1Database, userId: string, now: number, accountId?: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${READ_COLUMNS},
         (SELECT json_group_array(json_object('date', o.date, 'skip', o.skip, 'amount', o.amount, 'description', o.description)) FROM schedule_overrides o WHERE o.schedule_id = s.id AND o.date >= ?2) AS overrides_json,
         (SELECT json_group_array(p.date) FROM schedule_postings p WHERE p.schedule_id = s.id AND p.date >= ?2) AS posted_json
         FROM ${READ_FROM} WHERE s.user_id = ?1 AND (?3 IS NULL OR s.account_id = ?3 OR s.to_account_id = ?3)`,
    )
    .bind(userId, lookbackFrom(now), accountId ?? null);
}

export type UpcomingRow = ScheduleReadRow & { overrides_json: string; posted_json: string };

/** The rows of `upcomingStatement` as schedules, overrides and postings. */
export function splitUpcomingRows(rows: readonly UpcomingRow[]): { schedules: ScheduleReadRow[]; overrides: OverrideRow[]; postings: PostingRow[] } {
  const overrides: OverrideRow[] = [];
  const postings: PostingRow[] = [];
  for (const row of rows) {
    for (const o of JSON.parse(row.overrides_json || "[]") as Array<Omit<OverrideRow, "schedule_id">>) overrides.push({ ...o, schedule_id: row.id });
    for (const date of JSON.parse(row.posted_json || "[]") as string[]) postings.push({ schedule_id: row.id, date, transaction_id: "" });
  }
  return { schedules: [...rows], overrides, postings };
}

/** The earliest day anything can still be due, whatever the user's zone (UTC's today, a day of margin). */
export function lookbackFrom(now: number): string {
  return addDays(new Date(now).toISOString().slice(0, 10), -LOOKBACK_DAYS - 1);
}

/** The next `limit` "post automatically" schedules of every user after id `after`, with open accounts (the Cron's pages). */
export function autoSchedulesPage(db: D1Database, after: string, limit: number): D1PreparedStatement {
  return db
    .prepare(`SELECT ${READ_COLUMNS} FROM ${READ_FROM} WHERE s.mode = 'auto' AND s.id > ?1 AND a.archived = 0 AND coalesce(ta.archived, 0) = 0 ORDER BY s.id LIMIT ?2`)
    .bind(after, limit);
}

/** The overrides and postings from `from` on of the schedules `ids` (any user's: the Cron's read). */
export function overridesAndPostingsOf(db: D1Database, ids: string[], from: string): D1PreparedStatement[] {
  const list = JSON.stringify(ids);
  return [
    db.prepare("SELECT * FROM schedule_overrides WHERE schedule_id IN (SELECT value FROM json_each(?1)) AND date >= ?2").bind(list, from),
    db.prepare("SELECT schedule_id, date, transaction_id FROM schedule_postings WHERE schedule_id IN (SELECT value FROM json_each(?1)) AND date >= ?2").bind(list, from),
  ];
}

export type ScheduleValues = {
  accountId: string;
  toAccountId: string | null;
  amount: number;
  toAmount: number | null;
  description: string;
  categoryId: string | null;
  payee: string | null;
  rule: ScheduleRule;
  estimate: boolean;
  mode: ScheduleMode;
};

/** A new schedule, written only while its accounts are as read (the user's, in those currencies, open). */
export function insertSchedule(db: D1Database, userId: string, id: string, v: ScheduleValues, asRead: { currency: string; toCurrency: string | null }, firstDue: string, now: number) {
  const toGuard = v.toAccountId ? ` AND ${accountAsRead(20, 2, 21)}` : "";
  return db
    .prepare(
      `INSERT INTO schedules (id, user_id, account_id, to_account_id, amount, to_amount, description, category_id, payee, rule_kind, rule_interval, rule_day, start_date, end_date, max_count, first_due, estimate, mode, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?19 WHERE ${accountAsRead(3, 2, 22)}${toGuard}`,
    )
    .bind(
      id, userId, v.accountId, v.toAccountId, v.amount, v.toAmount, v.description, v.categoryId, v.payee,
      v.rule.kind, v.rule.interval, v.rule.day ?? null, v.rule.start, v.rule.end ?? null, v.rule.count ?? null,
      firstDue, v.estimate ? 1 : 0, v.mode, now, v.toAccountId, asRead.toCurrency, asRead.currency,
    );
}

/** The whole schedule as edited, written only while it is as read (`updatedAt`) and its accounts are. */
export function updateSchedule(db: D1Database, userId: string, id: string, v: ScheduleValues, asRead: { currency: string; toCurrency: string | null; updatedAt: number }, now: number) {
  const toGuard = v.toAccountId ? ` AND ${accountAsRead(19, 2, 20)}` : "";
  return db
    .prepare(
      `UPDATE schedules SET account_id = ?3, to_account_id = ?4, amount = ?5, to_amount = ?6, description = ?7, category_id = ?8, payee = ?9, rule_kind = ?10, rule_interval = ?11,
              rule_day = ?12, start_date = ?13, end_date = ?14, max_count = ?15, estimate = ?16, mode = ?17, updated_at = max(?18, updated_at + 1)
        WHERE id = ?1 AND user_id = ?2 AND updated_at = ?21 AND ${accountAsRead(3, 2, 22)}${toGuard}`,
    )
    .bind(
      id, userId, v.accountId, v.toAccountId, v.amount, v.toAmount, v.description, v.categoryId, v.payee,
      v.rule.kind, v.rule.interval, v.rule.day ?? null, v.rule.start, v.rule.end ?? null, v.rule.count ?? null,
      v.estimate ? 1 : 0, v.mode, now, v.toAccountId, asRead.toCurrency, asRead.updatedAt, asRead.currency,
    );
}

/**
 * An account restored: its schedules (on either side) post from `today` on, not the days they rested
 * (ADR 087, as a new schedule does: ADR 058). In the restore's batch, after it, and only where the
 * account is open again, so a refused restore moves nothing.
 */
export function resumeSchedulesFrom(db: D1Database, userId: string, accountId: string, today: string) {
  return db
    .prepare(
      `UPDATE schedules SET first_due = max(first_due, ?3)
        WHERE user_id = ?1 AND (account_id = ?2 OR to_account_id = ?2) AND EXISTS (SELECT 1 FROM accounts WHERE id = ?2 AND user_id = ?1 AND archived = 0)`,
    )
    .bind(userId, accountId, today);
}

export function deleteSchedule(db: D1Database, userId: string, id: string) {
  return db.prepare("DELETE FROM schedules WHERE id = ?1 AND user_id = ?2").bind(id, userId);
}

/** Skips one occurrence (kept with any edit of it), unless it was posted already. */
export function skipOccurrence(db: D1Database, userId: string, scheduleId: string, date: string) {
  return db
    .prepare(
      `INSERT INTO schedule_overrides (schedule_id, date, skip) SELECT ?1, ?2, 1
        WHERE EXISTS (SELECT 1 FROM schedules WHERE id = ?1 AND user_id = ?3) AND NOT EXISTS (SELECT 1 FROM schedule_postings WHERE schedule_id = ?1 AND date = ?2)
       ON CONFLICT (schedule_id, date) DO UPDATE SET skip = 1`,
    )
    .bind(scheduleId, date, userId);
}

/** Another amount or description for one occurrence (null keeps the schedule's), unless it was posted already. */
export function editOccurrence(db: D1Database, userId: string, scheduleId: string, date: string, change: { amount: number | null; description: string | null }) {
  return db
    .prepare(
      `INSERT INTO schedule_overrides (schedule_id, date, skip, amount, description) SELECT ?1, ?2, 0, ?4, ?5
        WHERE EXISTS (SELECT 1 FROM schedules WHERE id = ?1 AND user_id = ?3) AND NOT EXISTS (SELECT 1 FROM schedule_postings WHERE schedule_id = ?1 AND date = ?2)
       ON CONFLICT (schedule_id, date) DO UPDATE SET skip = 0, amount = excluded.amount, description = excluded.description`,
    )
    .bind(scheduleId, date, userId, change.amount, change.description);
}

/** Undoes a skip or an edit of one occurrence. */
export function clearOccurrence(db: D1Database, userId: string, scheduleId: string, date: string) {
  return db.prepare("DELETE FROM schedule_overrides WHERE schedule_id = ?1 AND date = ?2 AND EXISTS (SELECT 1 FROM schedules WHERE id = ?1 AND user_id = ?3)").bind(scheduleId, date, userId);
}

export function postingStatement(db: D1Database, scheduleId: string, date: string) {
  return db.prepare("SELECT schedule_id, date, transaction_id FROM schedule_postings WHERE schedule_id = ?1 AND date = ?2").bind(scheduleId, date);
}

/** What one posting writes: the day's values (overrides applied) and the transaction's day. */
export interface Posting {
  schedule: ScheduleReadRow;
  /** The occurrence: the key of its posting. */
  date: string;
  /** The transaction's day: the occurrence's, or today's when it is posted ahead of time. */
  bookedOn: string;
  amount: number;
  description: string;
  transactionId: string;
  /** The other leg's id and the transfer's, for a transfer. */
  otherId: string;
  transferId: string;
  now: number;
}

/**
 * The statements that post one occurrence, for one D1 batch. First the posting row, written only
 * while the schedule is as read (not edited since), the day not skipped, and the accounts open
 * and in their currencies; then the transaction (or both legs of a transfer), written only when
 * that row names this transaction. Already posted: the first write is ignored and the second
 * finds another id, so nothing is written and nothing fails.
 */
export function postOccurrenceStatements(db: D1Database, p: Posting): D1PreparedStatement[] {
  const s = p.schedule;
  const accounts = s.to_account_id ? `${accountAsRead(5, 6, 7)} AND ${accountAsRead(8, 6, 9)}` : accountAsRead(5, 6, 7);
  const claim = db
    .prepare(
      `INSERT OR IGNORE INTO schedule_postings (schedule_id, date, transaction_id, posted_at)
       SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM schedules WHERE id = ?1 AND user_id = ?6 AND updated_at = ?10)
         AND NOT EXISTS (SELECT 1 FROM schedule_overrides WHERE schedule_id = ?1 AND date = ?2 AND skip = 1) AND ${accounts}`,
    )
    .bind(s.id, p.date, p.transactionId, p.now, s.account_id, s.user_id, s.currency, s.to_account_id, s.to_currency, s.updated_at);
  const insert = `INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, payee, notes, status, transfer_id, created_at, updated_at)
                  SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, NULL, 'posted', ?9, ?10, ?10
                   WHERE EXISTS (SELECT 1 FROM schedule_postings WHERE schedule_id = ?11 AND date = ?12 AND transaction_id = ?13)`;
  const leg = (id: string, accountId: string, amount: number, transferId: string | null) =>
    db.prepare(insert).bind(id, accountId, s.user_id, p.bookedOn, p.description, amount, s.category_id, s.payee, transferId, p.now, s.id, p.date, p.transactionId);
  if (!s.to_account_id) return [claim, leg(p.transactionId, s.account_id, p.amount, null)];
  // A transfer: what leaves this account, and what arrives in the other (its own amount when the currencies differ).
  const arrives = s.to_currency === s.currency ? Math.abs(p.amount) : (s.to_amount ?? Math.abs(p.amount));
  return [claim, leg(p.transactionId, s.account_id, -Math.abs(p.amount), p.transferId), leg(p.otherId, s.to_account_id, arrives, p.transferId)];
}

// ───────────────────── What is due and upcoming ─────────────────────

export interface PendingOccurrence {
  schedule: ScheduleReadRow;
  date: string;
  amount: number;
  description: string;
  edited: boolean;
  due: boolean;
}

/**
 * The occurrences of `schedule` from what may still be due (its first due day, at most
 * `LOOKBACK_DAYS` back) through `through`, neither posted nor skipped, with their one-day edits.
 */
export function pendingOccurrences(schedule: ScheduleReadRow, overrides: readonly OverrideRow[], postings: readonly PostingRow[], today: string, through: string, limit = 200): PendingOccurrence[] {
  const earliest = addDays(today, -LOOKBACK_DAYS);
  const from = schedule.first_due > earliest ? schedule.first_due : earliest;
  const posted = new Set(postings.filter((p) => p.schedule_id === schedule.id).map((p) => p.date));
  const changed = new Map(overrides.filter((o) => o.schedule_id === schedule.id).map((o) => [o.date, o]));
  const out: PendingOccurrence[] = [];
  for (const date of occurrences(ruleOf(schedule), from, through, limit + posted.size + changed.size)) {
    const override = changed.get(date);
    if (posted.has(date) || override?.skip) continue;
    out.push({ schedule, date, amount: override?.amount ?? schedule.amount, description: override?.description ?? schedule.description, edited: !!override && (override.amount !== null || override.description !== null), due: date <= today });
    if (out.length >= limit) break;
  }
  return out;
}

// ───────────────────── For budgets: what is expected ─────────────────────

/**
 * The reads `expectedFromResults` needs, to run inside the caller's D1 batch: the user's
 * schedules of one currency, and their overrides and postings in the range.
 */
export function expectedStatements(db: D1Database, userId: string, currency: string, from: string, to: string): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT ${READ_COLUMNS} FROM ${READ_FROM} WHERE s.user_id = ?1 AND a.currency = ?2 AND a.archived = 0 AND s.to_account_id IS NULL AND s.start_date <= ?3`).bind(userId, currency, to),
    ...overridesAndPostingsStatements(db, userId, from, to),
  ];
}

function overridesAndPostingsStatements(db: D1Database, userId: string, from: string, to: string): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT o.* FROM schedule_overrides o JOIN schedules s ON s.id = o.schedule_id WHERE s.user_id = ?1 AND o.date BETWEEN ?2 AND ?3`).bind(userId, from, to),
    db.prepare(`SELECT p.schedule_id, p.date, p.transaction_id FROM schedule_postings p JOIN schedules s ON s.id = p.schedule_id WHERE s.user_id = ?1 AND p.date BETWEEN ?2 AND ?3`).bind(userId, from, to),
  ];
}

/**
 * `expectedStatements` for a budget not read yet: the schedules of the budget's currency (read
 * from its row), so they ride in the same batch as the session check and the budget itself.
 */
export function expectedForBudgetStatements(db: D1Database, userId: string, budgetId: string, from: string, to: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `SELECT ${READ_COLUMNS} FROM ${READ_FROM} WHERE s.user_id = ?1 AND a.currency = (SELECT currency FROM budgets WHERE id = ?2 AND user_id = ?1) AND a.archived = 0 AND s.to_account_id IS NULL AND s.start_date <= ?3`,
      )
      .bind(userId, budgetId, to),
    ...overridesAndPostingsStatements(db, userId, from, to),
  ];
}

/**
 * Each occurrence scheduled but not posted (nor skipped) in `from`–`to`, with its category (null:
 * uncategorized) and its amount in minor units of the schedules' currency, signed as the
 * transaction will be (spending is negative). Transfers are not spending and are left out;
 * occurrences before a schedule's first due day will never post and are left out too.
 */
export function expectedOccurrences(results: readonly D1Result[], from: string, to: string): Array<{ categoryId: string | null; amountMinor: number }> {
  const [schedules, overrides, postings] = results.map((r) => r?.results ?? []) as [ScheduleReadRow[], OverrideRow[], PostingRow[]];
  const out: Array<{ categoryId: string | null; amountMinor: number }> = [];
  for (const schedule of schedules ?? []) {
    const start = schedule.first_due > from ? schedule.first_due : from;
    if (start > to) continue;
    const posted = new Set((postings ?? []).filter((p) => p.schedule_id === schedule.id).map((p) => p.date));
    const changed = new Map((overrides ?? []).filter((o) => o.schedule_id === schedule.id).map((o) => [o.date, o]));
    for (const date of occurrences(ruleOf(schedule), start, to, 2000)) {
      const override = changed.get(date);
      if (posted.has(date) || override?.skip) continue;
      out.push({ categoryId: schedule.category_id, amountMinor: override?.amount ?? schedule.amount });
    }
  }
  return out;
}

/** `expectedOccurrences` summed per category. Amounts of one currency only, never mixed. */
export function expectedFromResults(results: readonly D1Result[], from: string, to: string): Array<{ categoryId: string | null; expectedMinor: number }> {
  const sums = new Map<string | null, number>();
  for (const { categoryId, amountMinor } of expectedOccurrences(results, from, to)) sums.set(categoryId, (sums.get(categoryId) ?? 0) + amountMinor);
  return [...sums.entries()].map(([categoryId, expectedMinor]) => ({ categoryId, expectedMinor }));
}

/** `expectedFromResults` in its own round trip. */
export async function expectedByCategory(db: D1Database, userId: string, currency: string, from: string, to: string) {
  return expectedFromResults(await db.batch(expectedStatements(db, userId, currency, from, to)), from, to);
}
