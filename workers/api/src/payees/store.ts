/** The payees a user has written on movements, each with its last category: the payee field's suggestions. */

/** At most this many suggestions: a `<datalist>` shows a handful, the user types on to narrow them. */
export const PAYEES_LIMIT = 20;

/**
 * One row per payee (spelled as written), newest use first. Its category is the one of its latest
 * categorised movement (a later uncategorised one does not forget it): the one `max()` of the
 * query picks that row, and SQLite takes a bare column's value from the row `max()` chose. Reads
 * the user's payee index alone (migration 0022), never the rows. `q`: text the payee contains
 * (ASCII letters in any case), or "" for all.
 */
export const PAYEES_SQL = `SELECT payee AS name, category_id AS categoryId,
  max((category_id IS NOT NULL) || date || printf('%015d', seq)) AS latest
FROM transactions
WHERE user_id = ?1 AND payee IS NOT NULL AND (?2 = '' OR instr(lower(payee), lower(?2)) > 0)
GROUP BY payee
ORDER BY substr(latest, 2, 10) DESC, name
LIMIT ${PAYEES_LIMIT}`;

export function payeesStatement(db: D1Database, userId: string, q: string): D1PreparedStatement {
  return db.prepare(PAYEES_SQL).bind(userId, q);
}
