/**
 * The SQL of bulk changes and of delete-with-undo (docs/decisions/053). A delete moves each row
 * into `deleted_transactions` as a JSON snapshot of every column the table has (read from
 * `pragma_table_info`, so columns added by later migrations are kept too) in the batch that
 * deletes it; a restore inserts the snapshot back under its own id. The usual triggers keep
 * balances, day totals, search and import counts in both directions.
 */

/** How long a deleted row can be brought back; older snapshots are purged on the user's next bulk write. */
export const UNDO_KEEP_MS = 24 * 60 * 60 * 1000;

/** Columns a restore does not copy back: `seq` is the FTS rowid, given anew (the old one may have been reused). */
const NOT_RESTORED = new Set(["seq"]);

export type BulkRow = { id: string; account_id: string; transfer_id: string | null; account_archived: number; account_name: string };

const IDS = "(SELECT value FROM json_each(?2))";

/** The user's rows of `ids` and every other leg of their transfers, with their accounts' archived flags. */
export function rowsWithLegsStatement(db: D1Database, userId: string, ids: string[]) {
  return db
    .prepare(
      `SELECT t.id, t.account_id, t.transfer_id, a.archived AS account_archived, a.name AS account_name
         FROM transactions t JOIN accounts a ON a.id = t.account_id
        WHERE +t.user_id = ?1 AND (t.id IN ${IDS} OR t.transfer_id IN (SELECT transfer_id FROM transactions WHERE +user_id = ?1 AND id IN ${IDS} AND transfer_id IS NOT NULL))`,
    )
    .bind(userId, JSON.stringify(ids));
}

/** The transactions table's columns, in order. */
export function columnsStatement(db: D1Database) {
  return db.prepare("SELECT name FROM pragma_table_info('transactions') ORDER BY cid");
}

/** Sets a category and/or a status on the user's rows of `ids`. */
export function setStatement(db: D1Database, userId: string, ids: string[], set: { categoryId?: string | null; status?: string }, now: number) {
  const assignments: string[] = ["updated_at = ?3"];
  const params: unknown[] = [userId, JSON.stringify(ids), now];
  if (set.categoryId !== undefined) {
    params.push(set.categoryId);
    assignments.push(`category_id = ?${params.length}`);
  }
  if (set.status !== undefined) {
    params.push(set.status);
    assignments.push(`status = ?${params.length}`);
  }
  return db.prepare(`UPDATE transactions SET ${assignments.join(", ")} WHERE +user_id = ?1 AND id IN ${IDS}`).bind(...params);
}

/**
 * Snapshot, delete, and keep the receipt images: the delete trigger (migration 0003) queued each
 * image for removal; its snapshot holds it now, so it leaves the trash in the same batch.
 */
export function deleteWithSnapshotStatements(db: D1Database, userId: string, ids: string[], columns: string[], now: number) {
  const json = `json_object(${columns.map((name) => `'${name}', ${quoted(name)}`).join(", ")})`;
  const idsJson = JSON.stringify(ids);
  return [
    db
      .prepare(
        `INSERT OR REPLACE INTO deleted_transactions (id, user_id, account_id, receipt_key, deleted_at, row)
         SELECT id, user_id, account_id, receipt_key, ?3, ${json} FROM transactions WHERE +user_id = ?1 AND id IN ${IDS}`,
      )
      .bind(userId, idsJson, now),
    db.prepare(`DELETE FROM transactions WHERE +user_id = ?1 AND id IN ${IDS}`).bind(userId, idsJson),
    db.prepare(`DELETE FROM receipt_trash WHERE key IN (SELECT receipt_key FROM deleted_transactions WHERE user_id = ?1 AND id IN ${IDS} AND receipt_key IS NOT NULL)`).bind(userId, idsJson),
  ];
}

/**
 * The user's snapshots of `ids` and of the other legs of their transfers (deleted together), with
 * their accounts, while the undo window lasts: an older snapshot waits only for its purge.
 */
export function snapshotsStatement(db: D1Database, userId: string, ids: string[], now: number) {
  return db
    .prepare(
      `SELECT d.id, d.account_id, json_extract(d.row, '$.transfer_id') AS transfer_id, a.archived AS account_archived, a.name AS account_name
         FROM deleted_transactions d JOIN accounts a ON a.id = d.account_id
        WHERE d.user_id = ?1 AND d.deleted_at >= ?3 AND (d.id IN ${IDS} OR json_extract(d.row, '$.transfer_id') IN
          (SELECT json_extract(row, '$.transfer_id') FROM deleted_transactions WHERE user_id = ?1 AND id IN ${IDS} AND json_extract(row, '$.transfer_id') IS NOT NULL))`,
    )
    .bind(userId, JSON.stringify(ids), now - UNDO_KEEP_MS);
}

/**
 * Puts the snapshots of `ids` back as they were. A category or import that went meanwhile is not
 * brought back with them: the row comes back uncategorised, or as a row of no import (as the
 * foreign keys' ON DELETE SET NULL would have left it). The import's count of remaining rows
 * grows again (the delete trigger of migration 0015 took it down).
 */
export function restoreStatements(db: D1Database, userId: string, ids: string[], columns: string[]) {
  const restored = columns.filter((name) => !NOT_RESTORED.has(name));
  const value = (name: string) => {
    const field = `json_extract(d.row, '$.${name}')`;
    if (name === "category_id") return `(SELECT c.id FROM categories c WHERE c.id = ${field} AND c.user_id = d.user_id)`;
    if (name === "import_id") return `(SELECT i.id FROM imports i WHERE i.id = ${field} AND i.undone_at IS NULL)`;
    return field;
  };
  const idsJson = JSON.stringify(ids);
  return [
    db
      .prepare(
        `INSERT INTO transactions (${restored.map(quoted).join(", ")})
         SELECT ${restored.map(value).join(", ")} FROM deleted_transactions d WHERE d.user_id = ?1 AND d.id IN ${IDS}`,
      )
      .bind(userId, idsJson),
    ...(columns.includes("import_id")
      ? [
          db
            .prepare(
              `UPDATE imports SET remaining = remaining + (SELECT count(*) FROM transactions t WHERE t.import_id = imports.id AND +t.user_id = ?1 AND t.id IN ${IDS})
                WHERE id IN (SELECT import_id FROM transactions WHERE +user_id = ?1 AND id IN ${IDS} AND import_id IS NOT NULL)`,
            )
            .bind(userId, idsJson),
        ]
      : []),
    db.prepare(`DELETE FROM deleted_transactions WHERE user_id = ?1 AND id IN ${IDS}`).bind(userId, idsJson),
    // The snapshot's delete trigger queued the image again: it is the row's once more.
    db.prepare(`DELETE FROM receipt_trash WHERE key IN (SELECT receipt_key FROM transactions WHERE +user_id = ?1 AND id IN ${IDS} AND receipt_key IS NOT NULL)`).bind(userId, idsJson),
  ];
}

/** Snapshots older than the undo window go (their receipt images with them, by trigger). */
export function purgeStatement(db: D1Database, userId: string, now: number) {
  return db.prepare("DELETE FROM deleted_transactions WHERE user_id = ?1 AND deleted_at < ?2").bind(userId, now - UNDO_KEEP_MS);
}

/** A column name as an SQL identifier (names come from pragma_table_info, never from a request). */
function quoted(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}
