/**
 * Transactions: an account's list (filters, pages, totals), one transaction, a new one, an edit, a delete.
 * Contract: docs/api/ledger.md. Every route is the signed-in user's only: another user's id is a
 * 404, like an unknown or malformed one. Every mutating route honours Idempotency-Key and writes
 * in one final D1 batch (atomic), after all validation. Their SQL is in store.ts and list-store.ts.
 */
import { accountOr404, addError, amountOf, archivedRefusal, body, commonErrors, conflict, deletedResponse, deleteRows, idParam, notFound, writeErrors, type Errors } from "../ledger/http";
import { createRoute, z } from "@hono/zod-openapi";
import { ID_PATTERN } from "../../../../core/ids";
import { listQueryObject, listQuerySchema, withDateRange, transactionCreateSchema, transactionUpdateSchema } from "../../../../core/schemas/ledger";
import { createRouter } from "../platform/router";
import { idempotent } from "../platform/idempotency";
import { decodeCursor, filtersWithoutAccount, listTotals, pageQuery, signature, type Filters, type Order, type Page, type Sort } from "./list-store";
import { accountOut, toAccount, toTransaction, totalsOf, totalsOut, transactionOut, type AccountRow, type TransactionRow } from "../ledger/model";
import { included, includes, listIncludeParam, listIncludedOut } from "../ledger/collections";
import { pageTransferRates, transferRateOut } from "../rates/transfer-rates";
import { accountStatement } from "../accounts/store";
import { categoryBelongs } from "../categories/store";
import { findTransaction, transactionForChange, transactionStatement, insertTransaction } from "./store";
import { updateRow, type Guard } from "../ledger/store";
import { firstRow, writeThenRead } from "../platform/batch";
import { uuid7 } from "../platform/uuid7";
import { bearer, json, problemResponse } from "../platform/openapi";
import { localeOf, validationProblem, zodProblem } from "../platform/problem";
import type { Context } from "hono";
import type { ApiBindings } from "../platform/types";
import { checkedReceiptImage } from "../receipts/image";
import { receiptKey } from "../receipts/objects";
import { deferSession, requireSession, sessionBatch } from "../sessions/middleware";
import { listContext } from "./list-context";
import { addRegisterRoute } from "./register-routes";

export const transactionRoutes = createRouter();
addRegisterRoute(transactionRoutes);

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
  transferRates: z.array(transferRateOut).optional().openapi({ description: "With include=transferRates: the page's transfers between currencies beside BCRP's rate of their day" }),
});

transactionRoutes.openapi(
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
    const rates = pageTransferRates(db, includes(query.include, "transferRates"), accountId);
    const options = { sort, order, limit: query.limit, withTotals: query.totals !== "false" };
    // The language is read once the session is (the user's saved one answers a client without Accept-Language).
    const answer = async (account: AccountRow, page: Page, extraResults: D1Result[]) => {
      // Read when answering: behind a deferred session the user (and their language) is known only after the batch.
      const locale = localeOf(c);
      const transferRates = await rates.read(extraResults.slice(extra.count), c.get("user").id, page.rows);
      return c.json(
        {
          ...extra.read(extraResults, locale),
          ...(transferRates ? { transferRates } : {}),
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
      const auth = await sessionBatch(c, (userId) => [accountStatement(db, userId, accountId), ...page.statements, ...extra.statements(userId), ...rates.statements(userId)]);
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
    const results = await db.batch([...page.statements, ...extra.statements(c.get("user").id), ...rates.statements(c.get("user").id)]);
    return answer(account, await page.read(results.slice(0, page.statements.length), account), results.slice(page.statements.length));
  },
);

transactionRoutes.openapi(
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

const transactionWithAccount = z.object({ transaction: transactionOut, account: accountOut });

type CreateInput = z.infer<typeof transactionCreateSchema>;

/** The account of a new transaction and its amount in minor units, or the answer that refuses it (404, 422). Reads only. */
async function checkCreate(c: Context<ApiBindings>, accountId: string, input: CreateInput): Promise<{ account: AccountRow; amount: number } | { response: Response }> {
  const userId = c.get("user").id;
  const found = await accountOr404(c, accountId);
  if (found.response) return found;
  const account = found.account;
  const errors: Errors = {};
  if (account.archived) addError(errors, "accountId", "api.accountArchived");
  const amount = amountOf(c, errors, "amount", input.amount, account.currency);
  if (input.categoryId && !(await categoryBelongs(c.env.DB, userId, input.categoryId))) addError(errors, "categoryId", "ledger.errors.categoryUnknown");
  if (Object.keys(errors).length || amount === null) return { response: validationProblem(c, errors) };
  return { account, amount };
}

/**
 * Writes a checked new transaction (with its receipt's R2 key, already stored, when there is one)
 * in one batch, and reads it and its account back: the row and account, or the answer (a range
 * refusal, a 404, or a 409 when the account changed since it was read and nothing was written).
 */
async function writeCreate(c: Context<ApiBindings>, account: AccountRow, amount: number, input: CreateInput, receiptKey: string | null = null, id = uuid7()): Promise<{ row: TransactionRow; fresh: AccountRow } | { response: Response }> {
  const now = Date.now();
  const db = c.env.DB;
  const userId = c.get("user").id;
  const ran = await writeThenRead(
    c,
    [
      insertTransaction(db, {
        id,
        accountId: account.id,
        userId,
        date: input.date,
        description: input.description,
        amount,
        categoryId: input.categoryId ?? null,
        payee: input.payee ?? null,
        notes: input.notes ?? null,
        status: input.status ?? "posted",
        now,
        currency: account.currency,
        receiptKey,
      }),
    ],
    [transactionStatement(db, userId, id), accountStatement(db, userId, account.id)],
  );
  if ("failed" in ran) return { response: ran.failed };
  const row = firstRow<TransactionRow>(ran.read[0]);
  const fresh = firstRow<AccountRow>(ran.read[1]);
  if (!fresh) return { response: notFound(c) };
  if (!row) return { response: conflict(c, "api.accountChangedWhileSaving") };
  return { row, fresh };
}

transactionRoutes.openapi(
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
    const input = c.req.valid("json");
    const checked = await checkCreate(c, c.req.valid("param").accountId, input);
    if ("response" in checked) return checked.response;
    const written = await writeCreate(c, checked.account, checked.amount, input);
    if ("response" in written) return written.response;
    return c.json({ transaction: toTransaction(written.row, localeOf(c)), account: toAccount(written.fresh) }, 201);
  },
);

/** Paths app.ts gives the receipt's larger body limit. */
export const CREATE_WITH_RECEIPT_PATH = /\/accounts\/[^/]+\/transactions\/with-receipt$/;

const receiptFile = z.custom<File>((value) => value instanceof File, { error: "camera.errors.noPhoto" }).openapi({ type: "string", format: "binary" });

transactionRoutes.openapi(
  createRoute({
    method: "post",
    path: "/accounts/{accountId}/transactions/with-receipt",
    summary: "Add a transaction with its receipt image, together or not at all",
    description:
      "Multipart: `transaction`, the JSON of POST /accounts/{accountId}/transactions, and `receipt`, the image (JPEG, PNG, WebP or HEIC by its bytes, at most 10 MB). Everything is checked before anything is written; the image is stored first, then the transaction naming it in one D1 batch. A batch that fails deletes the image; an image that cannot be stored writes nothing.",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: {
      params: idParam("accountId"),
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({
              transaction: z.string().openapi({ description: "JSON, as the body of POST /accounts/{accountId}/transactions", example: '{"date":"2026-11-20","description":"Wong","amount":"-85.40"}' }),
              receipt: receiptFile,
            }),
          },
        },
      },
    },
    responses: {
      201: { description: "Created with its receipt", ...json(transactionWithAccount.extend({ receipt: z.object({ transactionId: z.string(), contentType: z.string(), size: z.number(), uploadedAt: z.number() }) })) },
      ...writeErrors,
      409: problemResponse("The account was archived or changed currency while this was saved (nothing written), or the same Idempotency-Key still in progress"),
      413: problemResponse("The image is larger than 10 MB"),
      415: problemResponse("The receipt is empty or not a JPEG, PNG, WebP or HEIC image"),
    },
  }),
  async (c) => {
    const form = c.req.valid("form");
    let fields: unknown;
    try {
      fields = JSON.parse(form.transaction);
    } catch {
      return validationProblem(c, { transaction: ["validation.invalidBody"] });
    }
    const parsed = transactionCreateSchema.safeParse(fields);
    if (!parsed.success) return zodProblem(c, parsed.error);
    const input = parsed.data;
    const checked = await checkCreate(c, c.req.valid("param").accountId, input);
    if ("response" in checked) return checked.response;
    const bytes = new Uint8Array(await form.receipt.arrayBuffer());
    const image = checkedReceiptImage(c, bytes);
    if ("response" in image) return image.response;
    // The image first (a failed put writes nothing), then the row that names it; a row not written
    // takes the image away again, so neither is kept without the other.
    const userId = c.get("user").id;
    const transactionId = uuid7();
    const key = receiptKey(userId, transactionId);
    const uploadedAt = Date.now();
    await c.env.RECEIPTS.put(key, bytes, { httpMetadata: { contentType: image.contentType }, customMetadata: { userId, transactionId, uploadedAt: String(uploadedAt) } });
    let written: Awaited<ReturnType<typeof writeCreate>>;
    try {
      written = await writeCreate(c, checked.account, checked.amount, input, key, transactionId);
    } catch (error) {
      await c.env.RECEIPTS.delete(key);
      throw error;
    }
    if ("response" in written) {
      await c.env.RECEIPTS.delete(key);
      return written.response;
    }
    return c.json(
      {
        transaction: toTransaction(written.row, localeOf(c)),
        account: toAccount(written.fresh),
        receipt: { transactionId, contentType: image.contentType, size: bytes.byteLength, uploadedAt },
      },
      201,
    );
  },
);

transactionRoutes.openapi(
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

transactionRoutes.openapi(
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

transactionRoutes.openapi(
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

