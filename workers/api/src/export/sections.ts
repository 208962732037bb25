/**
 * What the JSON export carries besides the profile, accounts, categories and transactions (ADR 060,
 * format version 2; version 3 adds budgets, schedules and the user's own rates, ADR 064), so a
 * restore (workers/api/src/restore) brings everything back: the imports' records, the
 * reconciliation checkpoints, budgets and their lines, schedules with their one-day overrides,
 * postings and dismissed suggestions, the user's own exchange rates, the transactions' import,
 * reconciliation and transfer fields, and the receipt images themselves (base64, after the
 * transactions, read from R2 one at a time).
 *
 * A kind added later (budgets, schedules, user rates) is one more entry of `HEAD_SECTIONS`: its
 * statement and its columns. The zip of CSV files is unchanged (a copy for spreadsheets, not for
 * restoring).
 */
import type { ApiUser } from "../platform/types";

type Row = Record<string, unknown>;
type Column = [json: string, csv: string, read: (row: Row) => unknown];

const iso = (ms: unknown) => (typeof ms === "number" ? new Date(ms).toISOString() : null);

/** The export's format name and version; the restore accepts this version and the ones before (RESTORE_VERSIONS). */
export const EXPORT_FORMAT = "tesoro-export";
export const EXPORT_VERSION = 3;

/** A small section of the export's head: one statement in the head's batch, shaped by its columns. */
export interface HeadSection {
  key: string;
  /** `until`: the export's instant (ms), for rows that must agree with the transactions written by then. */
  statement: (db: D1Database, userId: string, until: number) => D1PreparedStatement;
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
  {
    key: "budgets",
    statement: (db, userId) => db.prepare("SELECT * FROM budgets WHERE user_id = ?1 ORDER BY created_at, id").bind(userId),
    columns: [
      ["id", "id", (r) => r.id],
      ["name", "name", (r) => r.name],
      ["currency", "currency", (r) => r.currency],
      ["period", "period", (r) => r.period],
      ["cycleDay", "cycle_day", (r) => r.cycle_day],
      ["startsOn", "starts_on", (r) => r.starts_on],
      ["createdAt", "created_at", (r) => iso(r.created_at)],
      ["updatedAt", "updated_at", (r) => iso(r.updated_at)],
    ],
  },
  {
    key: "budgetLines",
    statement: (db, userId) =>
      db.prepare("SELECT l.* FROM budget_lines l JOIN budgets b ON b.id = l.budget_id WHERE l.user_id = ?1 ORDER BY b.created_at, b.id, l.position, l.id").bind(userId),
    columns: [
      ["id", "id", (r) => r.id],
      ["budgetId", "budget_id", (r) => r.budget_id],
      ["categoryId", "category_id", (r) => r.category_id],
      ["amountMinor", "amount_minor", (r) => r.amount],
      ["rollover", "rollover", (r) => r.rollover],
      ["position", "position", (r) => r.position],
    ],
  },
  {
    key: "schedules",
    statement: (db, userId) => db.prepare("SELECT * FROM schedules WHERE user_id = ?1 ORDER BY created_at, id").bind(userId),
    columns: [
      ["id", "id", (r) => r.id],
      ["accountId", "account_id", (r) => r.account_id],
      ["toAccountId", "to_account_id", (r) => r.to_account_id],
      ["amountMinor", "amount_minor", (r) => r.amount],
      ["toAmountMinor", "to_amount_minor", (r) => r.to_amount],
      ["description", "description", (r) => r.description],
      ["categoryId", "category_id", (r) => r.category_id],
      ["payee", "payee", (r) => r.payee],
      ["ruleKind", "rule_kind", (r) => r.rule_kind],
      ["ruleInterval", "rule_interval", (r) => r.rule_interval],
      ["ruleDay", "rule_day", (r) => r.rule_day],
      ["startDate", "start_date", (r) => r.start_date],
      ["endDate", "end_date", (r) => r.end_date],
      ["maxCount", "max_count", (r) => r.max_count],
      ["firstDue", "first_due", (r) => r.first_due],
      ["estimate", "estimate", (r) => r.estimate === 1],
      ["mode", "mode", (r) => r.mode],
      ["createdAt", "created_at", (r) => iso(r.created_at)],
      ["updatedAt", "updated_at", (r) => iso(r.updated_at)],
    ],
  },
  {
    key: "scheduleOverrides",
    statement: (db, userId) =>
      db.prepare("SELECT o.* FROM schedule_overrides o JOIN schedules s ON s.id = o.schedule_id WHERE s.user_id = ?1 ORDER BY s.created_at, s.id, o.date").bind(userId),
    columns: [
      ["scheduleId", "schedule_id", (r) => r.schedule_id],
      ["date", "date", (r) => r.date],
      ["skip", "skip", (r) => r.skip === 1],
      ["amountMinor", "amount_minor", (r) => r.amount],
      ["description", "description", (r) => r.description],
    ],
  },
  {
    // A posting keeps its day posted even after its transaction is deleted (migration 0027): such a
    // posting says so with a null `transactionId`. Postings after the export's instant are left
    // out with their transactions, so every id written here names a transaction of the file.
    key: "schedulePostings",
    statement: (db, userId, until) =>
      db
        .prepare(
          `SELECT p.schedule_id, p.date, p.posted_at, t.id AS transaction_id FROM schedule_postings p JOIN schedules s ON s.id = p.schedule_id
             LEFT JOIN transactions t ON t.id = p.transaction_id AND t.user_id = ?1 AND t.created_at <= ?2
            WHERE s.user_id = ?1 AND p.posted_at <= ?2 ORDER BY s.created_at, s.id, p.date`,
        )
        .bind(userId, until),
    columns: [
      ["scheduleId", "schedule_id", (r) => r.schedule_id],
      ["date", "date", (r) => r.date],
      ["transactionId", "transaction_id", (r) => r.transaction_id],
      ["postedAt", "posted_at", (r) => iso(r.posted_at)],
    ],
  },
  {
    key: "scheduleDismissals",
    statement: (db, userId) => db.prepare("SELECT * FROM schedule_dismissals WHERE user_id = ?1 ORDER BY key").bind(userId),
    columns: [
      ["key", "key", (r) => r.key],
      ["dismissedAt", "dismissed_at", (r) => iso(r.dismissed_at)],
    ],
  },
  {
    key: "userRates",
    statement: (db, userId) => db.prepare("SELECT * FROM user_rates WHERE user_id = ?1 ORDER BY created_at, id").bind(userId),
    columns: [
      ["id", "id", (r) => r.id],
      ["currency", "currency", (r) => r.currency],
      ["quote", "quote", (r) => r.quote],
      ["fromDay", "from_day", (r) => r.from_day],
      ["toDay", "to_day", (r) => r.to_day],
      ["rate", "rate", (r) => r.rate],
      ["note", "note", (r) => r.note],
      ["createdAt", "created_at", (r) => iso(r.created_at)],
      ["updatedAt", "updated_at", (r) => iso(r.updated_at)],
    ],
  },
];

/** The transactions' fields only the JSON carries: what the import's dedupe and the reconciliation need back. */
export const TRANSACTION_JSON_COLUMNS: Column[] = [
  ["reconciledAt", "reconciled_at", (r) => iso(r.reconciled_at)],
  ["importId", "import_id", (r) => r.import_id],
  ["importFingerprint", "import_fingerprint", (r) => r.import_fingerprint],
  ["importContent", "import_content", (r) => r.import_content],
  ["createdForTransfer", "created_for_transfer", (r) => r.created_for_transfer],
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
