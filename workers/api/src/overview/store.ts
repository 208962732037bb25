/** The overview's reads: the newest transactions of every account, and the period's money in, out and spending per currency. */
import { TRANSACTION_COLUMNS, TRANSACTION_FROM } from "../ledger/model";

/** The newest transactions of every account, and the period's money in, out and spending, per currency. */
export function overviewStatements(db: D1Database, userId: string, from: string, to: string, limit: number): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTION_FROM} WHERE t.user_id = ?1 ORDER BY t.date DESC, t.created_at DESC, t.id DESC LIMIT ?2`).bind(userId, limit),
    db
      .prepare(
        `SELECT a.currency AS currency,
                COALESCE(SUM(CASE WHEN t.amount > 0 THEN t.amount END), 0) AS inflow,
                COALESCE(SUM(CASE WHEN t.amount < 0 THEN t.amount END), 0) AS outflow
           FROM transactions t JOIN accounts a ON a.id = t.account_id
          WHERE t.user_id = ?1 AND t.transfer_id IS NULL AND t.date BETWEEN ?2 AND ?3
          GROUP BY a.currency`,
      )
      .bind(userId, from, to),
    db
      .prepare(
        `SELECT a.currency AS currency, t.category_id AS category_id, c.name AS name, c.color AS color, c.default_key AS default_key, -SUM(t.amount) AS spent
           FROM transactions t JOIN accounts a ON a.id = t.account_id LEFT JOIN categories c ON c.id = t.category_id
          WHERE t.user_id = ?1 AND t.transfer_id IS NULL AND (t.amount < 0 OR c.kind = 'expense') AND t.date BETWEEN ?2 AND ?3
          GROUP BY a.currency, t.category_id HAVING spent > 0 ORDER BY spent DESC`,
      )
      .bind(userId, from, to),
  ];
}
