/**
 * "Export everything": the user's profile, accounts, categories and transactions, as one JSON
 * document or a zip of CSV files (fflate, docs/decisions). Amounts are kept as integer minor
 * units (`*Minor` / `*_minor`, exact) and as decimal strings in the account's currency; instants as
 * ISO 8601 UTC; transaction dates as the calendar days they are.
 */
import { strToU8, zipSync } from "fflate";
import { toDecimalString } from "../../../app/lib/money";
import type { ApiUser } from "./hono";

type Row = Record<string, unknown>;

export interface ExportData {
  format: "tesoro-export";
  version: 1;
  exportedAt: string;
  user: ApiUser;
  accounts: Row[];
  categories: Row[];
  transactions: Row[];
}

/** One column of the export: its JSON key, its CSV header, and how to read it from a row. */
type Column = [json: string, csv: string, read: (row: Row) => unknown];

const iso = (ms: unknown) => (typeof ms === "number" ? new Date(ms).toISOString() : null);
function decimal(minor: unknown, currency: unknown): string | null {
  if (typeof minor !== "number" || typeof currency !== "string") return null;
  try {
    return toDecimalString(minor, currency);
  } catch {
    return String(minor);
  }
}

export const ACCOUNT_COLUMNS: Column[] = [
  ["id", "id", (r) => r.id],
  ["name", "name", (r) => r.name],
  ["type", "type", (r) => r.type],
  ["currency", "currency", (r) => r.currency],
  ["institution", "institution", (r) => r.institution],
  ["number", "number", (r) => r.number],
  ["cci", "cci", (r) => r.cci],
  ["openingBalance", "opening_balance", (r) => decimal(r.opening_balance, r.currency)],
  ["openingBalanceMinor", "opening_balance_minor", (r) => r.opening_balance],
  ["openingDate", "opening_date", (r) => r.opening_date],
  ["balance", "balance", (r) => decimal(r.balance, r.currency)],
  ["balanceMinor", "balance_minor", (r) => r.balance],
  ["archived", "archived", (r) => r.archived === 1],
  ["createdAt", "created_at", (r) => iso(r.created_at)],
  ["updatedAt", "updated_at", (r) => iso(r.updated_at)],
];

export const CATEGORY_COLUMNS: Column[] = [
  ["id", "id", (r) => r.id],
  ["name", "name", (r) => r.name],
  ["kind", "kind", (r) => r.kind],
  ["color", "color", (r) => r.color],
  ["defaultKey", "default_key", (r) => r.default_key],
  ["createdAt", "created_at", (r) => iso(r.created_at)],
];

export const TRANSACTION_COLUMNS: Column[] = [
  ["id", "id", (r) => r.id],
  ["accountId", "account_id", (r) => r.account_id],
  ["accountName", "account_name", (r) => r.account_name],
  ["date", "date", (r) => r.date],
  ["description", "description", (r) => r.description],
  ["amount", "amount", (r) => decimal(r.amount, r.currency)],
  ["amountMinor", "amount_minor", (r) => r.amount],
  ["currency", "currency", (r) => r.currency],
  ["categoryId", "category_id", (r) => r.category_id],
  ["category", "category", (r) => r.category_name],
  ["payee", "payee", (r) => r.payee],
  ["notes", "notes", (r) => r.notes],
  ["status", "status", (r) => r.status],
  ["transferId", "transfer_id", (r) => r.transfer_id],
  ["hasReceipt", "has_receipt", (r) => typeof r.receipt_key === "string" && r.receipt_key.length > 0],
  ["createdAt", "created_at", (r) => iso(r.created_at)],
  ["updatedAt", "updated_at", (r) => iso(r.updated_at)],
];

function shape(rows: Row[], columns: Column[]): Row[] {
  return rows.map((row) => Object.fromEntries(columns.map(([key, , read]) => [key, read(row) ?? null])));
}

async function all(db: D1Database, sql: string, userId: string): Promise<Row[]> {
  const { results } = await db.prepare(sql).bind(userId).all<Row>();
  return results;
}

export async function buildExport(db: D1Database, user: ApiUser): Promise<ExportData> {
  const [accounts, categories, transactions] = await Promise.all([
    all(db, "SELECT * FROM accounts WHERE user_id = ?1 ORDER BY created_at, id", user.id),
    all(db, "SELECT * FROM categories WHERE user_id = ?1 ORDER BY name, id", user.id),
    all(
      db,
      `SELECT t.*, a.currency AS currency, a.name AS account_name, c.name AS category_name
         FROM transactions t JOIN accounts a ON a.id = t.account_id LEFT JOIN categories c ON c.id = t.category_id
        WHERE t.user_id = ?1 ORDER BY t.date, t.created_at, t.id`,
      user.id,
    ),
  ]);
  return {
    format: "tesoro-export",
    version: 1,
    exportedAt: new Date().toISOString(),
    user: { id: user.id, email: user.email, name: user.name, locale: user.locale, timeZone: user.timeZone, theme: user.theme, createdAt: user.createdAt },
    accounts: shape(accounts, ACCOUNT_COLUMNS),
    categories: shape(categories, CATEGORY_COLUMNS),
    transactions: shape(transactions, TRANSACTION_COLUMNS),
  };
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break; formulas neutralised for spreadsheets. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "string" ? value : String(value);
  // CSV injection: a text starting with = + - @ (tab, CR) runs as a formula in spreadsheet apps.
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of the JSON shape as CSV, with snake_case headers in the columns' order. */
export function toCsv(rows: Row[], columns: ReadonlyArray<readonly [json: string, csv: string, ...unknown[]]>): string {
  const lines = [columns.map(([, header]) => csvField(header)).join(",")];
  for (const row of rows) lines.push(columns.map(([key]) => csvField(row[key])).join(","));
  return lines.join("\r\n") + "\r\n";
}

const PROFILE_COLUMNS: Array<[string, string]> = [
  ["id", "id"],
  ["email", "email"],
  ["name", "name"],
  ["locale", "locale"],
  ["timeZone", "time_zone"],
  ["theme", "theme"],
  ["createdAt", "created_at"],
  ["exportedAt", "exported_at"],
];

/** accounts.csv, categories.csv, transactions.csv and profile.csv; a UTF-8 BOM so spreadsheet apps read accents. */
export function exportZip(data: ExportData): Uint8Array {
  const bom = "\uFEFF";
  const { id, email, name, locale, timeZone, theme, createdAt } = data.user;
  const mtime = new Date(data.exportedAt);
  return zipSync(
    {
      "profile.csv": [strToU8(bom + toCsv([{ id, email, name, locale, timeZone, theme, createdAt: iso(createdAt), exportedAt: data.exportedAt }], PROFILE_COLUMNS)), { mtime }],
      "accounts.csv": [strToU8(bom + toCsv(data.accounts, ACCOUNT_COLUMNS)), { mtime }],
      "categories.csv": [strToU8(bom + toCsv(data.categories, CATEGORY_COLUMNS)), { mtime }],
      "transactions.csv": [strToU8(bom + toCsv(data.transactions, TRANSACTION_COLUMNS)), { mtime }],
    },
    { level: 6 },
  );
}

export function exportFileName(format: "json" | "zip", exportedAt: string): string {
  return `tesoro-export-${exportedAt.slice(0, 10)}.${format}`;
}
