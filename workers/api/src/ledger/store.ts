/** Reads and writes of the ledger that several routes share. Every read is scoped by user_id. */

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

/** `rows` in the order of `ids` (one the user has no row for is left out). */
export function inOrderOf<T extends { id: string }>(rows: readonly T[], ids: readonly string[]): T[] {
  return ids.map((id) => rows.find((row) => row.id === id)).filter((row): row is T => !!row);
}
