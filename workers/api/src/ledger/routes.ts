/**
 * The ledger API: accounts, transactions, transfers, categories, CSV import and export.
 * Contract: docs/api/ledger.md. Every route is the signed-in user's only: another user's id is a
 * 404, like an unknown or malformed one. Every mutating route honours Idempotency-Key and writes
 * in one final D1 batch (atomic), after all validation.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translatorFor } from "../../../../core/i18n/translator";
import { todayInZone } from "../../../../core/dates";
import { ID_PATTERN } from "../../../../core/ids";
import { currencyDigits, toDecimalString, toEditableDecimalString } from "../../../../core/money";
import {
  accountCreateSchema,
  accountUpdateSchema,
  blank,
  categoryCreateSchema,
  categoryUpdateSchema,
  checkAmount,
  DEFAULT_CATEGORY_COLOR,
  type AmountFormatKey,
  listQueryObject,
  listQuerySchema,
  withDateRange,
  transactionCreateSchema,
  transactionUpdateSchema,
  transferSchema,
} from "../../../../core/schemas/ledger";
import { createRouter } from "../platform/router";
import type { ApiBindings } from "../platform/types";
import { idempotent } from "../platform/idempotency";
import { importRoutes } from "../import/routes";
import { importRecordRoutes } from "../import/records";
import { decodeCursor, filtersOf, filtersWithoutAccount, listTotals, pageQuery, rowsQuery, signature, type Filters, type Order, type Page, type Sort } from "../transactions/list-store";
import { accountOut, categoryDisplayName, categoryNames, categoryOut, toAccount, toCategory, toTransaction, totalsOf, totalsOut, transactionOut, type AccountRow, type CategoryRow, type TransactionRow } from "./model";
import { categoryNamesStatement } from "../categories/store";
import { accountsAnswer, accountsResponse, categoriesAnswer, categoriesResponse, included, listIncludedOut, listIncludeParam } from "./collections";
import { accountsStatement } from "../accounts/store";
import { categoriesStatement } from "../categories/store";
import { csvField, csvLine } from "../import/csv";
import { accountAsRead, accountsByIdStatement, accountStatement, findAccount } from "../accounts/store";
import { categoryBelongs, createDefaultCategories } from "../categories/store";
import { deleteTransactionsStatement, findTransaction, transactionForChange, transactionStatement, transactionsByIdStatement, type LegRow } from "../transactions/store";
import { inOrderOf, updateRow, type Guard } from "./store";
import { transferLegs } from "../transfers/store";
import { firstRow, rowsOf, writeThenRead } from "../platform/batch";
import { uuid7 } from "../platform/uuid7";
import { bearer, json, problemResponse } from "../platform/openapi";
import { localeOf, problem, translatedProblem, validationProblem } from "../platform/problem";
import { deferSession, requireSession, sessionBatch } from "../sessions/middleware";

export const ledgerRoutes = createRouter();
type C = Context<ApiBindings>;

const notFound = (c: C) => problem(c, 404, "not-found");
const body = <T extends z.ZodType>(schema: T) => ({ body: { ...json(schema), required: true } });
/** Path ids are checked in the handler, so a malformed one is a 404 like an unknown one. */
const idParam = <N extends string>(name: N) =>
  z.object({ [name]: z.string().openapi({ param: { name, in: "path" }, example: "0195a3c2-7b1e-7c40-9a51-3f0e2d1c4b5a" }) } as Record<N, z.ZodString>);
const commonErrors = { 401: problemResponse("No session"), 404: problemResponse("Not found (or not yours)") };
const writeErrors = { ...commonErrors, 409: problemResponse("Same Idempotency-Key still in progress"), 422: problemResponse("Invalid input, or Idempotency-Key reused with another request") };

/** Field errors as i18n keys, or ready sentences when a message needs a number. */
type Errors = Record<string, string[]>;
function addError(errors: Errors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** Parses a decimal amount against a currency, recording a translated error when it fails. */
function amountOf(c: C, errors: Errors, field: string, text: string, currency: string, formatKey?: AmountFormatKey): number | null {
  const result = checkAmount(text, currency, { formatKey });
  if (result.ok) return result.minor;
  addError(errors, field, result.key === "ledger.errors.amountPrecision" ? translatorFor(localeOf(c))(result.key, { count: result.digits }) : result.key);
  return null;
}

/** A change the record's state does not allow (not the input's fault): the reason, in the caller's language. */
function conflict(c: C, key: string, values?: Record<string, string>): Response {
  return translatedProblem(c, 409, "conflict", key, values);
}

/**
 * An archived account is closed to changes, its transactions' too, and so is a transfer with a
 * leg in one (its legs change together): the 409 for a change to `row`, or null.
 */
function archivedRefusal(c: C, row: LegRow, other: LegRow | null): Response | null {
  if (row.account_archived) return conflict(c, "api.accountArchivedChange");
  return other?.account_archived ? conflict(c, "api.transferLegArchived", { account: other.account_name }) : null;
}

// ───────────────────────────── Accounts ─────────────────────────────

ledgerRoutes.openapi(
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

ledgerRoutes.openapi(
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
    const insert = c.env.DB.prepare(
      `INSERT INTO accounts (id, user_id, name, type, currency, institution, number, cci, opening_balance, opening_date, archived, balance, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 0, ?9, ?11, ?11)`,
    ).bind(id, user.id, input.name, input.type, input.currency, input.institution ?? null, input.number ?? null, input.cci ?? null, opening, input.openingDate ?? todayInZone(user.timeZone), now);
    const ran = await writeThenRead(c, [insert], [accountStatement(c.env.DB, user.id, id)], "openingBalance");
    if ("failed" in ran) return ran.failed;
    return c.json({ account: toAccount(firstRow<AccountRow>(ran.read[0])!) }, 201);
  },
);

ledgerRoutes.openapi(
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
    const { accountId } = c.req.valid("param");
    if (!ID_PATTERN.test(accountId)) return notFound(c);
    const row = await findAccount(c.env.DB, c.get("user").id, accountId);
    if (!row) return notFound(c);
    return c.json({ account: toAccount(row, c.req.valid("query").reveal === "true") }, 200);
  },
);

ledgerRoutes.openapi(
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
    if (!ID_PATTERN.test(accountId)) return notFound(c);
    const userId = c.get("user").id;
    const row = await findAccount(c.env.DB, userId, accountId);
    if (!row) return notFound(c);
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
    const ran = await writeThenRead(c, [statement], [accountStatement(c.env.DB, userId, accountId)], "openingBalance");
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

// ───────────────────────────── Transactions ─────────────────────────────

const listResponse = z.object({
  account: accountOut,
  transactions: z.array(transactionOut),
  nextCursor: z.string().nullable(),
  hasPrevious: z.boolean().openapi({ description: "A page comes before this one (it was asked for with a cursor)" }),
  prevCursor: z.string().nullable().openapi({ description: "The previous page's cursor; null when there is none or that page is the first (ask without a cursor)" }),
  totals: totalsOut.nullable(),
  sort: z.enum(["date", "amount"]),
  order: z.enum(["asc", "desc"]),
  ...listIncludedOut,
});

/** The account of a path and the parsed filters, or the answer to give instead. */
async function listContext(c: C, accountId: string, query: z.infer<typeof listQuerySchema>) {
  // The account rides in the session check's D1 batch (ADR 026); a malformed id reads nothing.
  const auth = await sessionBatch(c, (userId) => (ID_PATTERN.test(accountId) ? [accountStatement(c.env.DB, userId, accountId)] : []));
  if ("response" in auth) return { response: auth.response };
  const account = (auth.results[0]?.results[0] as AccountRow | undefined) ?? null;
  if (!account) return { response: notFound(c) };
  const { filters, issues } = filtersOf(query, account.currency);
  if (issues.length) {
    const t = translatorFor(localeOf(c));
    const errors: Errors = {};
    for (const issue of issues) addError(errors, issue.field, issue.key === "ledger.errors.amountPrecision" ? t(issue.key, { count: currencyDigits(account.currency) }) : issue.key);
    return { response: validationProblem(c, errors) };
  }
  return { account, filters };
}

ledgerRoutes.openapi(
  createRoute({
    method: "get",
    path: "/accounts/{accountId}/transactions",
    summary: "List an account's transactions: filters, keyset pages, totals, running balance",
    security: bearer,
    middleware: [deferSession] as const,
    request: { params: idParam("accountId"), query: withDateRange(listQueryObject.extend({ include: listIncludeParam })) },
    responses: { 200: { description: "A page", ...json(listResponse) }, ...commonErrors, 422: problemResponse("Invalid filter or cursor") },
  }),
  async (c) => {
    const { accountId } = c.req.valid("param");
    const query = c.req.valid("query");
    const sort: Sort = query.sort ?? "date";
    const order: Order = query.order ?? "desc";
    const db = c.env.DB;
    const extra = included(db, query.include, accountId);
    const options = { sort, order, limit: query.limit, withTotals: query.totals !== "false" };
    // The language is read once the session is (the user's saved one answers a client without Accept-Language).
    const answer = (account: AccountRow, page: Page, extraResults: D1Result[]) => {
      // Read when answering: behind a deferred session the user (and their language) is known only after the batch.
      const locale = localeOf(c);
      return c.json(
        {
          ...extra.read(extraResults, locale),
          account: toAccount(account),
          transactions: page.rows.map((row, i) => toTransaction(row, locale, page.running[i] ?? null)),
          nextCursor: page.nextCursor,
          hasPrevious: page.hasPrevious,
          prevCursor: page.prevCursor,
          totals: page.totals ? totalsOf(account.currency, page.totals) : null,
          sort,
          order,
        },
        200,
      );
    };

    // Filters that need no account, and a cursor that fits them: the session, the account and the
    // page go to D1 in one batch (ADR 028). The rows read are answered only if that batch's own
    // account row, read for this user, says the account is theirs; otherwise they are a 404.
    // A cursor belongs to one set of filters and order (its signature); null when there is none or it does not fit.
    const cursorFor = (filters: Filters) => (query.cursor ? decodeCursor(query.cursor, sort, order, signature(accountId, filters, sort, order)) : null);
    const filters = filtersWithoutAccount(query);
    const cursor = filters && cursorFor(filters);
    if (filters && (!query.cursor || cursor) && ID_PATTERN.test(accountId)) {
      const page = pageQuery(db, accountId, filters, { ...options, cursor });
      const auth = await sessionBatch(c, (userId) => [accountStatement(db, userId, accountId), ...page.statements, ...extra.statements(userId)]);
      if ("response" in auth) return auth.response;
      const account = (auth.results[0]?.results[0] as AccountRow | undefined) ?? null;
      if (!account) return notFound(c);
      const pageEnd = 1 + page.statements.length;
      return answer(account, await page.read(auth.results.slice(1, pageEnd), account), auth.results.slice(pageEnd));
    }

    // Amount bounds are read in the account's currency, and a cursor that does not fit is a 422
    // only for the account's owner: the account first, then the page.
    const context = await listContext(c, accountId, query);
    if (context.response) return context.response;
    const { account } = context;
    const checkedCursor = cursorFor(context.filters);
    if (query.cursor && !checkedCursor) return validationProblem(c, { cursor: ["ledger.errors.cursor"] });
    const page = pageQuery(db, account.id, context.filters, { ...options, cursor: checkedCursor });
    const results = await db.batch([...page.statements, ...extra.statements(c.get("user").id)]);
    return answer(account, await page.read(results.slice(0, page.statements.length), account), results.slice(page.statements.length));
  },
);

ledgerRoutes.openapi(
  createRoute({
    method: "get",
    path: "/accounts/{accountId}/transactions/totals",
    summary: "Totals (count, in, out, net) of the filtered list, all pages; same filters as the list",
    security: bearer,
    middleware: [deferSession] as const,
    request: { params: idParam("accountId"), query: listQuerySchema },
    responses: { 200: { description: "Totals", ...json(z.object({ totals: totalsOut })) }, ...commonErrors, 422: problemResponse("Invalid filter") },
  }),
  async (c) => {
    const { accountId } = c.req.valid("param");
    const context = await listContext(c, accountId, c.req.valid("query"));
    if (context.response) return context.response;
    const { account, filters } = context;
    return c.json({ totals: totalsOf(account.currency, await listTotals(c.env.DB, account, filters)) }, 200);
  },
);

/**
 * The export's columns, named in the user's language as every word they read (the status too):
 * the file is opened in a spreadsheet. The importer's guesses know these names and words in both
 * languages, so an export imports back whichever language wrote it.
 */
const EXPORT_COLUMNS = ["date", "description", "amount", "currency", "category", "payee", "notes", "status", "id"] as const;

ledgerRoutes.openapi(
  createRoute({
    method: "get",
    path: "/accounts/{accountId}/transactions/export.csv",
    summary: "CSV of the filtered list (UTF-8 with BOM, header row, ISO dates, decimal amounts)",
    security: bearer,
    middleware: [deferSession] as const,
    request: { params: idParam("accountId"), query: listQuerySchema },
    responses: { 200: { description: "CSV", content: { "text/csv": { schema: z.string() } } }, ...commonErrors, 422: problemResponse("Invalid filter") },
  }),
  async (c) => {
    const { accountId } = c.req.valid("param");
    const query = c.req.valid("query");
    const context = await listContext(c, accountId, query);
    if (context.response) return context.response;
    const { account, filters } = context;
    const sort: Sort = query.sort ?? "date";
    const order: Order = query.order ?? "asc";
    const locale = localeOf(c);
    const t = translatorFor(locale);
    const statusWord = { pending: t("ledger.statuses.pending"), posted: t("ledger.statuses.posted") };
    const db = c.env.DB;
    const encoder = new TextEncoder();
    let last: { k: string | number; i: string } | null = null;
    let started = false;
    let done = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode("\ufeff" + csvLine(EXPORT_COLUMNS.map((column) => csvField(t(`ledger.csv.${column}`))))));
          return;
        }
        if (done) return controller.close();
        // The list's own SQL for each chunk of 2,000 rows, so the export reads through the same indexes.
        const chunk = rowsQuery(account.id, filters, sort, order, last, 2000);
        const { results } = await db
          .prepare(chunk.sql)
          .bind(...chunk.params)
          .all<TransactionRow>();
        if (results.length < 2000) done = true;
        if (!results.length) return controller.close();
        const tail = results[results.length - 1]!;
        last = { k: sort === "date" ? tail.date : tail.amount, i: tail.id };
        let text = "";
        for (const row of results) {
          text += csvLine([
            row.date,
            csvField(row.description),
            csvField(toDecimalString(row.amount, row.currency), { numeric: true }),
            row.currency,
            csvField(row.category_name === null ? null : categoryDisplayName(row.category_name, row.category_default_key, locale)),
            csvField(row.payee),
            csvField(row.notes),
            csvField(statusWord[row.status]),
            row.id,
          ]);
        }
        controller.enqueue(encoder.encode(text));
      },
    });
    const filename = `${account.name.replace(/[^\p{L}\p{N}_-]+/gu, "-").replace(/^-+|-+$/g, "") || "account"}-${todayInZone(c.get("user").timeZone)}.csv`;
    return new Response(stream, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      },
    }) as never;
  },
);

const transactionWithAccount = z.object({ transaction: transactionOut, account: accountOut });

ledgerRoutes.openapi(
  createRoute({
    method: "post",
    path: "/accounts/{accountId}/transactions",
    summary: "Add a transaction",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("accountId"), ...body(transactionCreateSchema) },
    responses: { 201: { description: "Created", ...json(transactionWithAccount) }, ...writeErrors, 409: problemResponse("The account was archived or changed currency while this was saved (nothing written), or the same Idempotency-Key still in progress") },
  }),
  async (c) => {
    const { accountId } = c.req.valid("param");
    if (!ID_PATTERN.test(accountId)) return notFound(c);
    const userId = c.get("user").id;
    const account = await findAccount(c.env.DB, userId, accountId);
    if (!account) return notFound(c);
    const input = c.req.valid("json");
    const errors: Errors = {};
    if (account.archived) addError(errors, "accountId", "api.accountArchived");
    const amount = amountOf(c, errors, "amount", input.amount, account.currency);
    if (input.categoryId && !(await categoryBelongs(c.env.DB, userId, input.categoryId))) addError(errors, "categoryId", "ledger.errors.categoryUnknown");
    if (Object.keys(errors).length || amount === null) return validationProblem(c, errors);
    const id = uuid7();
    const now = Date.now();
    const db = c.env.DB;
    const ran = await writeThenRead(
      c,
      [
        db
          .prepare(
            `INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, payee, notes, status, created_at, updated_at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11 WHERE ${accountAsRead(2, 3, 12)}`,
          )
          .bind(id, accountId, userId, input.date, input.description, amount, input.categoryId ?? null, input.payee ?? null, input.notes ?? null, input.status ?? "posted", now, account.currency),
      ],
      [transactionStatement(db, userId, id), accountStatement(db, userId, accountId)],
    );
    if ("failed" in ran) return ran.failed;
    const row = firstRow<TransactionRow>(ran.read[0]);
    const fresh = firstRow<AccountRow>(ran.read[1]);
    if (!fresh) return notFound(c);
    if (!row) return conflict(c, "api.accountChangedWhileSaving");
    return c.json({ transaction: toTransaction(row, localeOf(c)), account: toAccount(fresh) }, 201);
  },
);

ledgerRoutes.openapi(
  createRoute({
    method: "get",
    path: "/transactions/{transactionId}",
    summary: "One transaction",
    security: bearer,
    middleware: [requireSession] as const,
    request: { params: idParam("transactionId") },
    responses: { 200: { description: "Transaction", ...json(z.object({ transaction: transactionOut })) }, ...commonErrors },
  }),
  async (c) => {
    const { transactionId } = c.req.valid("param");
    if (!ID_PATTERN.test(transactionId)) return notFound(c);
    const row = await findTransaction(c.env.DB, c.get("user").id, transactionId);
    if (!row) return notFound(c);
    return c.json({ transaction: toTransaction(row, localeOf(c)) }, 200);
  },
);

ledgerRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/transactions/{transactionId}",
    summary:
      "Edit a transaction (date and same-currency amount follow on the other leg of a transfer). With `updatedAt` (the transaction's, as the edit read it), an edit made from an older copy is refused with 409 and writes nothing",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("transactionId"), ...body(transactionUpdateSchema) },
    responses: {
      200: { description: "Updated", ...json(transactionWithAccount) },
      ...writeErrors,
      409: problemResponse("Changed since `updatedAt`, or in an archived account (or a transfer with a leg in one), or the same Idempotency-Key still in progress"),
    },
  }),
  async (c) => {
    const { transactionId } = c.req.valid("param");
    if (!ID_PATTERN.test(transactionId)) return notFound(c);
    const userId = c.get("user").id;
    const db = c.env.DB;
    const input = c.req.valid("json");
    const [found, categoryKnown] = await Promise.all([transactionForChange(db, userId, transactionId), !input.categoryId || categoryBelongs(db, userId, input.categoryId)]);
    if (!found) return notFound(c);
    const { row, other } = found;
    const archived = archivedRefusal(c, row, other);
    if (archived) return archived;
    if (input.updatedAt !== undefined && input.updatedAt !== row.updated_at) return conflict(c, "api.changedElsewhere");
    const errors: Errors = {};
    const amount = input.amount !== undefined ? amountOf(c, errors, "amount", input.amount, row.currency) : row.amount;
    // A zero kept as it was is left alone (an older import's); a change to zero is a slip.
    if (amount === 0 && row.amount !== 0) addError(errors, "amount", "ledger.errors.amountZero");
    // A transfer's legs are money out of one account and into the other. An edit that turned a
    // leg's sign would have both legs in or both out when their currencies differ (the other leg
    // cannot follow: its amount is in another currency), so a leg keeps its direction.
    if (row.transfer_id && amount !== null && amount !== row.amount && Math.sign(amount) !== Math.sign(row.amount)) addError(errors, "amount", row.amount < 0 ? "api.transferLegOut" : "api.transferLegIn");
    if (!categoryKnown) addError(errors, "categoryId", "ledger.errors.categoryUnknown");
    if (Object.keys(errors).length || amount === null) return validationProblem(c, errors);
    const now = Date.now();
    // With `updatedAt`, every write of the batch holds only if the row is still the one read above
    // (an edit from another tab may land between that read and this batch).
    const unchanged: Guard[] = input.updatedAt !== undefined ? [{ sql: "(SELECT updated_at FROM transactions WHERE id = ?) = ?", params: [transactionId, row.updated_at] }] : [];
    const statements = [
      updateRow(
        db,
        "transactions",
        { id: transactionId, userId },
        {
          date: input.date,
          description: input.description,
          amount: amount !== row.amount ? amount : undefined,
          category_id: input.categoryId,
          payee: input.payee,
          notes: input.notes,
          status: input.status,
          updated_at: now,
        },
        unchanged,
      )!,
    ];
    if (other) {
      // Only what this edit changes is written to the other leg. Writing back the values read
      // above would undo an edit that another request made between that read and this batch,
      // and could leave the two legs of one transfer with different amounts.
      const follows = { date: input.date, amount: amount !== row.amount && other.currency === row.currency ? -amount : undefined };
      // First in the batch: its guard reads this row before the edit changes it.
      if (follows.date !== undefined || follows.amount !== undefined) statements.unshift(updateRow(db, "transactions", { id: other.id, userId }, { ...follows, updated_at: now }, unchanged)!);
    }
    const ran = await writeThenRead(c, statements, [transactionStatement(db, userId, transactionId), accountStatement(db, userId, row.account_id)]);
    if ("failed" in ran) return ran.failed;
    // A delete that landed between the read above and now has won: the edit changed nothing.
    const fresh = firstRow<TransactionRow>(ran.read[0]);
    const account = firstRow<AccountRow>(ran.read[1]);
    if (!fresh || !account) return notFound(c);
    if (unchanged.length && !ran.written.at(-1)?.meta.changes) return conflict(c, "api.changedElsewhere");
    return c.json({ transaction: toTransaction(fresh, localeOf(c)), account: toAccount(account) }, 200);
  },
);

const deletedResponse = z.object({ deleted: z.array(z.string()), accounts: z.array(accountOut) });

/** Deletes the rows (a transaction, or both legs of a transfer) and answers with their accounts as they now are, in one round trip. */
async function deleteRows(c: C, rows: Array<{ id: string; account_id: string }>) {
  const userId = c.get("user").id;
  const db = c.env.DB;
  const ids = rows.map((row) => row.id);
  const [, read] = await db.batch([deleteTransactionsStatement(db, userId, ids), accountsByIdStatement(db, userId, rows.map((row) => row.account_id))]);
  const accounts = inOrderOf(rowsOf<AccountRow>(read), rows.map((row) => row.account_id));
  return c.json({ deleted: ids, accounts: accounts.map((row) => toAccount(row)) }, 200);
}

ledgerRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/transactions/{transactionId}",
    summary: "Delete a transaction (both legs of a transfer); not in an archived account, nor a transfer with a leg in one",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("transactionId") },
    responses: {
      200: { description: "Deleted", ...json(deletedResponse) },
      ...writeErrors,
      409: problemResponse("In an archived account, or a transfer with a leg in one, or the same Idempotency-Key still in progress"),
    },
  }),
  async (c) => {
    const { transactionId } = c.req.valid("param");
    if (!ID_PATTERN.test(transactionId)) return notFound(c);
    const found = await transactionForChange(c.env.DB, c.get("user").id, transactionId);
    if (!found) return notFound(c);
    const { row, other } = found;
    const archived = archivedRefusal(c, row, other);
    if (archived) return archived;
    // A transfer's legs go together, money out first.
    return deleteRows(c, other ? [row, other].sort((a, b) => a.amount - b.amount) : [row]);
  },
);

// ───────────────────────────── Transfers ─────────────────────────────

/** A transfer moves a positive amount: its unreadable-amount message gives no negative example. */
const TRANSFER_AMOUNT_FORMAT: AmountFormatKey = "ledger.errors.positiveAmountFormat";

ledgerRoutes.openapi(
  createRoute({
    method: "post",
    path: "/transfers",
    summary: "Move money between two of the user's accounts (both legs in one atomic batch)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: body(transferSchema),
    responses: {
      201: { description: "Created", ...json(z.object({ transferId: z.string(), from: transactionOut, to: transactionOut, accounts: z.array(accountOut) })) },
      ...writeErrors,
      409: problemResponse("Either account was archived or changed currency while this was saved (neither leg written), or the same Idempotency-Key still in progress"),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const userId = c.get("user").id;
    const db = c.env.DB;
    const [from, to] = await Promise.all([findAccount(db, userId, input.fromAccountId), findAccount(db, userId, input.toAccountId)]);
    if (!from || !to) return notFound(c);
    const errors: Errors = {};
    if (from.archived) addError(errors, "fromAccountId", "api.accountArchived");
    if (to.archived) addError(errors, "toAccountId", "api.accountArchived");
    const amount = amountOf(c, errors, "amount", input.amount, from.currency, TRANSFER_AMOUNT_FORMAT);
    if (amount !== null && amount <= 0) addError(errors, "amount", "api.amountPositive");
    let toAmount = amount;
    if (from.currency !== to.currency) {
      if (!input.toAmount) addError(errors, "toAmount", "api.toAmountRequired");
      else {
        toAmount = amountOf(c, errors, "toAmount", input.toAmount, to.currency, TRANSFER_AMOUNT_FORMAT);
        if (toAmount !== null && toAmount <= 0) addError(errors, "toAmount", "api.amountPositive");
      }
    } else if (input.toAmount && amount !== null) {
      // One currency: the amount received is the amount sent. A different one was a typing slip or
      // a misunderstanding, and silently moving the sent amount would hide it.
      const received = amountOf(c, errors, "toAmount", input.toAmount, to.currency, TRANSFER_AMOUNT_FORMAT);
      if (received !== null && received !== amount) addError(errors, "toAmount", "api.toAmountSameCurrency");
    }
    if (Object.keys(errors).length || amount === null || toAmount === null) return validationProblem(c, errors);
    const category = await db.prepare("SELECT id FROM categories WHERE user_id = ?1 AND default_key = 'transfers'").bind(userId).first<{ id: string }>();
    const transferId = crypto.randomUUID();
    const now = Date.now();
    const fromId = uuid7(now);
    const toId = uuid7(now);
    const description = input.description ?? `${from.name} → ${to.name}`.slice(0, 200);
    // Both legs hold on both accounts being as read, so the batch writes both or neither.
    const insert = `INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, notes, status, transfer_id, created_at, updated_at)
                    SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11 WHERE ${accountAsRead(12, 3, 13)} AND ${accountAsRead(14, 3, 15)}`;
    const status = input.status ?? "posted";
    const asRead = [from.id, from.currency, to.id, to.currency];
    const ran = await writeThenRead(
      c,
      [
        db.prepare(insert).bind(fromId, from.id, userId, input.date, description, -amount, category?.id ?? null, input.notes ?? null, status, transferId, now, ...asRead),
        db.prepare(insert).bind(toId, to.id, userId, input.date, description, toAmount, category?.id ?? null, input.notes ?? null, status, transferId, now, ...asRead),
      ],
      [transactionsByIdStatement(db, userId, [fromId, toId]), accountsByIdStatement(db, userId, [from.id, to.id])],
    );
    if ("failed" in ran) return ran.failed;
    const legs = inOrderOf(rowsOf<TransactionRow>(ran.read[0]), [fromId, toId]);
    const accounts = inOrderOf(rowsOf<AccountRow>(ran.read[1]), [from.id, to.id]);
    if (accounts.length < 2) return notFound(c);
    if (legs.length < 2) return conflict(c, "api.accountChangedWhileSaving");
    const locale = localeOf(c);
    return c.json({ transferId, from: toTransaction(legs[0]!, locale), to: toTransaction(legs[1]!, locale), accounts: accounts.map((row) => toAccount(row)) }, 201);
  },
);

ledgerRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/transfers/{transferId}",
    summary: "Delete both legs of a transfer; not when either is in an archived account",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("transferId") },
    responses: { 200: { description: "Deleted", ...json(deletedResponse) }, ...writeErrors, 409: problemResponse("A leg in an archived account, or the same Idempotency-Key still in progress") },
  }),
  async (c) => {
    const { transferId } = c.req.valid("param");
    if (!ID_PATTERN.test(transferId)) return notFound(c);
    const legs = await transferLegs(c.env.DB, c.get("user").id, transferId);
    if (!legs.length) return notFound(c);
    const archived = legs.find((leg) => leg.account_archived);
    if (archived) return conflict(c, "api.transferArchived", { account: archived.account_name });
    return deleteRows(c, legs);
  },
);

// ───────────────────────────── Categories ─────────────────────────────

/** Whether a name is already shown for another of the user's categories, in either language. */
async function nameTaken(db: D1Database, userId: string, name: string, exceptId: string | null): Promise<boolean> {
  const { results } = await categoryNamesStatement(db, userId).all<Pick<CategoryRow, "id" | "name" | "default_key">>();
  const wanted = name.toLowerCase();
  return results.some((row) => row.id !== exceptId && categoryNames(row).some((n) => n.toLowerCase() === wanted));
}

const takenProblem = (c: C) => validationProblem(c, { name: ["api.categoryTaken"] }, 409);

ledgerRoutes.openapi(
  createRoute({
    method: "get",
    path: "/categories",
    summary: "The user's categories",
    security: bearer,
    middleware: [deferSession] as const,
    responses: { 200: { description: "Categories", ...json(categoriesResponse) }, 401: problemResponse("No session") },
  }),
  async (c) => {
    const auth = await sessionBatch(c, (userId) => [categoriesStatement(c.env.DB, userId)]);
    if ("response" in auth) return auth.response;
    return c.json(categoriesAnswer((auth.results[0]?.results ?? []) as CategoryRow[], localeOf(c)), 200);
  },
);

ledgerRoutes.openapi(
  createRoute({
    method: "post",
    path: "/categories",
    summary: "Add a category",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: body(categoryCreateSchema),
    responses: { 201: { description: "Created", ...json(z.object({ category: categoryOut })) }, ...writeErrors },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const userId = c.get("user").id;
    if (await nameTaken(c.env.DB, userId, input.name, null)) return takenProblem(c);
    const id = crypto.randomUUID();
    const result = await c.env.DB.prepare("INSERT INTO categories (id, user_id, name, kind, color, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING")
      .bind(id, userId, input.name, input.kind ?? "expense", input.color ?? DEFAULT_CATEGORY_COLOR, Date.now())
      .run();
    if (!result.meta.changes) return takenProblem(c);
    const row = await c.env.DB.prepare("SELECT * FROM categories WHERE id = ?1").bind(id).first<CategoryRow>();
    return c.json({ category: toCategory(row!, localeOf(c)) }, 201);
  },
);

ledgerRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/categories/{categoryId}",
    summary: "Rename or recolour a category",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("categoryId"), ...body(categoryUpdateSchema) },
    responses: { 200: { description: "Updated", ...json(z.object({ category: categoryOut })) }, ...writeErrors },
  }),
  async (c) => {
    const { categoryId } = c.req.valid("param");
    if (!ID_PATTERN.test(categoryId)) return notFound(c);
    const userId = c.get("user").id;
    const db = c.env.DB;
    const row = await db.prepare("SELECT * FROM categories WHERE id = ?1 AND user_id = ?2").bind(categoryId, userId).first<CategoryRow>();
    if (!row) return notFound(c);
    const input = c.req.valid("json");
    if (input.name !== undefined && (await nameTaken(db, userId, input.name, categoryId))) return takenProblem(c);
    try {
      await db.prepare("UPDATE categories SET name = COALESCE(?1, name), kind = COALESCE(?2, kind), color = COALESCE(?3, color) WHERE id = ?4 AND user_id = ?5")
        .bind(input.name ?? null, input.kind ?? null, input.color ?? null, categoryId, userId)
        .run();
    } catch (error) {
      if (/UNIQUE/i.test(String(error))) return takenProblem(c);
      throw error;
    }
    const fresh = await db.prepare("SELECT * FROM categories WHERE id = ?1 AND user_id = ?2").bind(categoryId, userId).first<CategoryRow>();
    if (!fresh) return notFound(c); // deleted since the read above: the rename changed nothing
    return c.json({ category: toCategory(fresh, localeOf(c)) }, 200);
  },
);

ledgerRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/categories/{categoryId}",
    summary: "Delete a category; its transactions become uncategorised",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("categoryId") },
    responses: { 204: { description: "Deleted" }, ...writeErrors },
  }),
  async (c) => {
    const { categoryId } = c.req.valid("param");
    if (!ID_PATTERN.test(categoryId)) return notFound(c);
    const result = await c.env.DB.prepare("DELETE FROM categories WHERE id = ?1 AND user_id = ?2").bind(categoryId, c.get("user").id).run();
    return result.meta.changes ? c.body(null, 204) : notFound(c);
  },
);

ledgerRoutes.route("/", importRoutes);
ledgerRoutes.route("/", importRecordRoutes);
