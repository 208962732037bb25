/**
 * Transfers: money between two of the user's accounts, both legs written together, and deleted together.
 * Contract: docs/api/ledger.md. Every route is the signed-in user's only: another user's id is a
 * 404, like an unknown or malformed one. Every mutating route honours Idempotency-Key and writes
 * in one final D1 batch (atomic), after all validation. Their SQL is in store.ts.
 */
import { addError, amountOf, body, conflict, deletedResponse, deleteRows, idParam, notFound, writeErrors, type Errors } from "../ledger/http";
import { createRoute, z } from "@hono/zod-openapi";
import { ID_PATTERN } from "../../../../core/ids";
import { type AmountFormatKey, transferSchema } from "../../../../core/schemas/ledger";
import { createRouter } from "../platform/router";
import { idempotent } from "../platform/idempotency";
import { accountOut, toAccount, toTransaction, transactionOut, type AccountRow, type TransactionRow } from "../ledger/model";
import { accountsByIdStatement, findAccount } from "../accounts/store";
import { transactionsByIdStatement } from "../transactions/store";
import { inOrderOf } from "../ledger/store";
import { transferLegs, insertTransferLegs, transfersCategory } from "./store";
import { rowsOf, writeThenRead } from "../platform/batch";
import { uuid7 } from "../platform/uuid7";
import { bearer, json, problemResponse } from "../platform/openapi";
import { localeOf, validationProblem } from "../platform/problem";
import { requireSession } from "../sessions/middleware";

export const transferRoutes = createRouter();

/** A transfer moves a positive amount: its unreadable-amount message gives no negative example. */
const TRANSFER_AMOUNT_FORMAT: AmountFormatKey = "ledger.errors.positiveAmountFormat";

transferRoutes.openapi(
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
    const category = await transfersCategory(db, userId);
    const transferId = crypto.randomUUID();
    const now = Date.now();
    const fromId = uuid7(now);
    const toId = uuid7(now);
    const description = input.description ?? `${from.name} → ${to.name}`.slice(0, 200);
    // Both legs hold on both accounts being as read, so the batch writes both or neither.
    const ran = await writeThenRead(
      c,
      insertTransferLegs(
        db,
        { transferId, userId, date: input.date, description, categoryId: category?.id ?? null, notes: input.notes ?? null, status: input.status ?? "posted", now },
        [
          { id: fromId, accountId: from.id, amount: -amount },
          { id: toId, accountId: to.id, amount: toAmount },
        ],
        { fromId: from.id, fromCurrency: from.currency, toId: to.id, toCurrency: to.currency },
      ),
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

transferRoutes.openapi(
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

