/**
 * The SQL of the CSV import: the duplicate checks' lookups, the rows and categories an import
 * writes in its one batch, and the import records that let it be undone (ADR 038).
 */
import { accountAsRead } from "../accounts/store";
import { IMPORTS_LISTED } from "./records";

/**
 * Which of these ids are transactions of the account (the app's own export, imported again). The
 * id finds each row; `+account_id` keeps SQLite from walking the account's whole index instead
 * (tests/api/query-plans.test.ts).
 */
export const OWN_IDS_SQL = "SELECT id AS v FROM transactions WHERE +account_id = ?1 AND id IN (SELECT value FROM json_each(?2))";

/**
 * The account's rows imported before migration 0017 (no `import_content`) on the file's days with
 * the file's amounts (`?2`: a JSON array of [day, amount] pairs), with what each was fingerprinted
 * by: the second pass of the duplicate
 * check, which compares a row fingerprinted by its reference with one fingerprinted by its
 * content (`markCrossKindDuplicates`). Each pair is an equality on the (account, date) index, whose
 * amount column settles the rest; named, because on a table without statistics SQLite may take the
 * (account, amount) index, which holds every month's identical coffee (tests/api/query-plans.test.ts).
 */
export const SAME_DAY_AND_AMOUNT_SQL = `SELECT t.id AS id, t.date AS date, t.amount AS amount, t.description AS description, t.import_fingerprint AS fingerprint, NULL AS content
  FROM json_each(?2) AS k CROSS JOIN transactions AS t INDEXED BY transactions_account_date
    ON t.account_id = ?1 AND t.date = json_extract(k.value, '$[0]') AND t.amount = json_extract(k.value, '$[1]')
  WHERE +t.import_fingerprint IS NOT NULL AND +t.import_content IS NULL`;

/**
 * The account's rows imported with the file's contents (`?2`: a JSON array of `import_content`
 * hashes, migration 0017): what they were when imported, however they were edited since.
 */
export const SAME_CONTENT_SQL = `SELECT id, date, amount, description, import_fingerprint AS fingerprint, import_content AS content
  FROM transactions WHERE account_id = ?1 AND import_content IN (SELECT value FROM json_each(?2))`;

export const FINGERPRINTS_SQL = "SELECT import_fingerprint AS v FROM transactions WHERE account_id = ?1 AND import_fingerprint IN (SELECT value FROM json_each(?2))";

/**
 * Rows imported before a reference's fingerprint held its day and amount (session 21) were stored
 * as `id:<reference>` alone. They are read as the fingerprint they would have now, from their own
 * day and amount, so a statement imported again still finds them, and another movement under a
 * reused reference still does not. The stored rows are left as they are.
 */
export const LEGACY_BANK_IDS_SQL = "SELECT import_fingerprint || '|' || date || '|' || amount AS v FROM transactions WHERE account_id = ?1 AND import_fingerprint IN (SELECT value FROM json_each(?2))";

/**
 * The account's movements a file row may be (import matching, ADR 049), whatever brought them:
 * `?2` is a JSON array of [amount, first day, last day], one per amount and day of the file. Each
 * key is an equality on the (account, amount) index and a range on its date; a movement near two
 * rows comes once per key (the caller keeps one).
 */
export const CANDIDATES_SQL = `SELECT t.id AS id, t.date AS date, t.amount AS amount, t.description AS description, t.payee AS payee, t.status AS status,
    t.transfer_id AS transferId, t.import_fingerprint AS fingerprint
  FROM json_each(?2) AS k CROSS JOIN transactions AS t INDEXED BY transactions_account_amount
    ON t.account_id = ?1 AND t.amount = json_extract(k.value, '$[0]') AND t.date BETWEEN json_extract(k.value, '$[1]') AND json_extract(k.value, '$[2]')`;

/**
 * Links file rows to the movements they matched (ADR 049), one statement for all (`?4`: a JSON
 * array of [movement id, fingerprint, content hash, status, amount]): the movement takes the bank's
 * fingerprint and content when it has none (a re-import finds it), and "posted" when the bank says
 * so; amount, date, text, category and transfer stay. Held to the account as read and to the amount
 * matched (an edit since leaves the row alone, and the caller counts it: ADR 062); OR IGNORE: a
 * fingerprint taken meanwhile by another import leaves that row unlinked rather than failing the
 * import. The links are read once, as a table joined by the movement's id (one id lookup per link:
 * linear, where a subquery per column and row grew with the square of the links; LINK_SQL's plan
 * is checked in tests/api/query-plans.test.ts). RETURNING names the movements linked.
 */
export const LINK_SQL = `UPDATE OR IGNORE transactions
     SET import_fingerprint = COALESCE(transactions.import_fingerprint, k.fingerprint), import_content = COALESCE(transactions.import_content, k.content),
         status = CASE WHEN k.status = 'posted' THEN 'posted' ELSE transactions.status END, updated_at = ?5
    FROM (SELECT json_extract(value, '$[0]') AS id, json_extract(value, '$[1]') AS fingerprint, json_extract(value, '$[2]') AS content,
                 json_extract(value, '$[3]') AS status, json_extract(value, '$[4]') AS amount FROM json_each(?4)) AS k
   WHERE transactions.id = k.id AND +transactions.account_id = ?1 AND +transactions.user_id = ?2 AND transactions.amount = k.amount AND ${accountAsRead(1, 2, 3)}
   RETURNING transactions.id AS id`;

export function linkMatchedRows(db: D1Database, account: { id: string; currency: string }, userId: string, now: number, links: unknown[][]) {
  return db.prepare(LINK_SQL).bind(account.id, userId, account.currency, JSON.stringify(links), now);
}

/** The account's latest imports whose rows are not all gone, newest first (the partial index `imports_account`). */
export const IMPORT_RECORDS_SQL = `SELECT id, file_name, imported, remaining, created_at FROM imports
  WHERE account_id = ?1 AND undone_at IS NULL AND remaining > 0 AND +user_id = ?2
  ORDER BY created_at DESC LIMIT ${IMPORTS_LISTED}`;

export function importRecordsStatement(db: D1Database, userId: string, accountId: string): D1PreparedStatement {
  return db.prepare(IMPORT_RECORDS_SQL).bind(accountId, userId);
}

/**
 * The statements a CSV import adds around its row inserts, in this order: the record first (the
 * rows name it), guarded as the rows are (the account as read, in `currency`), then its counts from
 * the rows written, and no record at all when every row was a duplicate after all (`ON CONFLICT DO
 * NOTHING`).
 */
export function importRecordStatements(
  db: D1Database,
  record: { id: string; accountId: string; userId: string; fileName: string | null; now: number; currency: string; fileCheck?: string | null },
) {
  return {
    // `file_check` (migration 0020): what disagreed with the account when the user imported anyway.
    before: db
      .prepare(`INSERT INTO imports (id, account_id, user_id, file_name, created_at, file_check) SELECT ?1, ?2, ?3, ?4, ?5, ?7 WHERE ${accountAsRead(2, 3, 6)}`)
      .bind(record.id, record.accountId, record.userId, record.fileName, record.now, record.currency, record.fileCheck ?? null),
    after: [
      db.prepare("UPDATE imports SET (imported, remaining) = (SELECT COUNT(*), COUNT(*) FROM transactions WHERE import_id = ?1) WHERE id = ?1").bind(record.id),
      db.prepare("DELETE FROM imports WHERE id = ?1 AND imported = 0").bind(record.id),
    ],
  };
}

/** The account, open (not archived) and the user's: both steps of an undo hold on it. */
const OPEN_ACCOUNT = "EXISTS (SELECT 1 FROM accounts WHERE id = ?2 AND user_id = ?3 AND archived = 0)";

/**
 * An undo in one batch. The record is marked first, so of two undos at once only one deletes: the
 * delete holds on this undo's own mark (`?4`, its time). The delete finds the rows by the import's
 * index alone (`+account_id`, `+user_id`: tests/api/query-plans.test.ts); RETURNING counts them
 * (D1's meta.changes counts the triggers' writes too). `record` reads the record as the batch left
 * it: not this undo's mark and still not undone, it was the account, archived, that held it back.
 */
export const UNDO_SQL = {
  mark: `UPDATE imports SET undone_at = ?4 WHERE id = ?1 AND account_id = ?2 AND user_id = ?3 AND undone_at IS NULL AND ${OPEN_ACCOUNT} RETURNING id`,
  delete: "DELETE FROM transactions WHERE import_id = ?1 AND +account_id = ?2 AND +user_id = ?3 AND EXISTS (SELECT 1 FROM imports WHERE id = ?1 AND undone_at = ?4) RETURNING 1 AS gone",
  record: "SELECT undone_at FROM imports WHERE id = ?1 AND account_id = ?2 AND user_id = ?3",
} as const;

/** One duplicate lookup: `sql` over the account (?1) and a JSON array of keys (?2). */
export function lookup(db: D1Database, sql: string, accountId: string, keys: readonly unknown[]) {
  return db.prepare(sql).bind(accountId, JSON.stringify(keys));
}

/**
 * The import's rows, one statement per chunk: bound per chunk as (account id, user id, now, the
 * rows as one JSON array, the account's currency, the import's id); the account guard holds every
 * chunk to the account as read. RETURNING counts the rows it added.
 */
export function insertImportedRows(db: D1Database) {
  return db.prepare(
    `INSERT INTO transactions (id, account_id, user_id, date, description, amount, payee, notes, status, import_fingerprint, category_id, created_at, updated_at, import_id, import_content)
       SELECT json_extract(value, '$[0]'), ?1, ?2, json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'),
              json_extract(value, '$[4]'), json_extract(value, '$[5]'), json_extract(value, '$[7]'), json_extract(value, '$[6]'),
              -- A category deleted since the rows were read files the row under none, as its delete does.
              -- One this import adds may have met one of the same name added meanwhile (another
              -- tab's import): that one is the one the row means ($[9], the name, only for these).
              COALESCE((SELECT id FROM categories WHERE id = json_extract(value, '$[8]') AND user_id = ?2), (SELECT id FROM categories WHERE user_id = ?2 AND name = json_extract(value, '$[9]'))), ?3, ?3, ?6,
              json_extract(value, '$[10]')
       FROM json_each(?4) WHERE ${accountAsRead(1, 2, 5)}
       ON CONFLICT DO NOTHING
       RETURNING 1 AS added`,
  );
}

/** The categories an import adds (a JSON array of [id, name, kind, color]), under the same account guard. */
export function insertImportedCategories(db: D1Database, account: { id: string; currency: string }, userId: string, now: number, categories: unknown[][]) {
  return db
    .prepare(
      `INSERT INTO categories (id, user_id, name, kind, color, created_at)
               SELECT json_extract(value, '$[0]'), ?2, json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), ?4
               FROM json_each(?5) WHERE ${accountAsRead(1, 2, 3)}
               ON CONFLICT DO NOTHING`,
    )
    .bind(account.id, userId, account.currency, now, JSON.stringify(categories));
}

/** An undo's writes and its record as the batch left it, around the account read (the caller puts it between). */
export function undoStatements(db: D1Database, importId: string, accountId: string, userId: string, now: number) {
  return {
    mark: db.prepare(UNDO_SQL.mark).bind(importId, accountId, userId, now),
    delete: db.prepare(UNDO_SQL.delete).bind(importId, accountId, userId, now),
    record: db.prepare(UNDO_SQL.record).bind(importId, accountId, userId),
  };
}
