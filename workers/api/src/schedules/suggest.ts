/**
 * "Found for you" (ADR 058): from the last six months of an account's movements, the ones that
 * repeat (same payee, or same description when there is no payee) with a steady amount (each
 * within 10% of the middle one) and a steady interval: weekly, every two weeks, by quincena (the
 * 15th and the last day), or monthly on about the same day. Salary, rent, phone, streaming. The
 * user accepts one (the page creates the schedule with POST /schedules) or dismisses it, which is
 * remembered by its key.
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { ScheduleSuggestion } from "../../../../core/api-types/schedules";
import { addDays, monthBounds, todayInZone } from "../../../../core/dates";
import { toDecimalString } from "../../../../core/money";
import { foldedForMatching } from "../../../../core/plain-text";
import { nextOccurrence, RULE_KINDS, type RuleKind, type ScheduleRule } from "../../../../core/schedule-rules";
import { suggestionDismissSchema } from "../../../../core/schemas/schedules";
import { body, writeErrors } from "../ledger/http";
import { rowsOf } from "../platform/batch";
import { idempotent } from "../platform/idempotency";
import { bearer, json, problemResponse } from "../platform/openapi";
import type { ApiBindings } from "../platform/types";
import { requireSession } from "../sessions/middleware";
import { schedulesStatement, type ScheduleReadRow } from "./store";

/** How far back movements are read, and at most how many (the newest). */
export const SUGGEST_DAYS = 183;
const SUGGEST_ROWS = 5000;
const MAX_SUGGESTIONS = 8;

export interface HistoryRow {
  account_id: string;
  account_name: string;
  currency: string;
  date: string;
  amount: number;
  description: string;
  payee: string | null;
  category_id: string | null;
}

/** The user's plain movements (no transfers) of open accounts since `from`, read through each account's (account_id, date) index. */
export function historyStatement(db: D1Database, userId: string, from: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT t.account_id, a.name AS account_name, a.currency, t.date, t.amount, t.description, t.payee, t.category_id
         FROM accounts a JOIN transactions t ON t.account_id = a.id AND t.date >= ?2
        WHERE a.user_id = ?1 AND a.archived = 0 AND +t.user_id = ?1 AND t.transfer_id IS NULL
        ORDER BY t.date DESC LIMIT ${SUGGEST_ROWS}`,
    )
    .bind(userId, from);
}

export function dismissalsStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("SELECT key FROM schedule_dismissals WHERE user_id = ?1").bind(userId);
}

export function dismissStatement(db: D1Database, userId: string, key: string, now: number): D1PreparedStatement {
  return db.prepare("INSERT INTO schedule_dismissals (user_id, key, dismissed_at) VALUES (?1, ?2, ?3) ON CONFLICT (user_id, key) DO NOTHING").bind(userId, key, now);
}

/** What makes two movements "the same" one: the payee, else the description, folded, without digits (an invoice number, a month). */
function nameKey(row: { payee: string | null; description: string }): string {
  return foldedForMatching(row.payee || row.description)
    .replace(/[\d#]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dayOf = (date: string) => Number(date.slice(8, 10));
const isLastDay = (date: string) => monthBounds(date).last === date;
const daysApart = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/** The rule a run of dates (oldest first) keeps to, or null when it keeps to none. */
export function steadyRule(dates: string[]): { kind: RuleKind; interval: number; day: number | null } | null {
  if (dates.length < 3) return null;
  const gaps = dates.slice(1).map((date, i) => daysApart(dates[i]!, date));
  const all = (low: number, high: number) => gaps.every((gap) => gap >= low && gap <= high);
  // Pay that comes on the 15th and the last day (moved a day or two for a weekend).
  const nearQuincena = dates.every((date) => Math.abs(dayOf(date) - 15) <= 2 || isLastDay(date) || dayOf(date) >= 28 || dayOf(date) <= 2);
  if (dates.length >= 4 && all(12, 18) && nearQuincena) return { kind: "quincena", interval: 1, day: null };
  if (dates.length >= 4 && all(6, 8)) return { kind: "weeks", interval: 1, day: null };
  if (dates.length >= 3 && all(13, 15)) return { kind: "weeks", interval: 2, day: null };
  if (all(26, 35)) {
    const days = dates.map(dayOf);
    const day = median(days);
    // Within three days of the same day every month; the end of the month is "the last day".
    if (days.every((d) => Math.abs(d - day) <= 3 || (day >= 28 && d >= 28))) return { kind: "monthlyDay", interval: 1, day: day >= 28 ? 31 : day };
  }
  return null;
}

/**
 * The suggestions in `history` (newest first, as read), leaving out what a schedule already
 * covers (same account and name) and what was dismissed. `today` is the user's.
 */
export function findSuggestions(history: readonly HistoryRow[], schedules: readonly Pick<ScheduleReadRow, "account_id" | "payee" | "description">[], dismissed: ReadonlySet<string>, today: string): ScheduleSuggestion[] {
  const covered = new Set(schedules.map((s) => `${s.account_id}:${nameKey(s)}`));
  const groups = new Map<string, HistoryRow[]>();
  for (const row of history) {
    const name = nameKey(row);
    if (!name) continue;
    // Money in and money out of one name are two different things (a refund is no salary).
    const key = `${row.account_id}:${name}:${row.amount < 0 ? "out" : "in"}`;
    const list = groups.get(key) ?? [];
    list.push(row);
    groups.set(key, list);
  }
  const found: ScheduleSuggestion[] = [];
  for (const [groupKey, rows] of groups) {
    if (rows.length < 3) continue;
    const [accountId, name] = groupKey.split(":") as [string, string];
    if (covered.has(`${accountId}:${name}`)) continue;
    // One a day: two movements of a name on one day are not two occurrences.
    const byDay = new Map<string, HistoryRow>();
    for (const row of rows) if (!byDay.has(row.date)) byDay.set(row.date, row);
    const oldestFirst = [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
    const amounts = oldestFirst.map((row) => row.amount);
    const middle = median(amounts);
    if (!amounts.every((amount) => Math.abs(amount - middle) * 10 <= Math.abs(middle))) continue;
    const rule = steadyRule(oldestFirst.map((row) => row.date));
    if (!rule) continue;
    const key = `${groupKey}:${rule.kind}${rule.interval}`.slice(0, 120);
    if (dismissed.has(key)) continue;
    const newest = oldestFirst[oldestFirst.length - 1]!;
    // Stale: nothing for two of its intervals is no longer a running habit.
    const gap = rule.kind === "weeks" ? 7 * rule.interval : rule.kind === "quincena" ? 16 : 31;
    if (daysApart(newest.date, today) > 2 * gap + 3) continue;
    const from = rule.kind === "weeks" ? newest.date : today;
    const probe: ScheduleRule = { kind: rule.kind, interval: rule.interval, day: rule.day, start: from };
    let start = nextOccurrence(probe, addDays(newest.date, 1)) ?? today;
    if (start < today && rule.kind === "weeks") while (start < today) start = addDays(start, 7 * rule.interval);
    found.push({
      key,
      accountId,
      accountName: newest.account_name,
      currency: newest.currency,
      description: newest.description,
      payee: newest.payee,
      categoryId: newest.category_id,
      amount: toDecimalString(middle, newest.currency),
      amountMinor: middle,
      kind: rule.kind,
      interval: rule.interval,
      day: rule.day,
      start,
      seen: oldestFirst.length,
      estimate: amounts.some((amount) => amount !== middle),
    });
  }
  // The ones seen most often first: the likeliest to be real.
  return found.sort((a, b) => b.seen - a.seen || a.description.localeCompare(b.description)).slice(0, MAX_SUGGESTIONS);
}

const suggestionOut = z
  .object({
    key: z.string(),
    accountId: z.string(),
    accountName: z.string(),
    currency: z.string(),
    description: z.string(),
    payee: z.string().nullable(),
    categoryId: z.string().nullable(),
    amount: z.string(),
    amountMinor: z.number().int(),
    kind: z.enum(RULE_KINDS),
    interval: z.number().int(),
    day: z.number().int().nullable(),
    start: z.string(),
    seen: z.number().int(),
    estimate: z.boolean(),
  })
  .openapi("ScheduleSuggestion");

/** GET /schedules/suggestions and POST /schedules/suggestions/dismiss, on the schedules router (before its `{scheduleId}` routes). */
export function addSuggestionRoutes(router: OpenAPIHono<ApiBindings>) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/schedules/suggestions",
      summary: "Schedules found in the last six months of movements (repeating payees, steady amounts and intervals), not yet dismissed",
      security: bearer,
      middleware: [requireSession] as const,
      responses: { 200: { description: "Suggestions", ...json(z.object({ suggestions: z.array(suggestionOut) })) }, 401: problemResponse("No session") },
    }),
    async (c) => {
      const db = c.env.DB;
      const user = c.get("user");
      const today = todayInZone(user.timeZone);
      const [history, schedules, dismissed] = await db.batch([historyStatement(db, user.id, addDays(today, -SUGGEST_DAYS)), schedulesStatement(db, user.id), dismissalsStatement(db, user.id)]);
      const keys = new Set(rowsOf<{ key: string }>(dismissed).map((row) => row.key));
      return c.json({ suggestions: findSuggestions(rowsOf<HistoryRow>(history), rowsOf<ScheduleReadRow>(schedules), keys, today) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/schedules/suggestions/dismiss",
      summary: "Dismiss a suggestion: it is not suggested again",
      security: bearer,
      middleware: [requireSession, idempotent] as const,
      request: body(suggestionDismissSchema),
      responses: { 200: { description: "Dismissed", ...json(z.object({ dismissed: z.string() })) }, ...writeErrors },
    }),
    async (c) => {
      const { key } = c.req.valid("json");
      await dismissStatement(c.env.DB, c.get("user").id, key, Date.now()).run();
      return c.json({ dismissed: key }, 200);
    },
  );
}
