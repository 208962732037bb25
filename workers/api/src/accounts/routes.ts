/**
 * Accounts: the list with balances, one account, a new one, an edit or archive.
 * Contract: docs/api/ledger.md. Every route is the signed-in user's only: another user's id is a
 * 404, like an unknown or malformed one. Every mutating route honours Idempotency-Key and writes
 * in one final D1 batch (atomic), after all validation. Their SQL is in store.ts.
 */
import { accountOr404, addError, amountOf, body, commonErrors, conflict, idParam, notFound, writeErrors, type Errors } from "../ledger/http";
import { createRoute, z } from "@hono/zod-openapi";
import { todayInZone } from "../../../../core/dates";
import { toEditableDecimalString } from "../../../../core/money";
import { accountCreateSchema, accountUpdateSchema, blank } from "../../../../core/schemas/ledger";
import { createRouter } from "../platform/router";
import { idempotent } from "../platform/idempotency";
import { accountOut, toAccount, type AccountRow } from "../ledger/model";
import { accountsAnswer, accountsResponse } from "../ledger/collections";
import { accountsStatement, accountStatement, insertAccount } from "./store";
import { updateRow, type Guard } from "../ledger/store";
import { resumeSchedulesFrom } from "../schedules/store";
import { firstRow, writeThenRead } from "../platform/batch";
import { bearer, json, problemResponse } from "../platform/openapi";
import { validationProblem } from "../platform/problem";
import { deferSession, requireSession, sessionBatch } from "../sessions/middleware";

export const accountsRoutes = createRouter();

accountsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/accounts",
    summary: "The user's accounts with balances, and totals per currency of the active ones",
    security: bearer,
    middleware: [deferSession] as const,
    request: { query: z.object({ archived: blank(z.enum(["all", "true", "false"], { error: "ledger.errors.archivedFilter" })) }) },
    responses: {
      200: { description: "Accounts", ...json(accountsResponse) },
      401: problemResponse("No session"),
    },
  }),
  async (c) => {
    const { archived = "all" } = c.req.valid("query");
    const auth = await sessionBatch(c, (userId) => [accountsStatement(c.env.DB, userId, archived)]);
    if ("response" in auth) return auth.response;
    return c.json(accountsAnswer((auth.results[0]?.results ?? []) as AccountRow[]), 200);
  },
);

accountsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/accounts",
    summary: "Create an account",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: body(accountCreateSchema),
    responses: { 201: { description: "Created", ...json(z.object({ account: accountOut })) }, ...writeErrors },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const user = c.get("user");
    const errors: Errors = {};
    const opening = amountOf(c, errors, "openingBalance", input.openingBalance ?? "0", input.currency);
    if (opening === null) return validationProblem(c, errors);
    const now = Date.now();
    const id = crypto.randomUUID();
    const insert = insertAccount(c.env.DB, {
      id,
      userId: user.id,
      name: input.name,
      type: input.type,
      currency: input.currency,
      institution: input.institution ?? null,
      number: input.number ?? null,
      cci: input.cci ?? null,
      openingBalance: opening,
      openingDate: input.openingDate ?? todayInZone(user.timeZone),
      now,
    });
    const ran = await writeThenRead(c, [insert], [accountStatement(c.env.DB, user.id, id)], "openingBalance");
    if ("failed" in ran) return ran.failed;
    return c.json({ account: toAccount(firstRow<AccountRow>(ran.read[0])!) }, 201);
  },
);

accountsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/accounts/{accountId}",
    summary: "One account; number and CCI in full with reveal=true",
    security: bearer,
    middleware: [requireSession] as const,
    request: { params: idParam("accountId"), query: z.object({ reveal: blank(z.enum(["true", "false"], { error: "ledger.errors.trueOrFalse" })) }) },
    responses: { 200: { description: "Account", ...json(z.object({ account: accountOut })) }, ...commonErrors },
  }),
  async (c) => {
    const found = await accountOr404(c, c.req.valid("param").accountId);
    if (found.response) return found.response;
    const row = found.account;
    return c.json({ account: toAccount(row, c.req.valid("query").reveal === "true") }, 200);
  },
);

accountsRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/accounts/{accountId}",
    summary: "Edit, archive or unarchive an account. With `updatedAt` (the account's, as the edit read it), an edit made from an older copy is refused with 409 and writes nothing",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("accountId"), ...body(accountUpdateSchema) },
    responses: { 200: { description: "Updated", ...json(z.object({ account: accountOut })) }, ...writeErrors, 409: problemResponse("Changed since `updatedAt`, or the same Idempotency-Key still in progress") },
  }),
  async (c) => {
    const { accountId } = c.req.valid("param");
    const userId = c.get("user").id;
    const found = await accountOr404(c, accountId);
    if (found.response) return found.response;
    const row = found.account;
    const input = c.req.valid("json");
    // An edit made from an older copy of the account (another tab) would undo what was saved since.
    if (input.updatedAt !== undefined && input.updatedAt !== row.updated_at) return conflict(c, "api.accountChangedElsewhere");
    const errors: Errors = {};
    const currency = input.currency ?? row.currency;
    // An archived account's money is closed to changes (ADR 035): its currency (a new one would
    // re-denominate it: 12.00 soles become 12.00 dollars), opening balance and date, unless the
    // same edit restores it. Its name and details may still be corrected.
    const closed = Boolean(row.archived) && input.archived !== false;
    if (currency !== row.currency && (row.transaction_count > 0 || closed)) addError(errors, "currency", row.transaction_count > 0 ? "api.currencyLocked" : "api.archivedCurrency");
    // A refused currency is not the one amounts are read in, nor a reason to convert the opening
    // balance (a precision error on a field the caller never sent).
    const kept = errors.currency ? row.currency : currency;
    let opening: number | null = row.opening_balance;
    if (input.openingBalance !== undefined) opening = amountOf(c, errors, "openingBalance", input.openingBalance, kept);
    // The same opening balance in the new currency, when its decimals allow (5.000 dinars is 5.00 soles).
    else if (kept !== row.currency) opening = amountOf(c, errors, "openingBalance", toEditableDecimalString(row.opening_balance, row.currency), kept);
    if (closed) {
      if (opening !== null && opening !== row.opening_balance) addError(errors, "openingBalance", "api.archivedOpening");
      if (input.openingDate !== undefined && input.openingDate !== row.opening_date) addError(errors, "openingDate", "api.archivedOpening");
    }
    if (Object.keys(errors).length || opening === null) return validationProblem(c, errors);
    // A new currency only while the account has no transactions, checked again by the write
    // itself: one added since the read above would otherwise be reread in the new currency. With
    // `updatedAt`, the write also holds only if the account is still the one read above.
    const guards: Guard[] = [];
    if (currency !== row.currency) guards.push({ sql: "transaction_count = 0" });
    if (input.updatedAt !== undefined) guards.push({ sql: "updated_at = ?", params: [row.updated_at] });
    const statement = updateRow(
      c.env.DB,
      "accounts",
      { id: accountId, userId },
      {
        name: input.name,
        type: input.type,
        currency: currency !== row.currency ? currency : undefined,
        institution: input.institution,
        number: input.number,
        cci: input.cci,
        opening_balance: opening !== row.opening_balance ? opening : undefined,
        opening_date: input.openingDate,
        archived: input.archived === undefined ? undefined : input.archived ? 1 : 0,
        updated_at: Date.now(),
      },
      guards,
    )!;
    // Restored, its schedules post from today, not the days it rested archived (ADR 087).
    const resumed = row.archived && input.archived === false ? [resumeSchedulesFrom(c.env.DB, userId, accountId, todayInZone(c.get("user").timeZone))] : [];
    const ran = await writeThenRead(c, [statement, ...resumed], [accountStatement(c.env.DB, userId, accountId)], "openingBalance");
    if ("failed" in ran) return ran.failed;
    const written = (ran.written[0]?.meta.changes ?? 0) > 0;
    const fresh = firstRow<AccountRow>(ran.read[0]);
    if (!fresh) return notFound(c); // the account went with its user meanwhile
    if (!written) {
      // Which guard held: the account changed since the copy (another edit, perhaps of the
      // currency), else a transaction arrived before the new currency could be set.
      const changed = input.updatedAt !== undefined && fresh.updated_at !== row.updated_at;
      if (!changed && currency !== row.currency) return validationProblem(c, { currency: ["api.currencyLocked"] });
      return conflict(c, "api.accountChangedElsewhere");
    }
    return c.json({ account: toAccount(fresh) }, 200);
  },
);

