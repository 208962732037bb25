/**
 * "Export everything": the user's profile, accounts, categories and transactions, as one JSON
 * document or a zip of CSV files (fflate, ADR 012). Amounts are kept as integer minor units
 * (`*Minor` / `*_minor`, exact) and as decimal strings in the account's currency; instants as
 * ISO 8601 UTC; transaction dates as the calendar days they are.
 *
 * Both formats are streams: the transactions are read in keyset chunks and written out as they
 * come, so a history of any length costs one chunk of memory (a Worker has 128 MB), ADR 031.
 */
import { strToU8, Zip, ZipDeflate } from "fflate";
import { dayInZone } from "../../../../core/dates";
import { toDecimalString } from "../../../../core/money";
import type { ApiUser } from "../platform/types";
import { categoryDisplayName } from "../ledger/model";
import { EXPORT_FORMAT, EXPORT_VERSION, HEAD_SECTIONS, TRANSACTION_JSON_COLUMNS } from "./sections";
import { headStatements, transactionChunk } from "./store";

type Row = Record<string, unknown>;

/**
 * Transactions read per D1 query. Each query counts toward the plan's D1 queries per Worker
 * invocation (50 on the Free plan, 1,000 on Paid when written), so this bounds the longest history
 * one download can carry (ADR 031); memory per chunk stays within ~25 MB at the longest texts.
 */
export const EXPORT_CHUNK_ROWS = 5000;

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

/** A default category's name in the user's language, as the pages show it ("Compras", not "Shopping"). */
const categoryName = (name: unknown, defaultKey: unknown, locale: string) => (typeof name === "string" ? categoryDisplayName(name, typeof defaultKey === "string" ? defaultKey : null, locale) : null);

export const categoryColumns = (locale: string): Column[] => [
  ["id", "id", (r) => r.id],
  ["name", "name", (r) => categoryName(r.name, r.default_key, locale)],
  ["kind", "kind", (r) => r.kind],
  ["color", "color", (r) => r.color],
  ["defaultKey", "default_key", (r) => r.default_key],
  ["createdAt", "created_at", (r) => iso(r.created_at)],
];

export const transactionColumns = (locale: string): Column[] => [
  ["id", "id", (r) => r.id],
  ["accountId", "account_id", (r) => r.account_id],
  ["accountName", "account_name", (r) => r.account_name],
  ["date", "date", (r) => r.date],
  ["description", "description", (r) => r.description],
  ["amount", "amount", (r) => decimal(r.amount, r.currency)],
  ["amountMinor", "amount_minor", (r) => r.amount],
  ["currency", "currency", (r) => r.currency],
  ["categoryId", "category_id", (r) => r.category_id],
  ["category", "category", (r) => categoryName(r.category_name, r.category_default_key, locale)],
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

/** What the export starts with: everything but the transactions, all small. */
export interface ExportHead {
  exportedAt: string;
  user: Omit<ApiUser, "createdAt"> & { createdAt: string | null };
  /** The currency converted totals are in (rates, ADR 056): part of the money setup, so a restore applies it (ADR 064). */
  reportingCurrency: string;
  accounts: Row[];
  categories: Row[];
  /** The JSON-only sections of the head (sections.ts), by key. */
  sections: Record<string, Row[]>;
}

export async function exportHead(db: D1Database, user: ApiUser): Promise<ExportHead> {
  // Taken before the reads: the balances are as of this instant, and so are the rows after them.
  const exportedAt = new Date().toISOString();
  const until = Date.parse(exportedAt);
  const [accounts, categories, reporting, ...more] = await db.batch<Row>([...headStatements(db, user.id), ...HEAD_SECTIONS.map((section) => section.statement(db, user.id, until))]);
  return {
    exportedAt,
    user: { id: user.id, email: user.email, name: user.name, locale: user.locale, timeZone: user.timeZone, theme: user.theme, createdAt: iso(user.createdAt) },
    reportingCurrency: typeof reporting!.results[0]?.reporting_currency === "string" ? reporting!.results[0].reporting_currency : "PEN",
    accounts: shape(accounts!.results, ACCOUNT_COLUMNS),
    categories: shape(categories!.results, categoryColumns(user.locale)),
    sections: Object.fromEntries(HEAD_SECTIONS.map((section, i) => [section.key, shape(more[i]!.results, section.columns)])),
  };
}

/**
 * The user's transactions in date order (ties by id, a UUIDv7, so nearly creation order), shaped,
 * one chunk per D1 query. Each query starts after the last row of the one before (keyset over
 * `transactions_user_date`), so a deep chunk costs what the first does. Rows written after
 * `until` (the export's start, when its balances were read) are left out, so a transfer made
 * during a long download cannot arrive with one leg.
 */
export async function* transactionChunks(db: D1Database, user: Pick<ApiUser, "id" | "locale">, until: number, chunkRows = EXPORT_CHUNK_ROWS, json = false): AsyncGenerator<Row[]> {
  const columns = json ? [...transactionColumns(user.locale), ...TRANSACTION_JSON_COLUMNS] : transactionColumns(user.locale);
  let after: { date: unknown; id: unknown } | null = null;
  for (;;) {
    const page: D1Result<Row> = await transactionChunk(db, user.id, until, after, chunkRows).all<Row>();
    const results = page.results;
    if (results.length) yield shape(results, columns);
    if (results.length < chunkRows) return;
    const tail: Row = results[results.length - 1]!;
    after = { date: tail.date, id: tail.id };
  }
}

/**
 * A failed read past the headers cannot become an error answer (the 200 is gone): it cuts the
 * download off, and is logged here because it never reaches the API's error handler.
 */
async function logged(step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    console.error("export: the download was cut off", error);
    throw error;
  }
}

/** A pull stream of strings from an async source, encoded as UTF-8; a failed read aborts the download. */
function textStream(source: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull: (controller) =>
      logged(async () => {
        const { value, done } = await source.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      }),
    async cancel() {
      await source.return(undefined);
    },
  });
}

const indent = (json: string, by: string) => json.replace(/\n/g, `\n${by}`);

/**
 * The JSON document, written piece by piece exactly as `JSON.stringify(document, null, 2)` would
 * write it whole (an API test holds it to that).
 */
export function exportJson(head: ExportHead, transactions: AsyncGenerator<Row[]>, receipts?: AsyncGenerator<Row>): ReadableStream<Uint8Array> {
  async function* pieces(): AsyncGenerator<string> {
    const { exportedAt, user, reportingCurrency, accounts, categories, sections } = head;
    const start = JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt, user, reportingCurrency, accounts, categories, ...sections }, null, 2);
    // The document so far, without its closing brace, then the transactions' array.
    yield `${start.slice(0, -2)},\n  "transactions": [`;
    let first = true;
    for await (const chunk of transactions) {
      let text = "";
      for (const row of chunk) {
        text += `${first ? "" : ","}\n    ${indent(JSON.stringify(row, null, 2), "    ")}`;
        first = false;
      }
      yield text;
    }
    yield first ? "]" : "\n  ]";
    // The receipt images (sections.ts), one per piece: each is up to 10 MB of bytes as base64.
    yield `,\n  "receipts": [`;
    let none = true;
    for await (const entry of receipts ?? (async function* () {})()) {
      yield `${none ? "" : ","}\n    ${indent(JSON.stringify(entry, null, 2), "    ")}`;
      none = false;
    }
    yield none ? "]\n}" : "\n  ]\n}";
  }
  return textStream(pieces());
}

/**
 * Where a spreadsheet may see the start of a cell: the field's start, and after any character it
 * may split a field on when it guesses the delimiter (`;` in Spanish-language Excel, `,`, tab) or a
 * line. A formula start there (= + - @, tab, CR), after any apostrophes already there, gets one
 * more apostrophe: `pay;=cmd|' /C calc'!A0;z` was written as it came and ran as a formula once
 * split on `;` (issue 36). The import takes one apostrophe off a field's start, so a plain
 * `'=already` still comes back as it was.
 */
const FORMULA_AT_CELL_START = /(^|[;,\t\r\n])('*[=+\-@\t\r])/g;

/**
 * An RFC 4180 field of the export: every text field quoted (a quoted field is one cell whatever
 * delimiter the spreadsheet picks), formula starts neutralised (above). A number, or text that is
 * one (a decimal amount such as `-85.40`), is written bare and left alone.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value : String(value);
  if (typeof value !== "string" || /^-?\d+(\.\d+)?$/.test(text)) return text;
  return `"${text.replace(FORMULA_AT_CELL_START, "$1'$2").replace(/"/g, '""')}"`;
}

type Header = ReadonlyArray<readonly [json: string, csv: string, ...unknown[]]>;

function csvLines(rows: Row[], columns: Header): string {
  let text = "";
  for (const row of rows) text += columns.map(([key]) => csvField(row[key])).join(",") + "\r\n";
  return text;
}

/** Rows of the JSON shape as CSV, with snake_case headers in the columns' order. */
export function toCsv(rows: Row[], columns: Header): string {
  // The headers are this file's own snake_case names, never user text: written bare.
  return columns.map(([, header]) => header).join(",") + "\r\n" + csvLines(rows, columns);
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

/** A UTF-8 BOM, so spreadsheet apps read accents. */
const BOM = "\uFEFF";

/**
 * profile.csv, accounts.csv, categories.csv and transactions.csv, deflated as they are written:
 * the zip's bytes go out while the next chunk of transactions is read.
 */
export function exportZip(head: ExportHead, transactions: AsyncGenerator<Row[]>): ReadableStream<Uint8Array> {
  const transactionHeader = transactionColumns(head.user.locale);
  const categoryHeader = categoryColumns(head.user.locale);
  const mtime = new Date(head.exportedAt);
  let output: ReadableStreamDefaultController<Uint8Array>;
  let failed = false;
  /** How many times the zip has handed the stream something (bytes, or its end). */
  let sent = 0;
  const zip = new Zip((error, data, final) => {
    if (error) {
      failed = true;
      output.error(error);
      return;
    }
    if (data.length) output.enqueue(data);
    if (final) output.close();
    if (data.length || final) sent++;
  });
  const file = (name: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    return entry;
  };
  const whole = (name: string, text: string) => file(name).push(strToU8(BOM + text), true);
  let rows: ZipDeflate | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      output = controller;
      const { id, email, name, locale, timeZone, theme, createdAt } = head.user;
      whole("profile.csv", toCsv([{ id, email, name, locale, timeZone, theme, createdAt, exportedAt: head.exportedAt }], PROFILE_COLUMNS));
      whole("accounts.csv", toCsv(head.accounts, ACCOUNT_COLUMNS));
      whole("categories.csv", toCsv(head.categories, categoryHeader));
      rows = file("transactions.csv");
      rows.push(strToU8(BOM + toCsv([], transactionHeader)));
    },
    // The deflater holds small input back until it has a block's worth, and a stream does not
    // pull again after a pull that gave it nothing: read on until the zip has handed something over.
    pull: () =>
      logged(async () => {
        const before = sent;
        while (sent === before && rows && !failed) {
          const { value, done } = await transactions.next();
          if (done) {
            rows.push(new Uint8Array(0), true);
            rows = null;
            zip.end();
          } else {
            rows.push(strToU8(csvLines(value, transactionHeader)));
          }
        }
      }),
    async cancel() {
      zip.terminate();
      await transactions.return(undefined);
    },
  });
}

/** Named by the day of the export in the user's time zone, the day their pages show. */
export function exportFileName(format: "json" | "zip", head: Pick<ExportHead, "exportedAt" | "user">): string {
  return `tesoro-export-${dayInZone(Date.parse(head.exportedAt), head.user.timeZone)}.${format}`;
}
