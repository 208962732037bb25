/** Reads and writes of the ledger that several routes share. Every read is scoped by user_id. */
import { DEFAULT_CATEGORY_KEYS } from "../../../../core/schemas/ledger";
import { DEFAULT_CATEGORY_SPECS, defaultCategoryName, TRANSACTION_COLUMNS, TRANSACTION_FROM, type AccountRow, type TransactionRow } from "./model";

/** A condition a row must still meet when an UPDATE runs; each `?` in it is bound to `params`, in order. */
export type Guard = { sql: string; params?: readonly unknown[] };

/**
 * An UPDATE of one of the user's rows that writes only the columns given a value (undefined ones
 * are left as they are: a partial edit never writes back what it read). `guards` are conditions
 * the row must still meet when the write runs. Null when there is nothing to write.
 *
 * `updated_at` only ever moves forward (at least 1 ms past the row's own): an edit guarded by the
 * copy it read must see any later write as a change, even one in the same millisecond or from a
 * clock that is behind.
 */
export function updateRow(db: D1Database, table: "accounts" | "transactions", key: { id: string; userId: string }, changes: Record<string, unknown>, guards: readonly Guard[] = []): D1PreparedStatement | null {
  const columns = Object.keys(changes).filter((column) => changes[column] !== undefined);
  if (!columns.length) return null;
  const sets = columns.map((column, i) => (column === "updated_at" ? `updated_at = max(?${i + 1}, updated_at + 1)` : `${column} = ?${i + 1}`)).join(", ");
  let next = columns.length + 3;
  const conditions = guards.map((guard) => ` AND ${guard.sql.replace(/\?/g, () => `?${next++}`)}`).join("");
  return db
    .prepare(`UPDATE ${table} SET ${sets} WHERE id = ?${columns.length + 1} AND user_id = ?${columns.length + 2}${conditions}`)
    .bind(...columns.map((column) => changes[column]), key.id, key.userId, ...guards.flatMap((guard) => guard.params ?? []));
}

/**
 * SQL that holds while an account is still as a write read it: the user's, in that currency, and
 * not archived (`?n` are the numbers of the parameters bound to its id, the user's id and the
 * currency). A write's amounts were read in that currency and its checks made on that state; an
 * archive or a change of currency landing between that read and the write would otherwise take
 * the write regardless.
 */
export function accountAsRead(id: number, userId: number, currency: number): string {
  return `EXISTS (SELECT 1 FROM accounts WHERE id = ?${id} AND user_id = ?${userId} AND currency = ?${currency} AND archived = 0)`;
}

export function accountStatement(db: D1Database, userId: string, id: string): D1PreparedStatement {
  return db.prepare("SELECT * FROM accounts WHERE id = ?1 AND user_id = ?2").bind(id, userId);
}

export async function findAccount(db: D1Database, userId: string, id: string): Promise<AccountRow | null> {
  return accountStatement(db, userId, id).first<AccountRow>();
}

export function accountsByIdStatement(db: D1Database, userId: string, ids: string[]): D1PreparedStatement {
  return db.prepare(`SELECT * FROM accounts WHERE user_id = ?1 AND id IN (SELECT value FROM json_each(?2))`).bind(userId, JSON.stringify([...new Set(ids)]));
}

/** `rows` in the order of `ids` (one the user has no row for is left out). */
export function inOrderOf<T extends { id: string }>(rows: readonly T[], ids: readonly string[]): T[] {
  return ids.map((id) => rows.find((row) => row.id === id)).filter((row): row is T => !!row);
}

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

/** Both legs of one of the user's transfers (money out first), each with its account's archived flag. */
export async function transferLegs(db: D1Database, userId: string, transferId: string): Promise<LegRow[]> {
  const { results } = await db.prepare(BY_ID_SQL.transferLegs).bind(transferId, userId).all<LegRow>();
  return results;
}

/** The user's transactions of `ids` (`inOrderOf` puts them in that order). */
export function transactionsByIdStatement(db: D1Database, userId: string, ids: string[]): D1PreparedStatement {
  return db.prepare(BY_ID_SQL.transactions).bind(userId, JSON.stringify(ids));
}

/** Deletes the user's transactions of `ids` (the triggers keep balances, day totals and search). */
export function deleteTransactionsStatement(db: D1Database, userId: string, ids: string[]): D1PreparedStatement {
  return db.prepare(BY_ID_SQL.deleteTransactions).bind(userId, JSON.stringify(ids));
}

export async function categoryBelongs(db: D1Database, userId: string, id: string): Promise<boolean> {
  return !!(await db.prepare("SELECT 1 AS ok FROM categories WHERE id = ?1 AND user_id = ?2").bind(id, userId).first());
}

/** The default categories, named in the user's language; existing ones are left alone. */
export function defaultCategoryStatements(db: D1Database, userId: string, locale: string, now = Date.now()): D1PreparedStatement[] {
  return DEFAULT_CATEGORY_KEYS.map((key) => {
    const spec = DEFAULT_CATEGORY_SPECS[key];
    return db
      .prepare("INSERT INTO categories (id, user_id, name, kind, color, default_key, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING")
      .bind(crypto.randomUUID(), userId, defaultCategoryName(key, locale), spec.kind, spec.color, key, now);
  });
}

export async function createDefaultCategories(db: D1Database, userId: string, locale: string): Promise<void> {
  await db.batch(defaultCategoryStatements(db, userId, locale));
}

/** A CHECK on accounts.balance (or a day total) refused the write: the sum left the exact range. */
export function isRangeError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  // "money volume out of range": migrations/0010, the bound on a user's gross volume.
  return /CHECK constraint failed|integer overflow|money volume out of range/i.test(message);
}
