/**
 * CSV in and out (RFC 4180: quoted fields, doubled quotes, CRLF or LF). Small enough to own:
 * docs/decisions/012-csv.md says why no parser package.
 */
import { isIsoDay, latestRecordYear } from "../../../../core/dates";
import type { DateFormat } from "../../../../core/schemas/ledger";
import { headerKey, nameScore, type FieldName } from "./headers";

/** Lines the delimiter and the table's start are read from: past a bank's lines above its table. */
const LEAD_LINES = 30;
/** At most this many rows above the table are left out (`tableStart`). */
export const LEAD_ROWS_ALLOWED = LEAD_LINES - 1;

/**
 * The delimiter the file's table uses: the one that splits the most of its first lines into the
 * same number of pieces (quoted text left out), and on a tie the one that splits them into more.
 * Not the first line alone: bank exports often open with lines about the account ("Movimientos
 * de la cuenta", "Moneda:;Soles") above the table (QA, session 23).
 */
export function detectDelimiter(text: string): "," | ";" | "\t" {
  const lines = text
    .split(/\r?\n/, LEAD_LINES * 2)
    .filter((line) => line.trim())
    .slice(0, LEAD_LINES)
    .map((line) => line.replace(/"(?:[^"]|"")*"/g, ""));
  let best: { delimiter: "," | ";" | "\t"; lines: number; pieces: number } = { delimiter: ",", lines: 0, pieces: 0 };
  for (const delimiter of [",", ";", "\t"] as const) {
    const linesPerCount = new Map<number, number>();
    for (const line of lines) {
      const count = line.split(delimiter).length - 1;
      if (count > 0) linesPerCount.set(count, (linesPerCount.get(count) ?? 0) + 1);
    }
    for (const [pieces, count] of linesPerCount) if (count > best.lines || (count === best.lines && pieces > best.pieces)) best = { delimiter, lines: count, pieces };
  }
  return best.delimiter;
}

/** How many of a row's cells hold something. */
export function filledCount(fields: string[]): number {
  return fields.filter((field) => field.trim()).length;
}

/** A row's width up to its last filled cell: "a;b;c;" is as wide as "a;b;c". */
export function filledWidth(fields: string[]): number {
  let width = fields.length;
  while (width > 0 && !fields[width - 1]!.trim()) width--;
  return width;
}

/**
 * A row of labels and their values ("Titular:;ROSA QUISPE;DNI:;12345678"), as banks write the
 * account's details above the table: every other cell from the first ends with a colon, and the
 * cells between do not. No header or movement looks so (QA, session 24).
 */
function labelsAndValues(fields: string[]): boolean {
  const cells = fields.slice(0, filledWidth(fields)).map((field) => field.trim());
  return cells.length >= 2 && cells.every((cell, i) => (i % 2 === 0 ? cell.length > 1 && cell.endsWith(":") : !cell.endsWith(":")));
}

/**
 * Where the table starts: past the lines above it that a bank writes about the account ("Cuenta:;
 * 191-…"), each narrower than the table and with at most two cells filled, or made of labels and
 * their values (`labelsAndValues`), or a block of rows all narrower than the table closed by an
 * empty line. Cautious on purpose: a
 * row that could be the header or a transaction is never left out (a header-less file whose first
 * rows lack a last, optional cell keeps them), and past the first such row nothing is.
 */
export function tableStart(rows: ReadonlyArray<{ line: number; fields: string[] }>): number {
  const lead = rows.slice(0, LEAD_LINES * 2);
  // A header its names give away (a date and an amount, a debit or a credit, in a language banks
  // write), with no movement above it: the table starts there, however many blocks about the
  // account come first (issue 35: two blocks hid the table, and the rows were then refused as "a
  // comma inside an amount").
  const named = lead.findIndex((row, i) => i < LEAD_ROWS_ALLOWED && namesColumns(row.fields));
  if (named >= 0 && !lead.slice(0, named).some((row) => movementLike(row.fields))) return named;
  const rowsPerWidth = new Map<number, number>();
  for (const row of lead) {
    const width = filledWidth(row.fields);
    if (width > 1) rowsPerWidth.set(width, (rowsPerWidth.get(width) ?? 0) + 1);
  }
  let table = 0;
  let most = 0;
  for (const [width, count] of rowsPerWidth) if (count > most || (count === most && width > table)) [table, most] = [width, count];
  // A row of empty cells (";;;;") is a spacer only below such lines; first in the file it is the header.
  const aboveTable = (fields: string[], start: number) => {
    const filled = filledCount(fields);
    return filledWidth(fields) < table && (filled <= 2 || labelsAndValues(fields)) && (filled > 0 || start > 0);
  };
  let start = 0;
  while (start < LEAD_ROWS_ALLOWED && start < lead.length && aboveTable(lead[start]!.fields, start)) start++;
  // A block about the account set apart by an empty line ("Número de cuenta;Moneda;Tipo" over
  // "191-…;Soles;Ahorros", QA session 25): its rows fill three cells or more, but every one is
  // narrower than the table, and the empty line closes the block. The table starts after it.
  // The parse drops a line with nothing on it, so the line numbers tell where one was; a line of
  // empty cells (";;;;") is kept as a row, and is one too.
  const empty = (i: number) => filledCount(lead[i]!.fields) === 0;
  const afterGap = lead.findIndex((row, i) => i > start && (lead[i - 1]!.line < row.line - 1 || empty(i - 1)) && !empty(i));
  const block = afterGap > 0 ? lead.slice(start, afterGap).filter((row) => filledCount(row.fields) > 0) : [];
  if (block.length && afterGap <= LEAD_ROWS_ALLOWED && block.every((row) => filledWidth(row.fields) < table)) start = afterGap;
  return start < lead.length ? start : 0;
}

/** A row that names a table's columns: three filled cells or more, none a date or a number, one naming a date and one money. */
function namesColumns(fields: string[]): boolean {
  const cells = fields.map((field) => field.trim()).filter(Boolean);
  if (cells.length < 3 || cells.some((cell) => DATE_CELL.test(cell) || (/\d/.test(cell) && AMOUNT_CELL.test(cell)))) return false;
  const keys = cells.map(headerKey);
  const names = (fields: FieldName[]) => keys.some((key) => fields.some((field) => nameScore(key, field) >= 2));
  return names(["date"]) && names(["amount", "debit", "credit"]);
}

/** A row that could be a movement: a date and an amount. */
function movementLike(fields: string[]): boolean {
  const cells = fields.map((field) => field.trim());
  return cells.some((cell) => DATE_CELL.test(cell)) && cells.some((cell) => /\d/.test(cell) && !DATE_CELL.test(cell) && AMOUNT_CELL.test(cell));
}

/**
 * A cell that is a date, in any of the import's formats or a near miss of one ("31-11-26"), perhaps
 * with a time as exports write it: "10:22", "10:22:05 p. m.", "10:22:05.123Z", "10:22-05:00".
 */
const TIME_OF_DAY = String.raw`\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[ap]\.?\s?m\.?)?(?:\s*(?:Z|[+-]\d{2}:?\d{2}))?`;
export const DATE_CELL = new RegExp(String.raw`^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}(?:(?:\s+|T)${TIME_OF_DAY})?$`, "i");
/** A day followed by its time, in any format: the day alone is kept (`dateInFormat`). */
const DAY_AND_TIME = new RegExp(String.raw`^(\S+?)(?:\s+|T)${TIME_OF_DAY}$`, "i");

/** A cell that is only an amount, perhaps with a currency sign or code ("1.249,50", "-S/ 12.50", "PEN 5,000.00"). */
const AMOUNT_CELL = /^[-+−(]?\s*(?:[A-Z]{3}|[\p{Sc}A-Z/]{1,3}\.?)?\s*[-+−(]?[\d.,\s]*\d\)?\s*(?:[A-Z]{3}|[\p{Sc}A-Z/]{1,3}\.?)?\s*-?$/u;

/**
 * A row of totals below a bank's table ("Total cargos;1.249,50;Total abonos;5.000,00"): its filled
 * cells are pairs of a label (letters, no digit) and an amount. No movement looks so: a movement
 * has a date, and one whose date is unreadable has a description where an amount would be.
 */
function labelsAndAmounts(fields: string[]): boolean {
  const cells = fields.map((field) => field.trim()).filter(Boolean);
  return cells.length >= 2 && cells.length % 2 === 0 && cells.every((cell, i) => (i % 2 === 0 ? /\p{L}/u.test(cell) && !/\d/.test(cell) : AMOUNT_CELL.test(cell)));
}

/**
 * Where the table ends: before the lines a bank writes below it ("Saldo final;;;8.750,50", "Total:;
 * 1.249,50", "Total cargos;1.249,50;Total abonos;5.000,00"), the last rows of the file with no cell
 * that is a date and at most two cells filled, or only labels and their amounts (`labelsAndAmounts`).
 * Cautious, as `tableStart`: such a row could never be imported (a movement needs a date, a
 * description and an amount), while a row with more filled, or a near-miss date ("31-11-26"),
 * stays a row, refused with its reason. At most `LEAD_ROWS_ALLOWED` rows, never every row, and
 * only below rows that have dates. The preview names the first line left out.
 */
export function tableEnd(rows: ReadonlyArray<{ fields: string[] }>): number {
  const dated = (fields: string[]) => fields.some((field) => DATE_CELL.test(field.trim()));
  const belowTable = (fields: string[]) => !dated(fields) && (filledCount(fields) <= 2 || labelsAndAmounts(fields));
  let end = rows.length;
  while (end > 1 && rows.length - end < LEAD_ROWS_ALLOWED && belowTable(rows[end - 1]!.fields)) end--;
  const firstDated = rows.findIndex((row) => dated(row.fields));
  return firstDated >= 0 && firstDated < end ? end : rows.length;
}

export interface CsvLimits {
  /** Parsing stops once it holds one row more than this (enough to tell the file is too long). */
  rows: number;
  /** A row with more fields than this stops the parse, and `tooWide` says so. */
  fields: number;
}

export interface ParsedCsv {
  rows: Array<{ line: number; fields: string[] }>;
  tooWide: boolean;
  /** The line where a quoted field opens and the file ends before it closes; null if none. */
  unclosedQuoteLine: number | null;
}

/**
 * Rows of fields with their 1-based line numbers; blank lines are skipped. The limits bound the
 * memory a file can take while it is read: a 5 MB file of "," lines is 2.6 million rows, and of
 * commas alone one row of 5 million fields, far past a Worker's 128 MB if all were kept.
 */
export function parseCsv(input: string, delimiter: string, limits: CsvLimits = { rows: Infinity, fields: Infinity }): ParsedCsv {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: Array<{ line: number; fields: string[] }> = [];
  let tooWide = false;
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let quoteLine = 1;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]!.trim() !== "") rows.push({ line: rowLine, fields });
    fields = [];
    field = "";
  };
  while (i < text.length && rows.length <= limits.rows) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (ch === "\n") line += 1;
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field.trim() === "") {
      quoted = true;
      quoteLine = line;
      field = "";
      i += 1;
    } else if (ch === delimiter) {
      fields.push(field);
      field = "";
      i += 1;
      if (fields.length >= limits.fields) {
        tooWide = true;
        break;
      }
    } else if (ch === "\r" || ch === "\n") {
      endRow();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line += 1;
      rowLine = line;
    } else {
      field += ch;
      i += 1;
    }
  }
  // Read to the end (no limit stopped it): the last row is whole, unless a quote never closed,
  // which would swallow every line after it into one field; those rows would vanish without a
  // word, so the file is refused and the line named.
  const readToEnd = !tooWide && rows.length <= limits.rows;
  const unclosedQuoteLine = readToEnd && quoted ? quoteLine : null;
  if (readToEnd && (field !== "" || fields.length)) endRow();
  return { rows, tooWide, unclosedQuoteLine };
}

/**
 * A field quoted when it must be; a leading =, +, - or @ of text is neutralised against spreadsheet
 * formulas with an apostrophe. Text that already starts with apostrophes before one of those gets
 * one more, so the import, which takes one off (`unneutralise`), gives the text back as it was.
 */
export function csvField(value: string | number | null | undefined, { numeric = false } = {}): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (!numeric && /^'*[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: string[]): string {
  return values.join(",") + "\r\n";
}

/**
 * A date in the chosen format → `YYYY-MM-DD`, or null when it does not match or is not a real day.
 * A two-digit year is the one in the hundred years that end with `latestYear` (the last year a
 * record may carry, next year): `26` is 2026 and `99` is 1999, as a statement of either was meant.
 */
export function parseDate(text: string, format: DateFormat, latestYear: number = latestRecordYear()): string | null {
  const day = dateInFormat(text, format, latestYear);
  return day && isIsoDay(day) ? day : null;
}

/**
 * Whether `text` is written in the format with a month of 1 to 12 and a day of 1 to 31, though no
 * such day exists ("31/02/2026"). Not "11/25/2026" read as DD/MM: a month 25 says the format is wrong.
 */
export function isImpossibleDayInFormat(text: string, format: DateFormat): boolean {
  const day = dateInFormat(text, format, latestRecordYear());
  if (!day || isIsoDay(day)) return false;
  const [, month, date] = day.split("-").map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && date >= 1 && date <= 31;
}

/** The day `text` names in the format, as `YYYY-MM-DD` but not checked against the calendar; null if it does not match. */
function dateInFormat(text: string, format: DateFormat, latestYear: number): string | null {
  // A time after the day ("03/11/2026 10:22", "03/11/2026 10:22:05 p. m.", "…T10:22:05.123Z"), as
  // some banks write the moment of a movement, is left out: the record keeps the day (QA, session 24: such files were
  // refused as "does not match the chosen format").
  const value = text.trim().replace(DAY_AND_TIME, "$1");
  let y: string | undefined, m: string | undefined, d: string | undefined;
  let match: RegExpExecArray | null;
  switch (format) {
    case "YYYY-MM-DD":
      match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
      if (match) [, y, m, d] = match;
      break;
    case "YYYY/MM/DD":
      match = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(value);
      if (match) [, y, m, d] = match;
      break;
    case "DD/MM/YYYY":
    case "DD-MM-YYYY":
    case "DD.MM.YYYY": {
      const sep = format[2] === "." ? "\\." : format[2];
      match = new RegExp(`^(\\d{1,2})${sep}(\\d{1,2})${sep}(\\d{4}|\\d{2})$`).exec(value);
      if (match) [, d, m, y] = match;
      break;
    }
    case "MM/DD/YYYY":
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/.exec(value);
      if (match) [, m, d, y] = match;
      break;
  }
  if (!y || !m || !d) return null;
  if (y.length === 2) y = String(2000 + Number(y) > latestYear ? 1900 + Number(y) : 2000 + Number(y));
  return `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
}
