/**
 * Scheduled transactions (ADR 058): the user's schedules (CRUD), their upcoming occurrences, and
 * one occurrence posted now, skipped, or edited for that day only. Every route is the signed-in
 * user's only: another user's id is a 404, like an unknown or malformed one (a path's date too).
 * Every write honours Idempotency-Key and writes in one final D1 batch. SQL in store.ts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { addDays, isIsoDay, latestRecordDay, todayInZone } from "../../../../core/dates";
import { ID_PATTERN } from "../../../../core/ids";
import { toDecimalString } from "../../../../core/money";
import { isOccurrence, isValidRule, type ScheduleRule } from "../../../../core/schedule-rules";
import { occurrenceEditSchema, scheduleCreateSchema, scheduleUpdateSchema, UPCOMING_DAYS, UPCOMING_DAYS_MAX, type ScheduleCreateInput } from "../../../../core/schemas/schedules";
import { findAccount } from "../accounts/store";
import { categoryBelongs } from "../categories/store";
import { addError, amountOf, body, commonErrors, conflict, idParam, notFound, writeErrors, type C, type Errors } from "../ledger/http";
import { firstRow, rowsOf, writeThenRead } from "../platform/batch";
import { idempotent } from "../platform/idempotency";
import { bearer, json, problemResponse } from "../platform/openapi";
import { validationProblem } from "../platform/problem";
import { createRouter } from "../platform/router";
import { uuid7 } from "../platform/uuid7";
import { requireSession } from "../sessions/middleware";
import { transfersCategory } from "../transfers/store";
import { occurrenceOut, scheduleOut, toOccurrence, toSchedule, upcomingOf } from "./model";
import {
  clearOccurrence,
  deleteSchedule,
  editOccurrence,
  insertSchedule,
  lookbackFrom,
  overridesStatement,
  pendingOccurrences,
  postingsStatement,
  postingStatement,
  postOccurrenceStatements,
  scheduleStatement,
  schedulesStatement,
  skipOccurrence,
  updateSchedule,
  type OverrideRow,
  type PostingRow,
  type ScheduleReadRow,
  type ScheduleValues,
} from "./store";
import { addSuggestionRoutes } from "./suggest";

export const scheduleRoutes = createRouter();

const todayOf = (c: C) => todayInZone(c.get("user").timeZone);

const scheduleAnswer = z.object({ schedule: scheduleOut });

const dateParam = z.object({
  scheduleId: idParam("scheduleId").shape.scheduleId,
  date: z.string().openapi({ param: { name: "date", in: "path" }, example: "2026-12-15", description: "The occurrence's day (YYYY-MM-DD)" }),
});

// ───────────────────── Reading ─────────────────────

scheduleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/schedules",
    summary: "The user's schedules, each with its next occurrence",
    security: bearer,
    middleware: [requireSession] as const,
    responses: { 200: { description: "Schedules", ...json(z.object({ schedules: z.array(scheduleOut) })) }, 401: problemResponse("No session") },
  }),
  async (c) => {
    const db = c.env.DB;
    const userId = c.get("user").id;
    const from = lookbackFrom(Date.now());
    const [rows, overrides, postings] = await db.batch([schedulesStatement(db, userId), overridesStatement(db, userId, from), postingsStatement(db, userId, from)]);
    const today = todayOf(c);
    return c.json({ schedules: rowsOf<ScheduleReadRow>(rows).map((row) => toSchedule(row, rowsOf<OverrideRow>(overrides), rowsOf<PostingRow>(postings), today)) }, 200);
  },
);

const upcomingQuery = z.object({
  days: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d{1,3}$/, { error: "schedules.errors.days" }).transform(Number).refine((n) => n >= 1 && n <= UPCOMING_DAYS_MAX, { error: "schedules.errors.days" }).optional()),
  limit: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d{1,3}$/, { error: "api.recent" }).transform(Number).refine((n) => n >= 1 && n <= 200, { error: "api.recent" }).optional()),
  accountId: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
});

scheduleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/schedules/upcoming",
    summary: "The next occurrences (default 30 days): due 'to confirm' ones first, then by day; optionally one account's",
    security: bearer,
    middleware: [requireSession] as const,
    request: { query: upcomingQuery },
    responses: { 200: { description: "Upcoming occurrences", ...json(z.object({ today: z.string(), occurrences: z.array(occurrenceOut) })) }, 401: problemResponse("No session"), 422: problemResponse("Invalid query") },
  }),
  async (c) => {
    const { days, limit, accountId } = c.req.valid("query");
    const db = c.env.DB;
    const userId = c.get("user").id;
    const from = lookbackFrom(Date.now());
    const [rows, overrides, postings] = await db.batch([schedulesStatement(db, userId), overridesStatement(db, userId, from), postingsStatement(db, userId, from)]);
    const today = todayOf(c);
    const list = upcomingOf(rowsOf(rows), rowsOf(overrides), rowsOf(postings), today, addDays(today, days ?? UPCOMING_DAYS), limit ?? 50, accountId);
    return c.json({ today, occurrences: list }, 200);
  },
);

addSuggestionRoutes(scheduleRoutes);

scheduleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/schedules/{scheduleId}",
    summary: "One schedule, with its next occurrences (90 days)",
    security: bearer,
    middleware: [requireSession] as const,
    request: { params: idParam("scheduleId") },
    responses: { 200: { description: "The schedule", ...json(z.object({ schedule: scheduleOut, occurrences: z.array(occurrenceOut) })) }, ...commonErrors },
  }),
  async (c) => {
    const { scheduleId } = c.req.valid("param");
    if (!ID_PATTERN.test(scheduleId)) return notFound(c);
    const read = await readOne(c, scheduleId);
    if (!read) return notFound(c);
    const today = todayOf(c);
    const occurrences = pendingOccurrences(read.row, read.overrides, read.postings, today, addDays(today, UPCOMING_DAYS_MAX), 50).map(toOccurrence);
    return c.json({ schedule: toSchedule(read.row, read.overrides, read.postings, today), occurrences }, 200);
  },
);

/** A schedule of the user's with its overrides and postings still in reach, in one round trip; null when it is not theirs. */
async function readOne(c: C, scheduleId: string) {
  const db = c.env.DB;
  const userId = c.get("user").id;
  const from = lookbackFrom(Date.now());
  const [rows, overrides, postings] = await db.batch([scheduleStatement(db, userId, scheduleId), overridesStatement(db, userId, from, scheduleId), postingsStatement(db, userId, from, scheduleId)]);
  const row = firstRow<ScheduleReadRow>(rows);
  return row ? { row, overrides: rowsOf<OverrideRow>(overrides), postings: rowsOf<PostingRow>(postings) } : null;
}

// ───────────────────── Writing a schedule ─────────────────────

type Merged = Omit<ScheduleCreateInput, "interval"> & { interval?: number };

/**
 * The schedule's values from the input (merged over the stored one for an edit), checked against
 * its accounts: theirs, open, amounts exact in their currencies, the category theirs, the rule
 * one that can happen. Reads only; the answer that refuses it otherwise.
 */
async function checkValues(c: C, input: Merged): Promise<{ values: ScheduleValues; currency: string; toCurrency: string | null } | { response: Response }> {
  const db = c.env.DB;
  const userId = c.get("user").id;
  const errors: Errors = {};
  const [account, toAccount] = await Promise.all([findAccount(db, userId, input.accountId), input.toAccountId ? findAccount(db, userId, input.toAccountId) : Promise.resolve(null)]);
  if (!account) addError(errors, "accountId", "ledger.errors.accountUnknown");
  else if (account.archived) addError(errors, "accountId", "api.accountArchived");
  if (input.toAccountId && !toAccount) addError(errors, "toAccountId", "schedules.errors.toAccount");
  else if (toAccount?.archived) addError(errors, "toAccountId", "api.accountArchived");
  let amount: number | null = null;
  let toAmount: number | null = null;
  if (account) {
    amount = amountOf(c, errors, "amount", input.amount, account.currency);
    // A transfer's amount is what leaves the account: never negative.
    if (amount !== null && toAccount) amount = Math.abs(amount);
    if (amount === 0) addError(errors, "amount", "ledger.errors.amountZero");
    if (toAccount && toAccount.currency !== account.currency) {
      if (!input.toAmount) addError(errors, "toAmount", "schedules.errors.toAmount");
      else {
        toAmount = amountOf(c, errors, "toAmount", input.toAmount, toAccount.currency, "ledger.errors.positiveAmountFormat");
        if (toAmount !== null && toAmount <= 0) addError(errors, "toAmount", "schedules.errors.toAmount");
      }
    }
  }
  let categoryId = input.categoryId ?? null;
  if (categoryId && !(await categoryBelongs(db, userId, categoryId))) addError(errors, "categoryId", "ledger.errors.categoryUnknown");
  if (!categoryId && toAccount) categoryId = (await transfersCategory(db, userId))?.id ?? null;
  const rule: ScheduleRule = { kind: input.kind, interval: input.interval ?? 1, day: input.kind === "monthlyDay" ? (input.day ?? null) : null, start: input.start, end: input.end ?? null, count: input.count ?? null };
  if (!errors.kind && !isValidRule(rule)) addError(errors, input.kind === "monthlyDay" ? "day" : "start", input.kind === "monthlyDay" ? "schedules.errors.day" : "ledger.errors.date");
  if (input.start > latestRecordDay()) addError(errors, "start", "ledger.errors.dateOutOfRange");
  if (Object.keys(errors).length || !account || amount === null) return { response: validationProblem(c, errors) };
  return {
    values: {
      accountId: account.id,
      toAccountId: toAccount?.id ?? null,
      amount,
      toAmount,
      description: input.description,
      categoryId,
      payee: input.payee ?? null,
      rule,
      estimate: input.estimate ?? false,
      mode: input.mode,
    },
    currency: account.currency,
    toCurrency: toAccount?.currency ?? null,
  };
}

scheduleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/schedules",
    summary: "Add a schedule: a transaction (or a transfer) on every day of its rule",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: body(scheduleCreateSchema),
    responses: { 201: { description: "Created", ...json(scheduleAnswer) }, ...writeErrors, 409: problemResponse("An account was archived or changed currency while this was saved (nothing written), or the same Idempotency-Key still in progress") },
  }),
  async (c) => {
    const checked = await checkValues(c, c.req.valid("json"));
    if ("response" in checked) return checked.response;
    const db = c.env.DB;
    const userId = c.get("user").id;
    const id = uuid7();
    const today = todayOf(c);
    const ran = await writeThenRead(c, [insertSchedule(db, userId, id, checked.values, checked, today, Date.now())], [scheduleStatement(db, userId, id)]);
    if ("failed" in ran) return ran.failed;
    const row = firstRow<ScheduleReadRow>(ran.read[0]);
    if (!row) return conflict(c, "api.accountChangedWhileSaving");
    return c.json({ schedule: toSchedule(row, [], [], today) }, 201);
  },
);

/** A stored schedule as the input it would have been made from. */
function inputOf(row: ScheduleReadRow): Merged {
  return {
    accountId: row.account_id,
    toAccountId: row.to_account_id ?? undefined,
    amount: toDecimalString(row.amount, row.currency),
    toAmount: row.to_amount !== null && row.to_currency ? toDecimalString(row.to_amount, row.to_currency) : undefined,
    description: row.description,
    categoryId: row.category_id,
    payee: row.payee,
    kind: row.rule_kind,
    interval: row.rule_interval,
    day: row.rule_day ?? undefined,
    start: row.start_date,
    end: row.end_date ?? undefined,
    count: row.max_count ?? undefined,
    estimate: !!row.estimate,
    mode: row.mode,
  };
}

scheduleRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/schedules/{scheduleId}",
    summary: "Change a schedule (from its next occurrence on; occurrences posted stay as they are)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("scheduleId"), ...body(scheduleUpdateSchema) },
    responses: { 200: { description: "Updated", ...json(scheduleAnswer) }, ...writeErrors, 409: problemResponse("Changed by another request meanwhile (nothing written)") },
  }),
  async (c) => {
    const { scheduleId } = c.req.valid("param");
    if (!ID_PATTERN.test(scheduleId)) return notFound(c);
    const read = await readOne(c, scheduleId);
    if (!read) return notFound(c);
    const input = c.req.valid("json");
    // Each field given replaces the stored one; null (or "") clears an optional one (a transfer's other account, the end, the count).
    const merged = inputOf(read.row) as Record<string, unknown>;
    for (const [key, value] of Object.entries(input)) if (value !== undefined) merged[key] = value ?? undefined;
    const checked = await checkValues(c, merged as Merged);
    if ("response" in checked) return checked.response;
    const db = c.env.DB;
    const userId = c.get("user").id;
    const today = todayOf(c);
    const ran = await writeThenRead(c, [updateSchedule(db, userId, scheduleId, checked.values, { ...checked, updatedAt: read.row.updated_at }, Date.now())], [scheduleStatement(db, userId, scheduleId)]);
    if ("failed" in ran) return ran.failed;
    const row = firstRow<ScheduleReadRow>(ran.read[0]);
    if (!row) return notFound(c);
    if (!ran.written[0]?.meta.changes) return conflict(c, "schedules.errors.changedMeanwhile");
    return c.json({ schedule: toSchedule(row, read.overrides, read.postings, today) }, 200);
  },
);

scheduleRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/schedules/{scheduleId}",
    summary: "Delete a schedule (the transactions it posted stay)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("scheduleId") },
    responses: { 204: { description: "Deleted" }, ...writeErrors },
  }),
  async (c) => {
    const { scheduleId } = c.req.valid("param");
    if (!ID_PATTERN.test(scheduleId)) return notFound(c);
    const result = await deleteSchedule(c.env.DB, c.get("user").id, scheduleId).run();
    return result.meta.changes ? c.body(null, 204) : notFound(c);
  },
);

// ───────────────────── One occurrence ─────────────────────

/** The schedule and the occurrence a path names, or the 404 (not theirs, malformed, or not a day of the rule). */
type Found = { row: ScheduleReadRow; overrides: OverrideRow[]; postings: PostingRow[]; posted: boolean };

async function occurrenceOf(c: C, scheduleId: string, date: string): Promise<Found | { response: Response }> {
  if (!ID_PATTERN.test(scheduleId) || !isIsoDay(date)) return { response: notFound(c) };
  const read = await readOne(c, scheduleId);
  if (!read || !isOccurrence({ kind: read.row.rule_kind, interval: read.row.rule_interval, day: read.row.rule_day, start: read.row.start_date, end: read.row.end_date, count: read.row.max_count }, date)) return { response: notFound(c) };
  const posted = !!(await postingStatement(c.env.DB, scheduleId, date).first<PostingRow>());
  return { ...read, posted };
}

const occurrenceAnswer = z.object({ occurrence: z.object({ scheduleId: z.string(), date: z.string(), skipped: z.boolean(), transactionId: z.string().nullable() }) });

scheduleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/schedules/{scheduleId}/occurrences/{date}/post",
    summary: "Post one occurrence now (once: a second post of the same day is a 409)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: dateParam },
    responses: { 201: { description: "Posted", ...json(occurrenceAnswer) }, ...writeErrors, 409: problemResponse("Already posted or skipped, or the schedule or an account changed meanwhile (nothing written)") },
  }),
  async (c) => {
    const { scheduleId, date } = c.req.valid("param");
    const found = await occurrenceOf(c, scheduleId, date);
    if ("response" in found) return found.response;
    if (found.posted) return conflict(c, "schedules.errors.alreadyPosted");
    const override = found.overrides.find((o) => o.date === date);
    if (override?.skip) return conflict(c, "schedules.errors.skipped");
    const row = found.row;
    if (row.account_archived || row.to_account_archived) return conflict(c, "api.accountArchived");
    const today = todayOf(c);
    const transactionId = uuid7();
    const db = c.env.DB;
    const statements = postOccurrenceStatements(db, {
      schedule: row,
      date,
      // Posted ahead of its day: booked today, when the money moved.
      bookedOn: date > today ? today : date,
      amount: override?.amount ?? row.amount,
      description: override?.description ?? row.description,
      transactionId,
      otherId: uuid7(),
      transferId: crypto.randomUUID(),
      now: Date.now(),
    });
    const ran = await writeThenRead(c, statements, [postingStatement(db, scheduleId, date)]);
    if ("failed" in ran) return ran.failed;
    const posting = firstRow<PostingRow>(ran.read[0]);
    if (posting?.transaction_id !== transactionId) return conflict(c, posting ? "schedules.errors.alreadyPosted" : "schedules.errors.changedMeanwhile");
    return c.json({ occurrence: { scheduleId, date, skipped: false, transactionId } }, 201);
  },
);

scheduleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/schedules/{scheduleId}/occurrences/{date}/skip",
    summary: "Skip one occurrence (it will not be posted)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: dateParam },
    responses: { 200: { description: "Skipped", ...json(occurrenceAnswer) }, ...writeErrors, 409: problemResponse("Already posted") },
  }),
  async (c) => {
    const { scheduleId, date } = c.req.valid("param");
    const found = await occurrenceOf(c, scheduleId, date);
    if ("response" in found) return found.response;
    if (found.posted) return conflict(c, "schedules.errors.alreadyPosted");
    const result = await skipOccurrence(c.env.DB, c.get("user").id, scheduleId, date).run();
    if (!result.meta.changes) return conflict(c, "schedules.errors.alreadyPosted");
    return c.json({ occurrence: { scheduleId, date, skipped: true, transactionId: null } }, 200);
  },
);

scheduleRoutes.openapi(
  createRoute({
    method: "put",
    path: "/schedules/{scheduleId}/occurrences/{date}",
    summary: "Change one occurrence only: its amount, its description (blank keeps the schedule's)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: dateParam, ...body(occurrenceEditSchema) },
    responses: { 200: { description: "Changed", ...json(z.object({ occurrence: occurrenceOut })) }, ...writeErrors, 409: problemResponse("Already posted") },
  }),
  async (c) => {
    const { scheduleId, date } = c.req.valid("param");
    const found = await occurrenceOf(c, scheduleId, date);
    if ("response" in found) return found.response;
    if (found.posted) return conflict(c, "schedules.errors.alreadyPosted");
    const input = c.req.valid("json");
    const errors: Errors = {};
    let amount = input.amount === undefined ? null : amountOf(c, errors, "amount", input.amount, found.row.currency);
    if (amount !== null && found.row.to_account_id) amount = Math.abs(amount);
    if (Object.keys(errors).length) return validationProblem(c, errors);
    const db = c.env.DB;
    const result = await editOccurrence(db, c.get("user").id, scheduleId, date, { amount, description: input.description ?? null }).run();
    if (!result.meta.changes) return conflict(c, "schedules.errors.alreadyPosted");
    const read = await readOne(c, scheduleId);
    const today = todayOf(c);
    const occurrence = read && pendingOccurrences(read.row, read.overrides, read.postings, today, date, 500).find((o) => o.date === date);
    if (!occurrence) return notFound(c);
    return c.json({ occurrence: toOccurrence(occurrence) }, 200);
  },
);

scheduleRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/schedules/{scheduleId}/occurrences/{date}",
    summary: "Undo a skip or an edit of one occurrence",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: dateParam },
    responses: { 204: { description: "The occurrence is the schedule's again" }, ...writeErrors },
  }),
  async (c) => {
    const { scheduleId, date } = c.req.valid("param");
    const found = await occurrenceOf(c, scheduleId, date);
    if ("response" in found) return found.response;
    await clearOccurrence(c.env.DB, c.get("user").id, scheduleId, date).run();
    return c.body(null, 204);
  },
);

