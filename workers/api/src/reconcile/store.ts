/**
 * Reconciliation (ADR 052): an account's balance at the end of a day, its movements not yet agreed
 * with the bank, and balance checkpoints (the bank's balance on a day, kept). Every read is scoped
 * by user_id; balances on a day are summed from account_days (one row per day, the same triggers as
 * the account's balance), so they equal the account's transactions.
 */
import { TRANSACTION_COLUMNS, TRANSACTION_FROM } from "../ledger/model";

/** How many unreconciled movements a preview lists (the count says how many there are in all). */
export const UNRECONCILED_LISTED = 200;

/** SQL for the balance of account `?a` at the end of day `?d`: its opening balance and every movement dated up to that day. */
const balanceAt = (account: string, day: string) => `((SELECT opening_balance FROM accounts WHERE id = ${account}) + COALESCE((SELECT SUM(d.inflow + d.outflow) FROM account_days d WHERE d.account_id = ${account} AND d.date <= ${day}), 0))`;

export type CheckpointRow = { id: string; account_id: string; date: string; balance: number; source: "reconcile" | "import"; created_at: number; ledger_balance: number };

/** The account's balance at the end of `date`, and how many of its movements up to then are not reconciled. */
export function balanceOnDayStatement(db: D1Database, userId: string, accountId: string, date: string) {
  return db
    .prepare(
      `SELECT ${balanceAt("?1", "?2")} AS balance,
              (SELECT COUNT(*) FROM transactions WHERE account_id = ?1 AND date <= ?2 AND reconciled_at IS NULL) AS unreconciled
         FROM accounts WHERE id = ?1 AND user_id = ?3`,
    )
    .bind(accountId, date, userId);
}

/** The movements of the account up to `date` not yet reconciled, oldest first. */
export function unreconciledStatement(db: D1Database, userId: string, accountId: string, date: string) {
  return db
    .prepare(`SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTION_FROM} WHERE t.account_id = ?1 AND t.date <= ?2 AND t.reconciled_at IS NULL AND +t.user_id = ?3 ORDER BY t.date, t.id LIMIT ${UNRECONCILED_LISTED}`)
    .bind(accountId, date, userId);
}

/** The account's checkpoints, latest first, each with the account's balance on its day as the ledger now has it. */
export function checkpointsStatement(db: D1Database, userId: string, accountId: string, limit = 50) {
  return db
    .prepare(
      `SELECT cp.id, cp.account_id, cp.date, cp.balance, cp.source, cp.created_at, ${balanceAt("cp.account_id", "cp.date")} AS ledger_balance
         FROM balance_checkpoints cp WHERE cp.account_id = ?1 AND cp.user_id = ?2 ORDER BY cp.date DESC, cp.created_at DESC LIMIT ?3`,
    )
    .bind(accountId, userId, limit);
}

/**
 * A checkpoint: the bank's balance of one of the user's accounts at the end of `date`. With
 * `source: "import"` it is a bank file's balance column at the file's last day (ADR 062), kept
 * `unlessKept` (the same day, balance and source already are); `whenBalanceIs` writes it only while the ledger's balance on that day is that amount
 * (a reconciliation: the check made before holds when the batch runs).
 */
export function insertCheckpoint(
  db: D1Database,
  row: { id: string; accountId: string; userId: string; date: string; balance: number; source: "reconcile" | "import"; now: number },
  { whenBalanceIs, unlessKept = false }: { whenBalanceIs?: number; unlessKept?: boolean } = {},
) {
  const guard = whenBalanceIs === undefined ? "" : ` AND ${balanceAt("?2", "?4")} = ?8`;
  // A file imported again states the same balance again: one checkpoint of it is enough.
  const once = unlessKept ? " AND NOT EXISTS (SELECT 1 FROM balance_checkpoints WHERE account_id = ?2 AND date = ?4 AND balance = ?5 AND source = ?6)" : "";
  return db
    .prepare(
      `INSERT INTO balance_checkpoints (id, account_id, user_id, date, balance, source, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ?2 AND user_id = ?3 AND archived = 0)${guard}${once}`,
    )
    .bind(row.id, row.accountId, row.userId, row.date, row.balance, row.source, row.now, ...(whenBalanceIs === undefined ? [] : [whenBalanceIs]));
}

/**
 * Marks the account's movements up to `date` reconciled, only while the ledger's balance on that
 * day is `balance` and the checkpoint `checkpointId` was written (it runs after it in the batch).
 */
export function markReconciled(db: D1Database, userId: string, accountId: string, date: string, now: number, checkpointId: string) {
  return db
    .prepare(
      `UPDATE transactions SET reconciled_at = ?1, updated_at = max(?1, updated_at + 1)
        WHERE account_id = ?2 AND date <= ?3 AND reconciled_at IS NULL AND +user_id = ?4 AND EXISTS (SELECT 1 FROM balance_checkpoints WHERE id = ?5)`,
    )
    .bind(now, accountId, date, userId, checkpointId);
}

/** The checkpoint `id` as written (null when its guard let nothing be written). */
export function checkpointStatement(db: D1Database, userId: string, id: string) {
  return db.prepare(`SELECT cp.id, cp.account_id, cp.date, cp.balance, cp.source, cp.created_at, ${balanceAt("cp.account_id", "cp.date")} AS ledger_balance FROM balance_checkpoints cp WHERE cp.id = ?1 AND cp.user_id = ?2`).bind(id, userId);
}
