/** The overview's reads: the newest transactions of every account, and the period's money in, out and spending per currency. */
import { TRANSACTION_COLUMNS, TRANSACTION_FROM } from "../ledger/model";

/** A period's money in and out per currency, transfers between own accounts left out. */
function flowsStatement(db: D1Database, userId: string, from: string, to: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT a.currency AS currency,
              COALESCE(SUM(CASE WHEN t.amount > 0 THEN t.amount END), 0) AS inflow,
              COALESCE(SUM(CASE WHEN t.amount < 0 THEN t.amount END), 0) AS outflow
         FROM transactions t JOIN accounts a ON a.id = t.account_id
        WHERE t.user_id = ?1 AND t.transfer_id IS NULL AND t.date BETWEEN ?2 AND ?3
        GROUP BY a.currency`,
    )
    .bind(userId, from, to);
}

/**
 * The newest transactions of every account (a transfer once: its leg out, which names the other
 * account), the period's money in, out and spending per currency, and, with `compare`, another
 * period's money in and out (the month before, beside it).
 */
export function overviewStatements(db: D1Database, userId: string, from: string, to: string, limit: number, compare?: { from: string; to: string }): D1PreparedStatement[] {
  return [
    db
      .prepare(`SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTION_FROM} WHERE t.user_id = ?1 AND (t.transfer_id IS NULL OR t.amount < 0) ORDER BY t.date DESC, t.created_at DESC, t.id DESC LIMIT ?2`)
      .bind(userId, limit),
    flowsStatement(db, userId, from, to),
    db
      .prepare(
        `SELECT a.currency AS currency, t.category_id AS category_id, c.name AS name, c.color AS color, c.default_key AS default_key, -SUM(t.amount) AS spent
           FROM transactions t JOIN accounts a ON a.id = t.account_id LEFT JOIN categories c ON c.id = t.category_id
          WHERE t.user_id = ?1 AND t.transfer_id IS NULL AND (t.amount < 0 OR c.kind = 'expense') AND t.date BETWEEN ?2 AND ?3
          GROUP BY a.currency, t.category_id HAVING spent > 0 ORDER BY spent DESC`,
      )
      .bind(userId, from, to),
    ...(compare ? [flowsStatement(db, userId, compare.from, compare.to)] : []),
  ];
}
