/**
 * Reconcile (ADR 052): the user gives the bank's balance on a day; the preview shows the account's
 * balance on that day, the difference, and the movements up to then not yet reconciled; when they
 * agree, the reconciliation marks them reconciled and keeps the bank's balance as a checkpoint.
 * Every route is the signed-in user's only (another user's account is a 404, like an unknown one);
 * the write honours Idempotency-Key and is one D1 batch. Their SQL is in store.ts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { ID_PATTERN } from "../../../../core/ids";
import { todayInZone } from "../../../../core/dates";
import { formatSignedMoneyInText, toDecimalString } from "../../../../core/money";
import { translatorFor } from "../../../../core/i18n/translator";
import { reconcileQuerySchema, reconcileSchema } from "../../../../core/schemas/ledger-links";
import { accountOr404, addError, amountOf, body, commonErrors, conflict, idParam, notFound, writeErrors, type Errors } from "../ledger/http";
import { accountOut, toAccount, toTransaction, transactionOut, type AccountRow, type TransactionRow } from "../ledger/model";
import { accountStatement } from "../accounts/store";
import { createRouter } from "../platform/router";
import { idempotent } from "../platform/idempotency";
import { firstRow, rowsOf, writeThenRead } from "../platform/batch";
import { uuid7 } from "../platform/uuid7";
import { bearer, json, problemResponse } from "../platform/openapi";
import { localeOf, validationProblem } from "../platform/problem";
import { requireSession } from "../sessions/middleware";
import { balanceOnDayStatement, checkpointsStatement, checkpointStatement, insertCheckpoint, markReconciled, unreconciledStatement, type CheckpointRow } from "./store";

export const reconcileRoutes = createRouter();

const money = (description: string) => ({ text: z.string().openapi({ description }), minor: z.number().int() });

const checkpointOut = z
  .object({
    id: z.string(),
    date: z.string(),
    balance: z.string(),
    balanceMinor: z.number().int().openapi({ description: "The bank's balance at the end of the day" }),
    ledgerBalance: z.string(),
    ledgerBalanceMinor: z.number().int().openapi({ description: "The account's balance on that day as Tesoro now has it" }),
    holds: z.boolean().openapi({ description: "The two agree: no later change broke this checkpoint" }),
    source: z.enum(["reconcile", "import"]),
    createdAt: z.number(),
  })
  .openapi("BalanceCheckpoint");

function toCheckpoint(row: CheckpointRow, currency: string) {
  return {
    id: row.id,
    date: row.date,
    balance: toDecimalString(row.balance, currency),
    balanceMinor: row.balance,
    ledgerBalance: toDecimalString(row.ledger_balance, currency),
    ledgerBalanceMinor: row.ledger_balance,
    holds: row.balance === row.ledger_balance,
    source: row.source,
    createdAt: row.created_at,
  };
}

const ledger = money("The account's balance at the end of `date`");
const previewOut = z.object({
  account: accountOut,
  date: z.string(),
  ledgerBalance: ledger.text,
  ledgerBalanceMinor: ledger.minor,
  bankBalance: z.string().nullable(),
  bankBalanceMinor: z.number().int().nullable(),
  differenceMinor: z.number().int().nullable().openapi({ description: "The bank's balance minus Tesoro's; null without a bank balance" }),
  difference: z.string().nullable(),
  unreconciled: z.array(transactionOut).openapi({ description: "Movements up to `date` not yet reconciled, oldest first (at most 200)" }),
  unreconciledCount: z.number().int(),
  checkpoints: z.array(checkpointOut),
});

reconcileRoutes.openapi(
  createRoute({
    method: "get",
    path: "/accounts/{accountId}/reconciliation",
    summary: "Preview a reconciliation: the account's balance on `date` (default today), the difference to the bank's `balance`, the unreconciled movements up to then, and the checkpoints",
    security: bearer,
    middleware: [requireSession] as const,
    request: { params: idParam("accountId"), query: reconcileQuerySchema },
    responses: { 200: { description: "Preview", ...json(previewOut) }, ...commonErrors, 422: problemResponse("Invalid date or balance") },
  }),
  async (c) => {
    const { accountId } = c.req.valid("param");
    if (!ID_PATTERN.test(accountId)) return notFound(c);
    const query = c.req.valid("query");
    const user = c.get("user");
    const db = c.env.DB;
    const date = query.date ?? todayInZone(user.timeZone);
    const [accounts, day, rows, checkpoints] = await db.batch([accountStatement(db, user.id, accountId), balanceOnDayStatement(db, user.id, accountId, date), unreconciledStatement(db, user.id, accountId, date), checkpointsStatement(db, user.id, accountId)]);
    const account = firstRow<AccountRow>(accounts);
    const onDay = firstRow<{ balance: number; unreconciled: number }>(day);
    if (!account || !onDay) return notFound(c);
    const errors: Errors = {};
    const bank = query.balance ? amountOf(c, errors, "balance", query.balance, account.currency) : null;
    if (Object.keys(errors).length) return validationProblem(c, errors);
    const locale = localeOf(c);
    const difference = bank === null ? null : bank - onDay.balance;
    return c.json(
      {
        account: toAccount(account),
        date,
        ledgerBalance: toDecimalString(onDay.balance, account.currency),
        ledgerBalanceMinor: onDay.balance,
        bankBalance: bank === null ? null : toDecimalString(bank, account.currency),
        bankBalanceMinor: bank,
        differenceMinor: difference,
        difference: difference === null ? null : toDecimalString(difference, account.currency),
        unreconciled: rowsOf<TransactionRow>(rows).map((row) => toTransaction(row, locale)),
        unreconciledCount: onDay.unreconciled,
        checkpoints: rowsOf<CheckpointRow>(checkpoints).map((row) => toCheckpoint(row, account.currency)),
      },
      200,
    );
  },
);

reconcileRoutes.openapi(
  createRoute({
    method: "post",
    path: "/accounts/{accountId}/reconciliation",
    summary: "Reconcile: when the bank's `balance` at the end of `date` equals the account's, mark its movements up to then reconciled and keep the balance as a checkpoint (one batch)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("accountId"), ...body(reconcileSchema) },
    responses: {
      201: { description: "Reconciled", ...json(z.object({ checkpoint: checkpointOut, reconciledCount: z.number().int(), account: accountOut })) },
      ...writeErrors,
      409: problemResponse("The account is archived, or its balance on that day changed while this was saved (nothing written), or the same Idempotency-Key still in progress"),
    },
  }),
  async (c) => {
    const { accountId } = c.req.valid("param");
    const input = c.req.valid("json");
    const userId = c.get("user").id;
    const db = c.env.DB;
    const found = await accountOr404(c, accountId);
    if (found.response) return found.response;
    const account = found.account;
    if (account.archived) return conflict(c, "api.accountArchivedChange");
    const errors: Errors = {};
    const bank = amountOf(c, errors, "balance", input.balance, account.currency);
    if (bank === null) return validationProblem(c, errors);
    const onDay = await balanceOnDayStatement(db, userId, accountId, input.date).first<{ balance: number }>();
    if (!onDay) return notFound(c);
    if (bank !== onDay.balance) {
      const t = translatorFor(localeOf(c));
      addError(errors, "balance", t("api.ledgerLinks.reconcileDiffers", { difference: formatSignedMoneyInText(bank - onDay.balance, account.currency), balance: formatSignedMoneyInText(onDay.balance, account.currency) }));
      return validationProblem(c, errors);
    }
    const now = Date.now();
    const id = uuid7(now);
    const ran = await writeThenRead(
      c,
      [
        insertCheckpoint(db, { id, accountId, userId, date: input.date, balance: bank, source: "reconcile", now }, { whenBalanceIs: bank }),
        markReconciled(db, userId, accountId, input.date, now, id),
      ],
      [checkpointStatement(db, userId, id), accountStatement(db, userId, accountId)],
      "balance",
    );
    if ("failed" in ran) return ran.failed;
    const checkpoint = firstRow<CheckpointRow>(ran.read[0]);
    const fresh = firstRow<AccountRow>(ran.read[1]);
    if (!fresh) return notFound(c);
    if (!checkpoint) return conflict(c, "api.accountChangedWhileSaving");
    return c.json({ checkpoint: toCheckpoint(checkpoint, account.currency), reconciledCount: ran.written[1]?.meta.changes ?? 0, account: toAccount(fresh) }, 201);
  },
);
