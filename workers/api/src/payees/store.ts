/** The payees a user has written on movements, each with its last category: the payee field's suggestions. */

/** At most this many suggestions: a `<datalist>` shows a handful, the user types on to narrow them. */
export const PAYEES_LIMIT = 20;

/**
 * One row per payee (spelled as written), the most recently used first, with the category of its
 * latest categorised movement (a later uncategorised one does not forget it). Both read the user's
 * payee index alone (migration 0022): the grouping in its order, the category by one short search
 * per payee (named: on few rows the planner would take the date index and read rows). `q`: text the payee contains (ASCII letters in any case), or "" for all.
 */
export const PAYEES_SQL = `SELECT t.payee AS name, max(t.date) AS last,
  (SELECT c.category_id FROM transactions c INDEXED BY transactions_user_payee
    WHERE c.user_id = ?1 AND c.payee = t.payee AND c.category_id IS NOT NULL
    ORDER BY c.date DESC, c.seq DESC LIMIT 1) AS categoryId
FROM transactions t
WHERE t.user_id = ?1 AND t.payee IS NOT NULL AND (?2 = '' OR instr(lower(t.payee), lower(?2)) > 0)
GROUP BY t.payee
ORDER BY last DESC, name
LIMIT ${PAYEES_LIMIT}`;

export function payeesStatement(db: D1Database, userId: string, q: string): D1PreparedStatement {
  return db.prepare(PAYEES_SQL).bind(userId, q);
}
