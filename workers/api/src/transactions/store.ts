/** Transactions by id: one, several, a transfer's legs for a change, deletes and a new one. Every read is scoped by user_id. */
import { accountAsRead } from "../accounts/store";
import { TRANSACTION_COLUMNS, TRANSACTION_FROM, type TransactionRow } from "../ledger/model";

/** A transaction with what a change to it must check: whether its account is archived, and that account's name. */
export type LegRow = TransactionRow & { account_archived: number; account_name: string };

const LEG_COLUMNS = `${TRANSACTION_COLUMNS}, a.archived AS account_archived, a.name AS account_name`;

/**
 * The SQL of the reads and writes of transactions by id. A row's own id (or its transfer's) finds
 * it; `user_id` only confirms it is the user's, so it is written `+t.user_id`: SQLite would
 * otherwise walk the user's whole index of transactions (`transactions_user`) instead, a million
 * entries for a large ledger, to delete or edit one transaction. tests/api/query-plans.test.ts
 * holds each to its index.
 */
export const BY_ID_SQL = {
  transaction: `SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTION_FROM} WHERE t.id = ?1 AND t.user_id = ?2`,
  transactions: `SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTION_FROM} WHERE +t.user_id = ?1 AND t.id IN (SELECT value FROM json_each(?2))`,
  leg: `SELECT ${LEG_COLUMNS} FROM ${TRANSACTION_FROM} WHERE t.id = ?1 AND t.user_id = ?2`,
  otherLeg: `SELECT ${LEG_COLUMNS} FROM ${TRANSACTION_FROM} WHERE t.transfer_id = (SELECT transfer_id FROM transactions WHERE id = ?1 AND user_id = ?2) AND +t.user_id = ?2 AND t.id <> ?1`,
  transferLegs: `SELECT ${LEG_COLUMNS} FROM ${TRANSACTION_FROM} WHERE t.transfer_id = ?1 AND +t.user_id = ?2 ORDER BY t.amount`,
  deleteTransactions: "DELETE FROM transactions WHERE +user_id = ?1 AND id IN (SELECT value FROM json_each(?2))",
} as const;

export function transactionStatement(db: D1Database, userId: string, id: string): D1PreparedStatement {
  return db.prepare(BY_ID_SQL.transaction).bind(id, userId);
}

export async function findTransaction(db: D1Database, userId: string, id: string): Promise<TransactionRow | null> {
  return transactionStatement(db, userId, id).first<TransactionRow>();
}

/**
 * What an edit or a delete of one of the user's transactions reads first, in one round trip: the
 * row, and the other leg of its transfer (null for a plain transaction), each with its account's
 * archived flag. Null when the user has no such transaction.
 */
export async function transactionForChange(db: D1Database, userId: string, id: string): Promise<{ row: LegRow; other: LegRow | null } | null> {
  const [rows, others] = await db.batch<LegRow>([db.prepare(BY_ID_SQL.leg).bind(id, userId), db.prepare(BY_ID_SQL.otherLeg).bind(id, userId)]);
  const row = rows?.results[0];
  return row ? { row, other: others?.results[0] ?? null } : null;
}

/** The user's transactions of `ids` (`inOrderOf` puts them in that order). */
export function transactionsByIdStatement(db: D1Database, userId: string, ids: string[]): D1PreparedStatement {
  return db.prepare(BY_ID_SQL.transactions).bind(userId, JSON.stringify(ids));
}

/** Deletes the user's transactions of `ids` (the triggers keep balances, day totals and search). */
export function deleteTransactionsStatement(db: D1Database, userId: string, ids: string[]): D1PreparedStatement {
  return db.prepare(BY_ID_SQL.deleteTransactions).bind(userId, JSON.stringify(ids));
}

/**
 * A new transaction, written only while its account is as read (`accountAsRead`: the user's, in
 * `currency`, not archived); with `receiptKey`, its receipt image (already in R2) in the same row.
 */
export function insertTransaction(
  db: D1Database,
  row: { id: string; accountId: string; userId: string; date: string; description: string; amount: number; categoryId: string | null; payee: string | null; notes: string | null; status: string; now: number; currency: string; receiptKey?: string | null },
) {
  return db
    .prepare(
      `INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, payee, notes, status, created_at, updated_at, receipt_key)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11, ?13 WHERE ${accountAsRead(2, 3, 12)}`,
    )
    .bind(row.id, row.accountId, row.userId, row.date, row.description, row.amount, row.categoryId, row.payee, row.notes, row.status, row.now, row.currency, row.receiptKey ?? null);
}
