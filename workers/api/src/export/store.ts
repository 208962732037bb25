/** The reads of "export everything" (ADR 031): the head (accounts, categories) and the transactions in keyset chunks. */

/** The user's accounts and categories, in a stable order, and the reporting currency, for one batch. */
export function headStatements(db: D1Database, userId: string): [D1PreparedStatement, D1PreparedStatement, D1PreparedStatement] {
  return [
    db.prepare("SELECT * FROM accounts WHERE user_id = ?1 ORDER BY created_at, id").bind(userId),
    db.prepare("SELECT * FROM categories WHERE user_id = ?1 ORDER BY name, id").bind(userId),
    db.prepare("SELECT reporting_currency FROM users WHERE id = ?1").bind(userId),
  ];
}

/** One chunk of the user's transactions written by `until`, after `after` in (date, id) order (keyset over `transactions_user_date`). */
export function transactionChunk(db: D1Database, userId: string, until: number, after: { date: unknown; id: unknown } | null, chunkRows: number) {
  return db
    .prepare(
      `SELECT t.*, a.currency AS currency, a.name AS account_name, c.name AS category_name, c.default_key AS category_default_key
           FROM transactions t JOIN accounts a ON a.id = t.account_id LEFT JOIN categories c ON c.id = t.category_id
          WHERE t.user_id = ?1 AND t.created_at <= ?2${after ? " AND (t.date, t.id) > (?3, ?4)" : ""}
          ORDER BY t.date, t.id LIMIT ${chunkRows}`,
    )
    .bind(userId, until, ...(after ? [after.date, after.id] : []));
}
