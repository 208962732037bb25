/**
 * What the JSON export carries besides the profile, accounts, categories and transactions (ADR 060,
 * format version 2), so a restore (workers/api/src/restore) brings everything back: the imports'
 * records, the reconciliation checkpoints, the transactions' import and reconciliation fields, and
 * the receipt images themselves (base64, after the transactions, read from R2 one at a time).
 *
 * A kind added later (budgets, schedules, user rates) is one more entry of `HEAD_SECTIONS`: its
 * statement and its columns. The zip of CSV files is unchanged (a copy for spreadsheets, not for
 * restoring).
 */
import type { ApiUser } from "../platform/types";

type Row = Record<string, unknown>;
type Column = [json: string, csv: string, read: (row: Row) => unknown];

const iso = (ms: unknown) => (typeof ms === "number" ? new Date(ms).toISOString() : null);

/** The export's format name and version; the restore accepts this version and the one before. */
export const EXPORT_FORMAT = "tesoro-export";
export const EXPORT_VERSION = 2;

/** A small section of the export's head: one statement in the head's batch, shaped by its columns. */
export interface HeadSection {
  key: string;
  statement: (db: D1Database, userId: string) => D1PreparedStatement;
  columns: Column[];
}

export const HEAD_SECTIONS: HeadSection[] = [
  {
    key: "imports",
    statement: (db, userId) => db.prepare("SELECT * FROM imports WHERE user_id = ?1 ORDER BY created_at, id").bind(userId),
    columns: [
      ["id", "id", (r) => r.id],
      ["accountId", "account_id", (r) => r.account_id],
      ["fileName", "file_name", (r) => r.file_name],
      ["fileCheck", "file_check", (r) => r.file_check],
      ["imported", "imported", (r) => r.imported],
      ["remaining", "remaining", (r) => r.remaining],
      ["createdAt", "created_at", (r) => iso(r.created_at)],
      ["undoneAt", "undone_at", (r) => iso(r.undone_at)],
    ],
  },
  {
    key: "reconciliation",
    statement: (db, userId) => db.prepare("SELECT * FROM balance_checkpoints WHERE user_id = ?1 ORDER BY account_id, date, created_at, id").bind(userId),
    columns: [
      ["id", "id", (r) => r.id],
      ["accountId", "account_id", (r) => r.account_id],
      ["date", "date", (r) => r.date],
      ["balanceMinor", "balance_minor", (r) => r.balance],
      ["source", "source", (r) => r.source],
      ["createdAt", "created_at", (r) => iso(r.created_at)],
    ],
  },
];

/** The transactions' fields only the JSON carries: what the import's dedupe and the reconciliation need back. */
export const TRANSACTION_JSON_COLUMNS: Column[] = [
  ["reconciledAt", "reconciled_at", (r) => iso(r.reconciled_at)],
  ["importId", "import_id", (r) => r.import_id],
  ["importFingerprint", "import_fingerprint", (r) => r.import_fingerprint],
  ["importContent", "import_content", (r) => r.import_content],
];

/** Base64 of bytes, in slices (a spread of a 10 MB array would overflow the call stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * The receipts of the transactions written by `until`, one object per step: `{ transactionId,
 * contentType, data }`. An object missing from R2 (its row says it has one) is left out; the restore
 * then refuses the file, which names the transaction, rather than restoring a row that points at nothing.
 */
export async function* receiptEntries(db: D1Database, bucket: R2Bucket, user: Pick<ApiUser, "id">, until: number): AsyncGenerator<Row> {
  const { results } = await db
    .prepare("SELECT id, receipt_key FROM transactions WHERE user_id = ?1 AND receipt_key IS NOT NULL AND created_at <= ?2 ORDER BY date, id")
    .bind(user.id, until)
    .all<{ id: string; receipt_key: string }>();
  for (const row of results) {
    const object = await bucket.get(row.receipt_key);
    if (!object) continue;
    const bytes = new Uint8Array(await object.arrayBuffer());
    yield { transactionId: row.id, contentType: object.httpMetadata?.contentType ?? "application/octet-stream", data: toBase64(bytes) };
  }
}
