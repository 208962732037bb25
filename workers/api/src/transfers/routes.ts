/**
 * Transfers: money between two of the user's accounts, both legs written together, and deleted together;
 * a movement made one leg of a transfer (linked, or given its other leg), and a transfer made two
 * plain movements again (ADR 052).
 * Contract: docs/api/ledger.md. Every route is the signed-in user's only: another user's id is a
 * 404, like an unknown or malformed one. Every mutating route honours Idempotency-Key and writes
 * in one final D1 batch (atomic), after all validation. Their SQL is in store.ts.
 */
import { addError, amountOf, archivedRefusal, body, commonErrors, conflict, deletedResponse, deleteRows, idParam, notFound, writeErrors, type Errors } from "../ledger/http";
import { createRoute, z } from "@hono/zod-openapi";
import { ID_PATTERN } from "../../../../core/ids";
import { type AmountFormatKey, transferSchema } from "../../../../core/schemas/ledger";
import { createRouter } from "../platform/router";
import { idempotent } from "../platform/idempotency";
import { accountOut, toAccount, toTransaction, transactionOut, type AccountRow, type TransactionRow } from "../ledger/model";
import { accountsByIdStatement, accountsStatement, findAccount } from "../accounts/store";
import { findTransaction, transactionForChange, transactionsByIdStatement } from "../transactions/store";
import { inOrderOf } from "../ledger/store";
import { addOtherLeg, insertTransferLegs, linkAsTransfer, transferCandidatesStatement, transferLegs, transfersCategory, unlinkTransfer, type CandidateRow } from "./store";
import { convertToTransferSchema, TRANSFER_MATCH_DAYS } from "../../../../core/schemas/ledger-links";
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


// ───────────────────── Convert to transfer, and back (ADR 052) ─────────────────────

const candidateOut = z.object({ transaction: transactionOut, accountName: z.string(), daysApart: z.number().int() });
const candidatesResponse = z.object({
  transaction: transactionOut,
  candidates: z.array(candidateOut).openapi({ description: "Plain movements of the user's other open accounts, money the other way, nearest date first" }),
  accounts: z.array(accountOut).openapi({ description: "The user's other open accounts, where the other leg can be created" }),
});

transferRoutes.openapi(
  createRoute({
    method: "get",
    path: "/transactions/{transactionId}/transfer-candidates",
    summary: "Movements of the user's other accounts that could be this movement's other leg, and the accounts where one could be created",
    security: bearer,
    middleware: [requireSession] as const,
    request: { params: idParam("transactionId") },
    responses: { 200: { description: "Candidates", ...json(candidatesResponse) }, ...commonErrors },
  }),
  async (c) => {
    const { transactionId } = c.req.valid("param");
    if (!ID_PATTERN.test(transactionId)) return notFound(c);
    const userId = c.get("user").id;
    const db = c.env.DB;
    const row = await findTransaction(db, userId, transactionId);
    if (!row) return notFound(c);
    const locale = localeOf(c);
    const [found, accounts] = await db.batch([
      row.transfer_id ? db.prepare("SELECT 1 WHERE 0") : transferCandidatesStatement(db, userId, row, TRANSFER_MATCH_DAYS),
      accountsStatement(db, userId, "false"),
    ]);
    return c.json(
      {
        transaction: toTransaction(row, locale),
        candidates: rowsOf<CandidateRow>(found).map((candidate) => ({ transaction: toTransaction(candidate, locale), accountName: candidate.account_name, daysApart: Math.round(candidate.days_apart) })),
        accounts: rowsOf<AccountRow>(accounts)
          .filter((account) => account.id !== row.account_id)
          .map((account) => toAccount(account)),
      },
      200,
    );
  },
);

const transferOut = z.object({ transferId: z.string(), from: transactionOut, to: transactionOut, accounts: z.array(accountOut) });

transferRoutes.openapi(
  createRoute({
    method: "post",
    path: "/transactions/{transactionId}/transfer",
    summary: "Make a movement one leg of a transfer: linked to `counterpartId` (a plain movement of another account, money the other way), or with its other leg created in `accountId`",
    description:
      "Both legs keep their amounts, dates, categories and texts; a created leg copies the date, description and status and takes the Transfers category. `amount` is the amount received in `accountId` when its currency differs. Written in one batch, both or neither.",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("transactionId"), ...body(convertToTransferSchema) },
    responses: {
      201: { description: "Now a transfer", ...json(transferOut) },
      ...writeErrors,
      409: problemResponse("Already a transfer, or in an archived account, or changed while this was saved (nothing written), or the same Idempotency-Key still in progress"),
    },
  }),
  async (c) => {
    const { transactionId } = c.req.valid("param");
    if (!ID_PATTERN.test(transactionId)) return notFound(c);
    const input = c.req.valid("json");
    const userId = c.get("user").id;
    const db = c.env.DB;
    const found = await transactionForChange(db, userId, transactionId);
    if (!found) return notFound(c);
    const { row, other } = found;
    const archived = archivedRefusal(c, row, other);
    if (archived) return archived;
    if (row.transfer_id) return conflict(c, "api.ledgerLinks.alreadyTransfer");
    const errors: Errors = {};
    const field = input.counterpartId ? "counterpartId" : "accountId";
    if (row.amount === 0) addError(errors, field, "api.ledgerLinks.zeroAmount");
    const transferId = crypto.randomUUID();
    const now = Date.now();
    let statements: D1PreparedStatement[] = [];
    let otherId = "";
    let otherAccountId = "";
    if (input.counterpartId) {
      const counterpart = await transactionForChange(db, userId, input.counterpartId);
      if (!counterpart) addError(errors, field, "api.ledgerLinks.counterpartUnknown");
      else {
        const leg = counterpart.row;
        if (leg.account_id === row.account_id) addError(errors, field, "ledger.errors.sameAccount");
        else if (leg.account_archived) addError(errors, field, "api.accountArchived");
        else if (leg.transfer_id) addError(errors, field, "api.ledgerLinks.counterpartTransfer");
        else if (Math.sign(leg.amount) === Math.sign(row.amount)) addError(errors, field, "api.ledgerLinks.counterpartSameSign");
        else if (leg.currency === row.currency && leg.amount !== -row.amount) addError(errors, field, "api.ledgerLinks.counterpartAmount");
        otherId = leg.id;
        otherAccountId = leg.account_id;
        statements = linkAsTransfer(db, userId, transferId, now, [
          { id: row.id, amount: row.amount, accountId: row.account_id, currency: row.currency },
          { id: leg.id, amount: leg.amount, accountId: leg.account_id, currency: leg.currency },
        ]);
      }
    } else if (input.accountId) {
      const account = await findAccount(db, userId, input.accountId);
      if (!account) addError(errors, field, "ledger.errors.accountUnknown");
      else if (account.id === row.account_id) addError(errors, field, "ledger.errors.sameAccount");
      else if (account.archived) addError(errors, field, "api.accountArchived");
      else {
        let magnitude: number | null = Math.abs(row.amount);
        if (account.currency !== row.currency) {
          if (!input.amount) {
            addError(errors, "amount", "api.toAmountRequired");
            magnitude = null;
          } else magnitude = amountOf(c, errors, "amount", input.amount, account.currency, TRANSFER_AMOUNT_FORMAT);
          if (magnitude !== null && magnitude <= 0) addError(errors, "amount", "api.amountPositive");
        } else if (input.amount) {
          const received = amountOf(c, errors, "amount", input.amount, account.currency, TRANSFER_AMOUNT_FORMAT);
          if (received !== null && received !== magnitude) addError(errors, "amount", "api.toAmountSameCurrency");
        }
        if (magnitude !== null) {
          const category = await transfersCategory(db, userId);
          otherId = uuid7(now);
          otherAccountId = account.id;
          statements = addOtherLeg(db, userId, transferId, now, { id: row.id, amount: row.amount }, {
            id: otherId,
            accountId: account.id,
            currency: account.currency,
            amount: row.amount < 0 ? magnitude : -magnitude,
            date: row.date,
            description: row.description,
            status: row.status,
            categoryId: category?.id ?? null,
          });
        }
      }
    }
    if (Object.keys(errors).length || !statements.length) return validationProblem(c, errors);
    const ran = await writeThenRead(c, statements, [transactionsByIdStatement(db, userId, [row.id, otherId]), accountsByIdStatement(db, userId, [row.account_id, otherAccountId])], field);
    if ("failed" in ran) return ran.failed;
    // Money out first, as a transfer's legs are answered everywhere.
    const legs = rowsOf<TransactionRow>(ran.read[0])
      .filter((leg) => leg.transfer_id === transferId)
      .sort((a, b) => a.amount - b.amount);
    if (legs.length < 2) return conflict(c, "api.accountChangedWhileSaving");
    const accounts = inOrderOf(rowsOf<AccountRow>(ran.read[1]), [legs[0]!.account_id, legs[1]!.account_id]);
    const locale = localeOf(c);
    return c.json({ transferId, from: toTransaction(legs[0]!, locale), to: toTransaction(legs[1]!, locale), accounts: accounts.map((account) => toAccount(account)) }, 201);
  },
);

transferRoutes.openapi(
  createRoute({
    method: "post",
    path: "/transfers/{transferId}/unlink",
    summary: "Not a transfer: a leg that convert created is deleted (unless a bank file has confirmed it since); every other leg becomes a plain movement, kept as it is (amount, date, category, texts)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("transferId") },
    responses: {
      200: {
        description: "The legs kept, as plain movements, and those deleted",
        ...json(
          z.object({
            transactions: z.array(transactionOut),
            accounts: z.array(accountOut),
            deleted: z.array(z.string()).openapi({ description: "Ids of the legs deleted: a leg that convert created for this transfer (not one that existed before, nor one a bank file has confirmed since)" }),
          }),
        ),
      },
      ...writeErrors,
      409: problemResponse("A leg in an archived account, or the same Idempotency-Key still in progress"),
    },
  }),
  async (c) => {
    const { transferId } = c.req.valid("param");
    if (!ID_PATTERN.test(transferId)) return notFound(c);
    const userId = c.get("user").id;
    const db = c.env.DB;
    const legs = await transferLegs(db, userId, transferId);
    if (!legs.length) return notFound(c);
    const archived = legs.find((leg) => leg.account_archived);
    if (archived) return conflict(c, "api.transferArchived", { account: archived.account_name });
    const ids = legs.map((leg) => leg.id);
    const unlink = unlinkTransfer(db, userId, transferId, Date.now());
    const ran = await writeThenRead(c, [unlink.deleted, unlink.unlinked], [transactionsByIdStatement(db, userId, ids), accountsByIdStatement(db, userId, legs.map((leg) => leg.account_id))]);
    if ("failed" in ran) return ran.failed;
    const locale = localeOf(c);
    const deleted = rowsOf<{ id: string }>(ran.written[0]).map((row) => row.id);
    return c.json(
      {
        transactions: inOrderOf(rowsOf<TransactionRow>(ran.read[0]), ids).map((leg) => toTransaction(leg, locale)),
        accounts: inOrderOf(rowsOf<AccountRow>(ran.read[1]), legs.map((leg) => leg.account_id)).map((account) => toAccount(account)),
        deleted,
      },
      200,
    );
  },
);
