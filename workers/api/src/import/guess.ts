/**
 * The mapping guessed for a file with none: which column holds each field, the date format and
 * the number format, each with the reason the preview gives for it (explain.ts). A column's name
 * proposes (headers.ts, in the languages banks write), what the column holds decides: a "Fecha
 * valor" column of dates may be the date, an "Amount details" column of words is no amount. A
 * debit/credit pair wins over a single amount-like column (ADR 050).
 */
import { DATE_FORMATS, type DateFormat, type ImportColumn } from "../../../../core/schemas/ledger";
import { parseAmount, type DecimalSeparator } from "../../../../core/money";
import { DATE_CELL, parseDate } from "./csv";
import { FIELD_NAMES, headerKey, nameScore, typeWay, type FieldName } from "./headers";
import { IMPORTED_AMOUNT, importedStatus } from "./parse";

/** Why a column was taken for a field. */
export const GUESS_REASONS = ["name", "pair", "typeWords", "cardCharges", "contents"] as const;
export type GuessReason = (typeof GUESS_REASONS)[number];

/** How the date format was decided. */
export const DATE_REASONS = ["only", "rows", "language", "locale"] as const;
export type DateReason = (typeof DATE_REASONS)[number];

export interface DateDecision {
  format: DateFormat;
  reason: DateReason;
  /** For `rows`: the row that settles the order (a day over 12 where the other order puts the month). */
  line: number | null;
  text: string | null;
}

export interface Guess {
  mapping: Record<string, number | string>;
  reasons: Partial<Record<ImportColumn, GuessReason>>;
  dates: DateDecision | null;
}

type Row = { line: number; fields: string[] };

/** Rows whose cells the columns are judged by; the date order is decided over every row. */
const PROFILE_ROWS = 50;

/** A cell that reads as an amount, perhaps in accounting parentheses with a currency sign ("($300.00)"). */
export function amountLike(text: string): boolean {
  const value = text.trim().replace(/^\((.*)\)$/, "$1");
  // Letters only as a currency code or a debit/credit mark ("PEN", "S/", "DR"): "Row 5" is text.
  const words = value.match(/\p{L}+/gu) ?? [];
  return /\d/.test(value) && !DATE_CELL.test(value) && IMPORTED_AMOUNT.test(value) && words.every((word) => /^[A-Z]{1,3}$/.test(word));
}

interface Profile {
  filled: number;
  dates: number;
  amounts: number;
  negatives: number;
  types: number;
  statuses: number;
  /** Cells with letters that are no type or status word: text. */
  texts: number;
  length: number;
}

function profile(rows: Row[], index: number): Profile {
  const p: Profile = { filled: 0, dates: 0, amounts: 0, negatives: 0, types: 0, statuses: 0, texts: 0, length: 0 };
  for (const row of rows) {
    const cell = (row.fields[index] ?? "").trim();
    if (!cell) continue;
    p.filled++;
    p.length += cell.length;
    if (DATE_CELL.test(cell)) p.dates++;
    else if (amountLike(cell)) {
      p.amounts++;
      if (/^[-−(]|[-−]$|-\s*\d|\)$/.test(cell)) p.negatives++;
    }
    if (typeWay(cell)) p.types++;
    else if (cell && importedStatus(cell)) p.statuses++;
    else if (/\p{L}{2}/u.test(cell) && !amountLike(cell)) p.texts++;
  }
  return p;
}

const most = (count: number, p: Profile, share = 0.8) => p.filled > 0 && count >= p.filled * share;

/** The guess for a file: its header (names, or "1", "2"… without one) and its rows. */
export function guessMapping(header: string[], data: Row[] | string[][], delimiter = ",", currency?: string, accountType?: string): Record<string, number | string> {
  return guessFile(header, data, delimiter, currency, accountType).mapping;
}

export function guessFile(header: string[], data: Row[] | string[][], delimiter = ",", currency?: string, accountType?: string): Guess {
  const rows: Row[] = data.map((row, i) => (Array.isArray(row) ? { line: i + 1, fields: row } : row));
  const sample = rows.slice(0, PROFILE_ROWS);
  const width = Math.max(header.length, ...sample.map((row) => row.fields.length));
  const keys = Array.from({ length: width }, (_, i) => headerKey(header[i] ?? ""));
  const profiles = keys.map((_, i) => profile(sample, i));
  const used = new Set<number>();
  const mapping: Record<string, number | string> = {};
  const reasons: Partial<Record<ImportColumn, GuessReason>> = {};
  /** The free column that names `field` best and whose cells `fits`. */
  const byName = (field: FieldName, fits: (p: Profile) => boolean): number | undefined => {
    let best: { index: number; score: number } | undefined;
    keys.forEach((key, index) => {
      if (used.has(index) || !key) return;
      const score = nameScore(key, field);
      if (score > 0 && fits(profiles[index]!) && (!best || score > best.score)) best = { index, score };
    });
    return best?.index;
  };
  const byNameStrong = (field: FieldName, fits: (p: Profile) => boolean) => {
    const index = byName(field, fits);
    return index !== undefined && nameScore(keys[index]!, field) >= 2 ? index : undefined;
  };
  const take = (param: ImportColumn, index: number | undefined, reason: GuessReason = "name") => {
    if (index === undefined) return undefined;
    used.add(index);
    mapping[param] = index;
    reasons[param] = reason;
    return index;
  };
  const isDates = (p: Profile) => most(p.dates, p, 0.5);
  const isAmounts = (p: Profile) => p.filled === 0 || most(p.amounts, p);
  const isText = (p: Profile) => p.filled > 0 && !isDates(p) && !most(p.amounts, p, 0.5);
  // A balance is never an amount: set apart first, so "Saldo" or "Running Balance" is not taken.
  // The best-named one holding figures is the bank's running balance (a checkpoint, ADR 062).
  take("balanceColumn", byName("balance", (p) => p.filled > 0 && isAmounts(p)));
  for (let balance = byName("balance", () => true); balance !== undefined; balance = byName("balance", () => true)) used.add(balance);
  const date = take("dateColumn", byName("date", isDates)) ?? take("dateColumn", firstFree(keys, used, (i) => most(profiles[i]!.dates, profiles[i]!)), "contents");
  // Another date column (a value date, a posting date) is no amount or text: out of the way.
  keys.forEach((_, i) => {
    if (!used.has(i) && most(profiles[i]!.dates, profiles[i]!)) used.add(i);
  });
  take("feeColumn", byName("fee", (p) => p.filled > 0 && isAmounts(p)));
  // One of the pair may be empty in the rows read (a file of charges): its name says it.
  const debit = byName("debit", isAmounts);
  if (debit !== undefined) used.add(debit);
  const credit = byName("credit", isAmounts);
  if (debit !== undefined && credit !== undefined) {
    // The pair holds the money; a single amount-like column beside it ("Amount details", a
    // total) is not read.
    take("debitColumn", debit, "pair");
    take("creditColumn", credit, "pair");
  } else if (debit !== undefined) used.delete(debit);
  if (mapping.debitColumn === undefined) {
    // By contents only a column whose name says nothing else (not "Nro. de operación", "Saldo").
    const namedOther = (i: number) => KNOWN_FIELDS.some((field) => nameScore(keys[i]!, field) >= 2);
    const amount =
      take("amountColumn", byName("amount", (p) => p.filled > 0 && isAmounts(p))) ??
      take("amountColumn", firstFree(keys, used, (i) => !namedOther(i) && most(profiles[i]!.amounts, profiles[i]!)), "contents");
    if (amount === undefined) {
      // One of the pair alone (a file of charges only).
      take("debitColumn", byName("debit", (p) => p.filled > 0 && isAmounts(p)));
      take("creditColumn", byName("credit", (p) => p.filled > 0 && isAmounts(p)));
    } else {
      const p = profiles[amount]!;
      // Unsigned amounts beside a column of debit/credit words: the words give the sign.
      // Named as a type ("Tipo", "Cargo/Abono", "Soll/Haben"), with most of its words known (an
      // unknown one is then refused with its reason); or, unnamed, every word known.
      const named = byName("type", (q) => most(q.types, q, 0.5));
      const type = named ?? firstFree(keys, used, (i) => most(profiles[i]!.types, profiles[i]!, 1));
      if (type !== undefined && p.negatives === 0) take("typeColumn", type, named === type ? "name" : "typeWords");
      else if (accountType === "credit_card" && p.negatives * 2 < p.amounts) {
        // A card statement whose amounts are mostly positive writes charges positive.
        delete mapping.amountColumn;
        delete reasons.amountColumn;
        take("chargesColumn", amount, "cardCharges");
      }
    }
  }
  take("descriptionColumn", byName("description", isText) ?? byName("payee", isText));
  // Named as such, not in passing ("Original Currency": the card's, not the account's).
  take("currencyColumn", byNameStrong("currency", (p) => p.filled === 0 || (!isDates(p) && !most(p.amounts, p, 0.5) && p.length / p.filled <= 24)));
  // Named so, with half its words known: an unknown one ("Rechazado") is then refused with its reason.
  take("statusColumn", byName("status", (p) => p.filled === 0 || most(p.statuses, p, 0.5)));
  take("idColumn", byName("id", (p) => !isDates(p)));
  // Optional text columns may be empty in the rows read (nobody wrote notes yet): the name decides.
  const textOrEmpty = (p: Profile) => p.filled === 0 || isText(p);
  take("categoryColumn", byName("category", textOrEmpty));
  take("payeeColumn", byName("payee", textOrEmpty));
  take("notesColumn", byName("notes", textOrEmpty));
  if (mapping.descriptionColumn === undefined) {
    // No name says which: the free column with the longest text.
    let best: number | undefined;
    keys.forEach((_, i) => {
      const p = profiles[i]!;
      if (!used.has(i) && isText(p) && most(p.texts, p, 0.5) && (best === undefined || p.length / p.filled > profiles[best]!.length / profiles[best]!.filled)) best = i;
    });
    take("descriptionColumn", best, "contents");
  }
  let dates: DateDecision | null = null;
  if (date !== undefined) {
    dates = decideDateFormat(
      rows.map((row) => ({ line: row.line, text: (row.fields[date] ?? "").trim() })).filter((value) => value.text),
      { english: keys.some((key) => /\b(date|amount|description|balance|debit|credit)\b/.test(key)), delimiter },
    );
    if (dates) mapping.dateFormat = dates.format;
  }
  const amountColumns = ["amountColumn", "chargesColumn", "debitColumn", "creditColumn", "feeColumn"].map((param) => mapping[param]).filter((index): index is number => typeof index === "number");
  if (amountColumns.length) mapping.decimalSeparator = decimalSeparatorOf(rows.slice(0, 200).flatMap((row) => amountColumns.map((i) => (row.fields[i] ?? "").trim())).filter(Boolean), delimiter, currency);
  return { mapping, reasons, dates };
}

function firstFree(keys: string[], used: Set<number>, fits: (i: number) => boolean): number | undefined {
  const index = keys.findIndex((_, i) => !used.has(i) && fits(i));
  return index >= 0 ? index : undefined;
}

/**
 * The date format that reads the most of the file's dates. "05/03/2021" reads both as day first
 * and as month first: if any row has a day over 12 in one place ("13/03/2021"), that settles the
 * order for the whole file (the row is named); if none does, the header's language does (English
 * names with a comma delimiter: month first, as US banks write) and otherwise day first, as
 * Peru and most of the world write.
 */
export function decideDateFormat(values: Array<{ line: number; text: string }>, hints: { english: boolean; delimiter: string }): DateDecision | null {
  if (!values.length) return null;
  const reads = new Map<DateFormat, number>();
  for (const format of DATE_FORMATS) reads.set(format, values.filter((value) => parseDate(value.text, format) !== null).length);
  const best = Math.max(...reads.values());
  if (best === 0) return null;
  const tied = DATE_FORMATS.filter((format) => reads.get(format) === best);
  const dayFirst = tied.includes("DD/MM/YYYY");
  const monthFirst = tied.includes("MM/DD/YYYY");
  if (dayFirst && monthFirst) {
    const format = hints.english && hints.delimiter === "," ? "MM/DD/YYYY" : "DD/MM/YYYY";
    return { format, reason: hints.english && hints.delimiter === "," ? "language" : "locale", line: null, text: null };
  }
  const format = tied[0]!;
  // The other order of the same numbers read some but not all: the first row it cannot read settles it.
  const other: DateFormat | null = format === "DD/MM/YYYY" ? "MM/DD/YYYY" : format === "MM/DD/YYYY" ? "DD/MM/YYYY" : null;
  if (other && reads.get(other)! > 0) {
    const settling = values.find((value) => parseDate(value.text, format) !== null && parseDate(value.text, other) === null);
    if (settling) return { format, reason: "rows", line: settling.line, text: settling.text.slice(0, 40) };
  }
  return { format, reason: "only", line: null, text: null };
}

/**
 * The number format most amounts show. First the reading under which more amounts are possible in
 * the account's currency ("12.500" is not 12.5 pesos: CLP has no decimals); then the amounts'
 * look; on a tie, a file separated by semicolons comes from where the comma is the decimal sign.
 */
export function decimalSeparatorOf(values: string[], delimiter: string, currency?: string): DecimalSeparator {
  const plain = values.map((v) => v.replace(/^\((.*)\)$/, "$1").replace(/[^\d.,\s-]/g, "").trim());
  const commaDecimal = plain.filter((v) => /,\d{1,2}$/.test(v) || /\.\d{3}[,.]/.test(v)).length;
  const dotDecimal = plain.filter((v) => /\.\d{1,2}$/.test(v) || /,\d{3}[.,]/.test(v)).length;
  const possible = (separator: DecimalSeparator) => (currency ? plain.filter((v) => v && parseAmount(v, currency, separator).ok).length : 0);
  const [commaReads, dotReads] = [possible(","), possible(".")];
  const commaWins = commaReads !== dotReads ? commaReads > dotReads : commaDecimal > dotDecimal || (commaDecimal === dotDecimal && delimiter === ";");
  return commaWins ? "," : ".";
}

/** Field names the guess knows, for the tests and the explanation. */
export const KNOWN_FIELDS = Object.keys(FIELD_NAMES) as FieldName[];
