/**
 * The ledger's fixed values (account types, statuses, directions, the import's columns…) and the
 * exact check of an amount against its currency, without zod: what the browser's pages need to
 * render and to check an amount as it is typed, before any form is used. The schemas
 * (core/schemas/ledger.ts) build on these and say them again for their importers; the forms load
 * the schemas themselves only when one is focused or sent (ADR 074).
 */
import { isCurrency, OFFERED_CURRENCIES, parseAmount, toDecimalString, currencyDigits, RETIRED_OR_UNIT_CURRENCIES, type DecimalSeparator } from "./money";

export const ACCOUNT_TYPES = ["checking", "savings", "credit_card", "cash", "wallet", "loan"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const TRANSACTION_STATUSES = ["pending", "posted"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const CATEGORY_KINDS = ["expense", "income"] as const;
/** The colour of a category added without one (the API's and the Settings form's; also the column's default). */
export const DEFAULT_CATEGORY_COLOR = "#64748b";
/** Currencies offered first in pickers; any other ISO 4217 code is accepted too. */
export const CURRENCY_PICKER_FIRST = ["PEN", "USD"] as const;
export const DEFAULT_CATEGORY_KEYS = ["groceries", "dining", "transport", "housing", "utilities", "health", "shopping", "entertainment", "income", "transfers", "fees", "other"] as const;
export type DefaultCategoryKey = (typeof DEFAULT_CATEGORY_KEYS)[number];

export const PAGE_SIZE_DEFAULT = 50;

export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_COLUMNS = 100;
export const DATE_FORMATS = ["YYYY-MM-DD", "DD/MM/YYYY", "MM/DD/YYYY", "DD-MM-YYYY", "DD.MM.YYYY", "YYYY/MM/DD"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

let known: Set<string> | null = null;
/**
 * An ISO 4217 code Tesoro knows: one offered for a new account, or a retired one an account may
 * still hold (money.ts). The same list in every runtime: money.isCurrency alone accepts any three
 * letters, as Intl formats "XYZ" too, and each runtime's Intl lists its own ICU's currencies.
 */
export function isKnownCurrency(code: string): boolean {
  known ??= new Set([...OFFERED_CURRENCIES, ...RETIRED_OR_UNIT_CURRENCIES]);
  return known.has(code) && isCurrency(code);
}

/** Currencies for a picker: PEN and USD first, then the others offered, alphabetically. */
export function currencyPickerList(): string[] {
  return [...CURRENCY_PICKER_FIRST, ...OFFERED_CURRENCIES.filter((code) => !(CURRENCY_PICKER_FIRST as readonly string[]).includes(code))];
}

export type AmountCheck = { ok: true; minor: number } | { ok: false; key: "ledger.errors.amountRequired" | AmountFormatKey | "ledger.errors.amountDecimalComma" | "ledger.errors.amountPrecision" | typeof THOUSANDS_POINT | "ledger.errors.amountRange"; digits: number };

/** The message for "12.345" where 2 decimals is the rule: perhaps thousands written with a point, as in Spain (session 33 QA). */
export const THOUSANDS_POINT = "ledger.moneyInOut.errors.thousandsPoint" as const;
/** Whether a refused amount may be thousands written with a point ("12.345", "S/ 1.234" in a currency of 2 decimals). */
export function thousandsWithPoint(text: string, digits: number): boolean {
  return digits === 2 && /^[1-9]\d{0,2}\.\d{3}$/.test(text.replace(/[^\d.,]/g, ""));
}

/**
 * The exact check of a decimal amount against a currency (the i18n key says what is wrong).
 * Amounts are written with a decimal point, unless the user chose a file's separator
 * (`chosenSeparator`, the CSV import).
 */
export function checkAmount(text: string, currency: string, { formatKey = "ledger.errors.amountFormat", chosenSeparator }: { formatKey?: AmountFormatKey; chosenSeparator?: DecimalSeparator } = {}): AmountCheck {
  const digits = currencyDigits(currency);
  if (!text.trim()) return { ok: false, key: "ledger.errors.amountRequired", digits };
  let result = parseAmount(text, currency, chosenSeparator ?? ".");
  if (result.ok) return result;
  // "12,50" where a point is the rule (a Spanish habit): say that decimals take a point, or, for a
  // currency without decimals, that it has none. A separator the user chose keeps its own message.
  if (result.reason === "format" && !chosenSeparator && text.includes(",")) {
    const withComma = parseAmount(text, currency, ",");
    if (withComma.ok) return { ok: false, key: "ledger.errors.amountDecimalComma", digits };
    if (withComma.reason === "precision") result = withComma;
  }
  // Typed by a person (not a bank file, whose separator the user chose): "12.345" may be thousands.
  const precisionKey = !chosenSeparator && thousandsWithPoint(text, digits) ? THOUSANDS_POINT : "ledger.errors.amountPrecision";
  const key = result.reason === "format" ? formatKey : result.reason === "precision" ? precisionKey : "ledger.errors.amountRange";
  return { ok: false, key, digits };
}

/**
 * The message for an amount typed into a form that `parseTypedAmount` refused. "12.345" in soles
 * is three decimals to the parser, but may be twelve thousand written with a point, as in Spain
 * (session 33 QA): the message says how to write thousands too.
 */
export function typedAmountProblem(text: string, currency: string, reason: "format" | "precision" | "range"): string {
  if (reason === "format") return "ledger.moneyInOut.errors.amountFormat";
  if (reason === "range") return "ledger.errors.amountRange";
  const digits = currencyDigits(currency);
  return thousandsWithPoint(text, digits) ? THOUSANDS_POINT : `ledger.moneyInOut.errors.precision${digits}`;
}

/** The message for text that is not an amount: a transfer's amounts (and a budget's, which may be zero) are never negative, so their examples are not either. */
export type AmountFormatKey = "ledger.errors.amountFormat" | "ledger.errors.positiveAmountFormat" | "ledger.errors.unsignedAmountFormat" | "ledger.errors.importAmount";

/** Which way a movement's money goes: out (spent, the default of a new one) or in (earned). */
export const DIRECTIONS = ["out", "in"] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The direction and the magnitude an existing amount is edited as: -4590 is out, "45.90". */
export function entryOf(minor: number, currency: string): { direction: Direction; amount: string } {
  return { direction: minor < 0 ? "out" : "in", amount: toDecimalString(Math.abs(minor), currency) };
}

/** Whether a category's kind disagrees with a movement's direction (an income category on money out, an expense one on money in). */
export function kindDisagrees(kind: (typeof CATEGORY_KINDS)[number] | undefined, direction: Direction): boolean {
  return kind !== undefined && (kind === "income") !== (direction === "in");
}

/** Money in, money out, or both (the default): the list's side filter. */
export const LIST_DIRECTIONS = ["in", "out", "any"] as const;
export type ListDirection = (typeof LIST_DIRECTIONS)[number];

/**
 * The import's column parameters, in the order the mapping form asks for them. The amount is read
 * from one of: `amountColumn` (signed as written; with `typeColumn`, a column of debit/credit
 * words such as "DR"/"CR" or "Cargo"/"Abono" gives the sign of unsigned amounts),
 * `chargesColumn` (a card statement's amount, where charges are positive and payments negative),
 * or the pair `debitColumn`/`creditColumn`. `feeColumn`: a fee charged with the movement, taken
 * out of its amount (ADR 050). The options are columns so that every path that carries a mapping
 * (the form, a draft, the API) carries them as it carries the others. `balanceColumn`: the bank's
 * running balance; its last day's figure is kept as a reconciliation checkpoint (ADR 062).
 */
export const IMPORT_COLUMNS = [
  "dateColumn",
  "descriptionColumn",
  "amountColumn",
  "chargesColumn",
  "typeColumn",
  "debitColumn",
  "creditColumn",
  "feeColumn",
  "currencyColumn",
  "categoryColumn",
  "payeeColumn",
  "notesColumn",
  "statusColumn",
  "idColumn",
  "balanceColumn",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** Everything a mapping is made of, as the form's fields, a draft and the API's query carry it. */
export const IMPORT_OPTIONS = [...IMPORT_COLUMNS, "dateFormat", "decimalSeparator", "delimiter", "header"] as const;
/** What the mapping form shows for an option the mapping does not set (columns: none). */
export const IMPORT_OPTION_DEFAULTS: Readonly<Record<"dateFormat" | "decimalSeparator" | "delimiter" | "header", string>> = { dateFormat: "YYYY-MM-DD", decimalSeparator: ".", delimiter: "auto", header: "true" };

/** A page holds 50 rows; a bulk change or an undo names at most twice that (transfer legs included). */
export const BULK_MAX_IDS = 100;
