/**
 * Budgets (issue 37, ADR 057): the user's budgets, their lines, and a period's report. Every route
 * is the signed-in user's only: another user's id is a 404, like an unknown or malformed one.
 * Writes honour Idempotency-Key and write in one final D1 batch after all validation. The report
 * reads in one batch with the session check; another (`reportRates`) only when the period's history
 * holds transactions in another currency, and one for the schedules only when a budget that has
 * not begun reports a first period past the days the first batch read (ADR 077).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { addDays, todayInZone } from "../../../../core/dates";
import { ID_PATTERN } from "../../../../core/ids";
import { budgetCreateSchema, budgetLinesSchema, budgetUpdateSchema, reportQuerySchema } from "../../../../core/schemas/budgets";
import { addError, amountOf, body, commonErrors, idParam, notFound, writeErrors, type C, type Errors } from "../ledger/http";
import { createRouter } from "../platform/router";
import { idempotent } from "../platform/idempotency";
import { bearer, json, problemResponse } from "../platform/openapi";
import { firstRow, rowsOf } from "../platform/batch";
import { localeOf, validationProblem } from "../platform/problem";
import { deferSession, requireSession, sessionBatch } from "../sessions/middleware";
import { reportRates } from "./report-rates";
import { budgetOut, reportOut, toBudget } from "./model";
import { buildReport, reportPeriods, wantedRates } from "./report";
import { periodOf, type PeriodKind } from "../../../../core/budget-periods";
import { expectedForBudgetStatements, expectedOccurrences } from "../schedules/store";
import {
  allLinesStatement,
  budgetsStatement,
  budgetStatement,
  deleteBudget,
  expenseCategoriesStatement,
  insertBudget,
  linesStatement,
  replaceLinesStatements,
  spendingStatement,
  updateBudget,
  type BudgetRow,
  type LineRow,
  type SpendingRow,
} from "./store";

export const budgetRoutes = createRouter();

const budgetAnswer = z.object({ budget: budgetOut });

/** A new budget counts from the first day of today's period, so the period it opens on counts whole (ADR 077). */
const firstDayOfPeriod = (input: { period: PeriodKind; cycleDay?: number }, today: string) => periodOf({ kind: input.period, cycleDay: input.cycleDay ?? 1 }, today).start;
const budgetIdParam = idParam("budgetId");

/** The budget and its lines as they now are (a write's answer). */
async function readBudget(c: C, userId: string, id: string) {
  const db = c.env.DB;
  const [budget, lines] = await db.batch([budgetStatement(db, userId, id), linesStatement(db, userId, id)]);
  const row = firstRow<BudgetRow>(budget);
  return row ? toBudget(row, rowsOf<LineRow>(lines), localeOf(c)) : null;
}

budgetRoutes.openapi(
  createRoute({
    method: "get",
    path: "/budgets",
    summary: "The user's budgets with their lines",
    security: bearer,
    middleware: [deferSession] as const,
    responses: { 200: { description: "Budgets", ...json(z.object({ budgets: z.array(budgetOut) })) }, 401: problemResponse("No session") },
  }),
  async (c) => {
    const db = c.env.DB;
    const auth = await sessionBatch(c, (userId) => [budgetsStatement(db, userId), allLinesStatement(db, userId)]);
    if ("response" in auth) return auth.response;
    const lines = rowsOf<LineRow>(auth.results[1]);
    return c.json({ budgets: rowsOf<BudgetRow>(auth.results[0]).map((row) => toBudget(row, lines, localeOf(c))) }, 200);
  },
);

budgetRoutes.openapi(
  createRoute({
    method: "post",
    path: "/budgets",
    summary: "Add a budget (optionally starting with another budget's lines)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: body(budgetCreateSchema),
    responses: { 201: { description: "Created", ...json(budgetAnswer) }, ...writeErrors },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const user = c.get("user");
    const db = c.env.DB;
    const id = crypto.randomUUID();
    const now = Date.now();
    let copied: LineRow[] = [];
    let sourceCurrency = input.currency;
    if (input.copyFrom !== undefined) {
      const [source, lines] = ID_PATTERN.test(input.copyFrom) ? await db.batch([budgetStatement(db, user.id, input.copyFrom), linesStatement(db, user.id, input.copyFrom)]) : [undefined, undefined];
      const row = firstRow<BudgetRow>(source);
      if (!row) return validationProblem(c, { copyFrom: ["ledger.budgets.errors.copyFrom"] });
      copied = rowsOf<LineRow>(lines);
      sourceCurrency = row.currency;
    }
    // Amounts are money of the source's currency: kept in the same currency; in another, the lines
    // come with 0 to fill in (S/ 800 is not US$ 800, and no rate is chosen for the user: ADR 081).
    const keepAmounts = sourceCurrency === input.currency;
    await db.batch([
      insertBudget(db, { id, user_id: user.id, name: input.name, currency: input.currency, period: input.period, cycle_day: input.cycleDay ?? 1, starts_on: input.startsOn ?? firstDayOfPeriod(input, todayInZone(user.timeZone)), created_at: now }),
      ...replaceLinesStatements(db, user.id, id, copied.map((line) => ({ categoryId: line.category_id, amountMinor: keepAmounts ? line.amount : 0, rollover: line.rollover })), now).slice(1),
    ]);
    return c.json({ budget: (await readBudget(c, user.id, id))! }, 201);
  },
);

budgetRoutes.openapi(
  createRoute({
    method: "get",
    path: "/budgets/{budgetId}",
    summary: "One budget with its lines",
    security: bearer,
    middleware: [deferSession] as const,
    request: { params: budgetIdParam },
    responses: { 200: { description: "Budget", ...json(budgetAnswer) }, ...commonErrors },
  }),
  async (c) => {
    const { budgetId } = c.req.valid("param");
    const db = c.env.DB;
    const id = ID_PATTERN.test(budgetId) ? budgetId : crypto.randomUUID();
    const auth = await sessionBatch(c, (userId) => [budgetStatement(db, userId, id), linesStatement(db, userId, id)]);
    if ("response" in auth) return auth.response;
    const row = firstRow<BudgetRow>(auth.results[0]);
    if (!row || id !== budgetId) return notFound(c);
    return c.json({ budget: toBudget(row, rowsOf<LineRow>(auth.results[1]), localeOf(c)) }, 200);
  },
);

budgetRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/budgets/{budgetId}",
    summary: "Rename a budget, or change its period or start",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: budgetIdParam, ...body(budgetUpdateSchema) },
    responses: { 200: { description: "Updated", ...json(budgetAnswer) }, ...writeErrors },
  }),
  async (c) => {
    const { budgetId } = c.req.valid("param");
    if (!ID_PATTERN.test(budgetId)) return notFound(c);
    const userId = c.get("user").id;
    const result = await updateBudget(c.env.DB, userId, budgetId, c.req.valid("json"), Date.now()).run();
    if (!result.meta.changes) return notFound(c);
    const budget = await readBudget(c, userId, budgetId);
    return budget ? c.json({ budget }, 200) : notFound(c);
  },
);

budgetRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/budgets/{budgetId}",
    summary: "Delete a budget and its lines (transactions are not touched)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: budgetIdParam },
    responses: { 204: { description: "Deleted" }, ...writeErrors },
  }),
  async (c) => {
    const { budgetId } = c.req.valid("param");
    if (!ID_PATTERN.test(budgetId)) return notFound(c);
    const result = await deleteBudget(c.env.DB, c.get("user").id, budgetId).run();
    return result.meta.changes ? c.body(null, 204) : notFound(c);
  },
);

budgetRoutes.openapi(
  createRoute({
    method: "put",
    path: "/budgets/{budgetId}/lines",
    summary: "Set all of a budget's lines at once (a line not listed is removed)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: budgetIdParam, ...body(budgetLinesSchema) },
    responses: { 200: { description: "Updated", ...json(budgetAnswer) }, ...writeErrors },
  }),
  async (c) => {
    const { budgetId } = c.req.valid("param");
    if (!ID_PATTERN.test(budgetId)) return notFound(c);
    const userId = c.get("user").id;
    const db = c.env.DB;
    const [budget, categories] = await db.batch([budgetStatement(db, userId, budgetId), expenseCategoriesStatement(db, userId)]);
    const row = firstRow<BudgetRow>(budget);
    if (!row) return notFound(c);
    const expense = new Set(rowsOf<{ id: string }>(categories).map((r) => r.id));
    const errors: Errors = {};
    const lines = c.req.valid("json").lines.map((line, i) => {
      if (line.categoryId !== null && !expense.has(line.categoryId)) addError(errors, `lines.${i}.categoryId`, "ledger.budgets.errors.category");
      const minor = amountOf(c, errors, `lines.${i}.amount`, line.amount, row.currency, "ledger.errors.unsignedAmountFormat");
      // The schema refuses a signed amount already; this keeps a negative one from being stored whatever the parser takes.
      if (minor !== null && minor < 0) addError(errors, `lines.${i}.amount`, "ledger.budgets.errors.negative");
      return { categoryId: line.categoryId, amountMinor: minor ?? 0, rollover: line.rollover };
    });
    if (Object.keys(errors).length) return validationProblem(c, errors);
    await db.batch(replaceLinesStatements(db, userId, budgetId, lines, Date.now()));
    const fresh = await readBudget(c, userId, budgetId);
    return fresh ? c.json({ budget: fresh }, 200) : notFound(c);
  },
);

budgetRoutes.openapi(
  createRoute({
    method: "get",
    path: "/budgets/{budgetId}/report",
    summary: "A period's report: per line budgeted, carried in, spent, left, and left per day in the current period",
    security: bearer,
    middleware: [deferSession] as const,
    request: { params: budgetIdParam, query: reportQuerySchema },
    responses: { 200: { description: "Report", ...json(reportOut) }, ...commonErrors, 422: problemResponse("Invalid period day") },
  }),
  async (c) => {
    const { budgetId } = c.req.valid("param");
    const { period } = c.req.valid("query");
    const db = c.env.DB;
    const id = ID_PATTERN.test(budgetId) ? budgetId : crypto.randomUUID();
    // The user's zone is known only after the batch: the rows are read for a range wide enough for
    // any zone's today (a day either side of UTC's), and the report keeps the periods it needs.
    const utcToday = new Date().toISOString().slice(0, 10);
    // Schedules' reads ride along too, for the same reason over the days any period around it can span.
    const near = period ?? utcToday;
    const [readFrom, readTo] = [addDays(near, -32), addDays(near, 32)];
    const auth = await sessionBatch(c, (userId) => [
      budgetStatement(db, userId, id),
      linesStatement(db, userId, id),
      spendingStatement(db, userId, id, near),
      ...expectedForBudgetStatements(db, userId, id, readFrom, readTo),
    ]);
    if ("response" in auth) return auth.response;
    const budget = firstRow<BudgetRow>(auth.results[0]);
    if (!budget || id !== budgetId) return notFound(c);
    const user = c.get("user");
    const today = todayInZone(user.timeZone);
    const day = period ?? today;
    const rows = rowsOf<SpendingRow>(auth.results[2]);
    const rates = await reportRates(db, user.id, wantedRates(budget, rows, day));
    const { reported, countsFrom } = reportPeriods(budget, day);
    // A budget that has not begun reports its first period (ADR 077), which may lie past the days
    // the schedules were read for: then they are read again for that period (a second round trip,
    // only for such a budget).
    const scheduled = reported.start < readFrom || reported.end > readTo ? await db.batch(expectedForBudgetStatements(db, user.id, budget.id, reported.start, reported.end)) : auth.results.slice(3, 6);
    // Like spending, nothing expected before the day the budget counts from.
    const expected = expectedOccurrences(scheduled, countsFrom, reported.end);
    return c.json(buildReport({ budget, lines: rowsOf<LineRow>(auth.results[1]), rows, rates, expected, day, today, locale: localeOf(c) }), 200);
  },
);
