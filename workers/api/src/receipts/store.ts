/** The receipts' SQL: a transaction's receipt key, and the trash of images whose rows are gone (migration 0003). */

/** The user's transaction, its receipt key and whether its account is archived. */
export function receiptOf(db: D1Database, userId: string, transactionId: string) {
  return db
    .prepare("SELECT t.id AS id, t.receipt_key AS receipt_key, a.archived AS archived FROM transactions t JOIN accounts a ON a.id = t.account_id WHERE t.id = ?1 AND t.user_id = ?2")
    .bind(transactionId, userId)
    .first<{ id: string; receipt_key: string | null; archived: number }>();
}

/** Forgets the receipt only if it is still `key` (one put since stays); `meta.changes` says which. */
export function removeReceipt(db: D1Database, userId: string, transactionId: string, key: string) {
  return db.prepare("UPDATE transactions SET receipt_key = NULL WHERE id = ?1 AND user_id = ?2 AND receipt_key = ?3").bind(transactionId, userId, key);
}

/** The oldest queued keys of the receipt trash. */
export function trashedKeys(db: D1Database, limit: number) {
  return db.prepare("SELECT key FROM receipt_trash ORDER BY queued_at LIMIT ?1").bind(limit).all<{ key: string }>();
}

export function forgetTrashed(db: D1Database, keys: string[]) {
  return db.prepare("DELETE FROM receipt_trash WHERE key IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(keys));
}
