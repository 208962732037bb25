/**
 * Reading a CSV file's rows into transactions, without I/O: statuses and "no category" in the words
 * banks write, amounts with their signs, marks and currencies, categories by the names a file may
 * call them. The file itself (delimiter, table, mapping guesses) is read by csv.ts.
 */
import type { Translate } from "../../../../core/i18n/translate";
import { supportedLocales } from "../../../../core/i18n/config";
import { translatorFor } from "../../../../core/i18n/translator";
import { isRecordDay, latestRecordDay, latestRecordYear } from "../../../../core/dates";
import { foldedForMatching, multiLineText, singleLineText, singleSpacedText } from "../../../../core/plain-text";
import { currencyDigits, currencyName, currencyPart, currencySign, PERUVIAN_SYMBOLS, SHARED_NARROW_SYMBOLS, type DecimalSeparator } from "../../../../core/money";
import { TEXT_LIMITS } from "../../../../core/input-limits";
import { checkAmount, type AmountCheck, type DateFormat, type ImportQuery, type TransactionStatus } from "../../../../core/schemas/ledger";
import { filledWidth, isImpossibleDayInFormat, parseDate } from "./csv";
import { typeWay } from "./headers";
import type { AccountRow } from "../ledger/model";

export interface ParsedRow {
  line: number;
  date: string | null;
  description: string;
  amount: number | null;
  payee: string | null;
  notes: string | null;
  /** The category the row's category column names: one of the user's, or one the import adds (`created`). */
  category: ImportedCategory | null;
  status: TransactionStatus;
  bankId: string | null;
  errors: Record<string, string[]> | null;
  fingerprint: string | null;
  /**
   * The file writes the description decomposed ("Cafe" + U+0301). Rows imported from such a file
   * before text was kept composed (ADR 036) were fingerprinted as written, so the row is also
   * looked up by that fingerprint (`decomposedFingerprint`).
   */
  decomposed: boolean;
  decomposedFingerprint?: string;
  /** What the row is, as a hash kept with it (`import_content`): valid rows only. */
  content?: string;
  duplicate: boolean;
  /** The bank's running balance after the row (`balanceColumn`), when mapped and readable; never a reason to refuse the row. */
  balance?: number | null;
}

export function hasMapping(query: ImportQuery): boolean {
  return query.dateColumn !== undefined || query.descriptionColumn !== undefined || amountWays(query) > 0;
}

/** How many ways the mapping gives to read the amount: a signed column, a card's charges, or the debit/credit pair. */
function amountWays(query: ImportQuery): number {
  return [query.amountColumn, query.chargesColumn, query.debitColumn ?? query.creditColumn].filter((index) => index !== undefined).length;
}

/**
 * What is wrong with the mapping's amount columns, as a message key: none mapped, or more than
 * one way to read the amount (one would be left unread without a word: the user picks); a type
 * column gives a sign only to a signed amount column.
 */
export function amountMappingError(query: ImportQuery): "api.amountColumns" | "api.amountOrDebitCredit" | "api.reading.oneAmountWay" | null {
  const ways = amountWays(query);
  if (ways === 0) return "api.amountColumns";
  if (ways === 2 && query.chargesColumn === undefined) return "api.amountOrDebitCredit";
  if (ways > 1 || (query.typeColumn !== undefined && query.amountColumn === undefined)) return "api.reading.oneAmountWay";
  return null;
}

/**
 * A status cell: empty is posted (most bank files have no such column); this app's own export
 * writes `pending` and `posted`, and the words a bank or a person would use in either language
 * are read too. Anything else is refused rather than guessed: a pending movement counted as
 * posted would misstate the balance the user reconciles against.
 */
export const PENDING_WORDS = new Set(["pending", "pendiente", "pendientes", "en proceso", "por confirmar", "por procesar", "authorised", "authorized", "vorgemerkt", "en attente", "reservert", "retenido", "pendente"]);

export const POSTED_WORDS = new Set([
  "", "posted", "confirmado", "confirmada", "contabilizado", "contabilizada", "procesado", "procesada", "completed", "completado", "completada", "cleared",
  // As Venmo, Revolut, Payoneer, German and French banks write a movement done (issue 35).
  "complete", "issued", "booked", "settled", "success", "successful", "paid", "done", "aplicado", "aplicada", "liquidado", "liquidada", "exitoso", "exitosa", "realizado", "realizada",
  "gebucht", "abgeschlossen", "ausgefuhrt", "comptabilise", "comptabilisee", "execute", "executee", "effectue", "effectuee", "bokfort", "utfort", "concluido", "concluida",
]);

export function importedStatus(text: string): TransactionStatus | null {
  const word = foldedForMatching(text);
  if (PENDING_WORDS.has(word)) return "pending";
  if (POSTED_WORDS.has(word)) return "posted";
  return null;
}

/** "'=SUM(…)" was neutralised by an export: give the text back as it was. */
export function unneutralise(text: string): string {
  return /^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** `name` as the user reads it; `created` for one the import adds, with the kind of the first row that names it and its colour. */
export type ImportedCategory = { id: string; name: string; created?: { kind: "expense" | "income"; color: string } };

/** New categories one file may add: a column of free text (a bank's own notes) must not add thousands. */
export const IMPORT_MAX_NEW_CATEGORIES = 50;

/**
 * What a file may write for "no category": the pages' own word in either language (and its US
 * spelling), "none", or a dash. Made on the first import that maps a category column, not as the
 * Worker starts (it builds both languages' translators).
 */
let noCategory: ReadonlySet<string> | undefined;

/** `folded`: a cell's text, `foldedForMatching`. */
export function meansNoCategory(folded: string): boolean {
  noCategory ??= new Set([...supportedLocales.map((language) => foldedForMatching(translatorFor(language)("ledger.pages.common.uncategorised"))), "uncategorized", "uncategorised", "none", "ninguna", "-", "—", "–"]);
  return noCategory.has(folded);
}

/**
 * Colours of the categories an import adds, in turn after the ones the user has, none of them a
 * default category's: a chart of spending by category tells them apart by more than their names.
 */
export const NEW_CATEGORY_COLORS = ["#0d9488", "#4f46e5", "#c026d3", "#65a30d", "#d97706", "#0284c7", "#e11d48", "#059669", "#6d28d9", "#c2410c", "#0e7490", "#be185d"];

/**
 * Categories by name: a name as the user keeps it (any case) first, as Settings tells names apart;
 * else the same name without accents or doubled spaces ("CAFE" for "Café"). So where the user
 * has both "Café" and "cafe", each file spelling finds its own.
 */
export class CategoryIndex {
  readonly #exact = new Map<string, ImportedCategory>();
  readonly #folded = new Map<string, ImportedCategory>();
  /** `folded`: `foldedForMatching(name)`, which the caller has made already. */
  set(name: string, folded: string, category: ImportedCategory): void {
    this.#exact.set(name.toLowerCase(), category);
    if (!this.#folded.has(folded)) this.#folded.set(folded, category);
  }
  get(name: string, folded: string): ImportedCategory | undefined {
    return this.#exact.get(name.toLowerCase()) ?? this.#folded.get(folded);
  }
}

/** A currency sign or code, or a bank's debit/credit mark: letters, currency symbols, "/" and a final point ("S/.", "US$", "PEN", "DB"). */
export const MARK = String.raw`[\p{L}\p{Sc}/]+\.?`;

/**
 * An amount as bank files write it: a sign, a mark before the number, the number (its own sign or
 * parentheses, digits, separators), a mark after it, a minus after it ("1234.56-", as some banks'
 * statements do).
 */
export const IMPORTED_AMOUNT = new RegExp(String.raw`^([-−+]?)\s*(${MARK})?\s*([-−+(]?\s*[\d.,\s]*\d\s*\)?)\s*(${MARK})?\s*([-−]?)$`, "u");

/** Marks after an amount that say which way it went. */
export const DEBIT_MARKS = new Set(["DB", "DR"]);

export const CREDIT_MARKS = new Set(["CR"]);

export const currencyMarksCache = new Map<string, ReadonlySet<string>>();

/**
 * How a file may name the account's currency, as marks compare: its code; the sign Tesoro prints
 * (`PERUVIAN_SYMBOLS`: "S/" and "US$", which a runtime's locale data may lack); and English's and
 * Peruvian Spanish's symbol and narrow symbol ("$", "€"). Worked out once per currency.
 */
export function currencyMarks(currency: string): ReadonlySet<string> {
  let marks = currencyMarksCache.get(currency);
  if (!marks) {
    const signs = [currency, PERUVIAN_SYMBOLS[currency]];
    for (const locale of ["en-US", "es-PE"]) {
      for (const currencyDisplay of ["symbol", "narrowSymbol"] as const) signs.push(currencyPart(new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay })));
    }
    marks = new Set(signs.filter((sign): sign is string => !!sign).map(markKey));
    currencyMarksCache.set(currency, marks);
  }
  return marks;
}

/** A mark as compared: upper case, without a final point ("S/." is "S/"). */
export const markKey = (mark: string) => mark.toUpperCase().replace(/\.$/, "");

/** How Peruvian bank files write the two currencies' names in a currency column. */
export const CURRENCY_WORDS: Readonly<Record<string, readonly string[]>> = {
  PEN: ["SOL", "SOLES", "NUEVOS SOLES", "MN", "M.N."],
  USD: ["DOLAR", "DOLARES", "DOLLAR", "DOLLARS", "US DOLLARS", "ME", "M.E."],
};

export const currencyNamesCache = new Map<string, ReadonlySet<string>>();

/** A currency column's cell as compared: upper case, without accents, spaces made one. */
export const nameKey = (text: string) => markKey(foldedForMatching(text));

/**
 * Whether a currency column's cell names the account's currency: its code or sign (as an
 * amount's mark), its name in English or Spanish ("Peruvian Sol", "sol peruano"), or the words
 * banks here use ("Soles", "Dólares", "MN"/"ME": moneda nacional/extranjera).
 */
export function namesCurrency(text: string, currency: string): boolean {
  const key = nameKey(text);
  // A sign several currencies share names only the one Tesoro prints it for ("¥": yen), and "$"
  // a dollar, as files from here and the US mean it; never pesos.
  const sign = text.trim();
  if (SHARED_NARROW_SYMBOLS.has(sign)) return (sign === "$" && currency === "USD") || currencySign(currency) === sign;
  if (currencyMarks(currency).has(key)) return true;
  let names = currencyNamesCache.get(currency);
  if (!names) {
    const displayed = ["en", "es"].map((locale) => currencyName(currency, locale));
    names = new Set([...displayed, ...(CURRENCY_WORDS[currency] ?? [])].filter((name): name is string => !!name).map(nameKey));
    currencyNamesCache.set(currency, names);
  }
  return names.has(key);
}

/**
 * Checked as the forms check amounts (`checkAmount`), with the import's own message for a format
 * it cannot read. A minus is never dropped and never guessed at: one sign, a debit mark ("DB",
 * "DR") or a minus after the number makes it money out, and two of them (which one?) make the
 * amount unreadable. A currency named is the account's, or the row is refused with that reason
 * ("USD 5.00" is not 5.00 soles).
 */
export function checkImportedAmount(text: string, currency: string, separator: DecimalSeparator): AmountCheck | { ok: false; key: "api.importAmountCurrency"; digits: number } {
  const refused = (key: "ledger.errors.importAmount" | "api.importAmountCurrency") => ({ ok: false, key, digits: currencyDigits(currency) }) as const;
  // Accounting parentheses around a currency sign and the number ("($300.00)", "(S/ 45.00)"): money
  // out, read as the amount inside; a sign inside as well (which one?) is refused.
  const enclosed = /^\(\s*([^()]*?)\s*\)$/.exec(text.trim());
  if (enclosed && /[\p{L}\p{Sc}]/u.test(enclosed[1]!)) {
    if (/[-−+]/.test(enclosed[1]!)) return refused("ledger.errors.importAmount");
    const inner = checkImportedAmount(enclosed[1]!, currency, separator);
    return inner.ok ? { ok: true, minor: -Math.abs(inner.minor) } : inner;
  }
  const parts = IMPORTED_AMOUNT.exec(text.trim());
  if (!parts) return refused("ledger.errors.importAmount");
  const [, lead = "", before, number = "", after, trailing = ""] = parts;
  const afterKey = after ? markKey(after) : "";
  const debit = DEBIT_MARKS.has(afterKey);
  const credit = CREDIT_MARKS.has(afterKey);
  const marks = currencyMarks(currency);
  if ((before && !marks.has(markKey(before))) || (after && !debit && !credit && !marks.has(afterKey))) return refused("api.importAmountCurrency");
  const signs = [lead !== "", /^[-−+(]/.test(number), trailing !== "", debit || credit].filter(Boolean).length;
  if (signs > 1) return refused("ledger.errors.importAmount");
  // The number's own sign is checkAmount's; at most one other may turn it into money out. A
  // currency without cents written with zero cents ("50.000,00" pesos, as Bancolombia writes
  // them) is the same whole number: the zeros are dropped, never other digits.
  const whole = currencyDigits(currency) === 0 ? number.replace(new RegExp(`\\${separator}0+\\s*(\\)?)$`), "$1") : number;
  const checked = checkAmount(whole, currency, { chosenSeparator: separator, formatKey: "ledger.errors.importAmount" });
  const negate = lead === "-" || lead === "−" || trailing !== "" || debit;
  return checked.ok && negate && checked.minor ? { ok: true, minor: -checked.minor } : checked;
}

export function counts(rows: ParsedRow[]) {
  const invalid = rows.filter((row) => row.errors).length;
  const duplicates = rows.filter((row) => row.duplicate).length;
  return { total: rows.length, valid: rows.length - invalid - duplicates, invalid, duplicates };
}

/**
 * The file's rows read against the account and the mapping, each with its errors (in the caller's
 * language, `t`); `known`: the user's categories, when a category column is mapped.
 *
 * `tableWidth`: the header's width (none without a header: there, a debit row and a credit row
 * differ in width by their last filled cell, so no width is the table's). A row wider than it is refused, not read: an
 * unquoted "-1,234.56" in a comma file splits into "-1" and "234.56", and every cell after it
 * moves, so the mapped columns would read a wrong amount as a good one (QA, session 24: −1.00
 * imported for −1,234.56, shown as ready).
 */
export function readRows(account: Pick<AccountRow, "currency">, data: Array<{ line: number; fields: string[] }>, query: ImportQuery, tableWidth: number, t: Translate, known: { byName: CategoryIndex; count: number } | null): ParsedRow[] {
  const format: DateFormat = query.dateFormat ?? "YYYY-MM-DD";
  const separator: DecimalSeparator = query.decimalSeparator ?? ".";
  const cell = (fields: string[], index: number | undefined) => (index === undefined ? "" : (fields[index] ?? "").trim());
  const latestDay = latestRecordDay();
  const latestYear = latestRecordYear();
  const { byName: categories, count: categoryCount } = known ?? { byName: null, count: 0 };
  let addedCategories = 0;
  const rows: ParsedRow[] = [];
  const mostRowsWider = data.length > 1 && data.filter(({ fields }) => filledWidth(fields) > tableWidth).length * 2 > data.length;
  for (const { line, fields } of data) {
    const errors: Record<string, string[]> = {};
    const width = filledWidth(fields);
    // Most rows wider than the header: the line taken as the header is not the table's (a line
    // about the account), not a comma inside one amount; the message says so (issue 35).
    if (width > tableWidth) errors.row = [t(mostRowsWider ? "api.reading.headerNarrow" : "api.importRowTooWide", { cells: width, columns: tableWidth })];
    const date = parseDate(cell(fields, query.dateColumn), format, latestYear);
    // "31/02/2026" is written as asked but is no day: said so, not "does not match the format".
    if (!date) errors.date = [t(isImpossibleDayInFormat(cell(fields, query.dateColumn), format) ? "api.importDateNotADay" : "api.importDate")];
    else if (!isRecordDay(date, latestDay)) errors.date = [t("ledger.errors.dateOutOfRange")];
    const descriptionCell = cell(fields, query.descriptionColumn);
    const description = singleSpacedText(unneutralise(descriptionCell));
    const decomposed = descriptionCell !== descriptionCell.normalize("NFC");
    if (!description || description.length > TEXT_LIMITS.description) errors.description = [t("api.importDescription")];
    let amount: number | null;
    // Why the last amount could not be read: its format, its decimals or its size.
    let refusal: string = t("ledger.errors.importAmount");
    const read = (text: string) => {
      const checked = checkImportedAmount(text, account.currency, separator);
      if (checked.ok) return checked.minor;
      refusal = t(checked.key, { count: checked.digits, text: singleLineText(text).slice(0, 40), currency: account.currency });
      return null;
    };
    // An empty amount is a row without one, not a number the format cannot read: say which.
    let blank: boolean;
    const single = query.amountColumn ?? query.chargesColumn;
    if (single !== undefined) {
      const text = cell(fields, single);
      blank = !text;
      amount = blank ? null : read(text);
      // A card statement writes charges positive: money out is the other way round.
      if (amount !== null && query.amountColumn === undefined) amount = -amount;
      if (amount !== null && query.typeColumn !== undefined) {
        // The type column's word gives the way; the amount's own sign, if any, is not a second one.
        const typeText = cell(fields, query.typeColumn);
        const way = typeWay(typeText);
        if (!way) {
          errors.type = [t("api.reading.importType", { value: singleLineText(typeText).slice(0, 40) })];
          amount = null;
        } else amount = way === "out" ? -Math.abs(amount) : Math.abs(amount);
      }
    } else {
      const debitText = cell(fields, query.debitColumn);
      const creditText = cell(fields, query.creditColumn);
      blank = !debitText && !creditText;
      const debit = debitText ? read(debitText) : 0;
      const credit = creditText ? read(creditText) : 0;
      // A debit is money out however it is written; a credit is money in unless written with a
      // minus (a reversal): a sign is never dropped. A row with both (not a zero in the other)
      // is one no bank writes: most likely a balance column mapped as one of them.
      const both = Boolean(debit && credit);
      if (both) refusal = t("api.importDebitAndCredit");
      amount = debit === null || credit === null || blank || both ? null : credit - Math.abs(debit);
    }
    // A fee charged with the movement is part of it (ADR 050): the bank's balance moves by both.
    const feeText = cell(fields, query.feeColumn);
    if (amount !== null && feeText) {
      const fee = read(feeText);
      amount = fee === null ? null : amount - Math.abs(fee);
      if (fee === null) errors.fee = [refusal];
    }
    if (amount === null && !errors.type && !errors.fee) errors.amount = [blank ? t("api.importAmountMissing") : refusal];
    // A line of zero moves no money (a statement's "ITF 0.00"): not a transaction, as in the forms.
    else if (amount === 0) errors.amount = [t("api.importAmountZero")];
    // A file's own currency column (this app's export has one) must name the account's: soles
    // imported into a dollar account would keep their figures and change their worth.
    const currencyText = cell(fields, query.currencyColumn);
    if (currencyText && !namesCurrency(currencyText, account.currency)) {
      errors.currency = [t("api.importCurrency", { value: singleLineText(currencyText).slice(0, 40), currency: account.currency })];
      // Its figures are not an amount of this account's currency: a preview would show them as one.
      amount = null;
    }
    // Too long is refused as a new transaction's would be (and as the description is), not cut:
    // an import that shortened them without a word would store other text than the file's.
    const payee = singleLineText(unneutralise(cell(fields, query.payeeColumn))).trim() || null;
    if (payee && payee.length > TEXT_LIMITS.payee) errors.payee = [t("api.importPayee")];
    const notes = multiLineText(unneutralise(cell(fields, query.notesColumn))).trim() || null;
    if (notes && notes.length > TEXT_LIMITS.notes) errors.notes = [t("api.importNotes")];
    const statusText = cell(fields, query.statusColumn);
    const status = importedStatus(statusText);
    if (!status) errors.status = [t("api.importStatus", { value: singleLineText(statusText).slice(0, 40) })];
    // A category the user does not have yet is added, named as the file first writes it: the
    // column was mapped on purpose, and the pages offer no other place to add one. Only a row
    // that can be imported counts toward the cap and gives the new category its kind.
    const categoryText = singleSpacedText(unneutralise(cell(fields, query.categoryColumn)));
    const folded = categoryText && categories ? foldedForMatching(categoryText) : "";
    let category: ImportedCategory | null = null;
    if (folded && categories && !meansNoCategory(folded)) {
      category = categories.get(categoryText, folded) ?? null;
      if (category) {
        // Known, or already added by an earlier row.
      } else if (categoryText.length > TEXT_LIMITS.categoryName) errors.category = [t("api.importCategoryLength")];
      else if (Object.keys(errors).length) {
        // Left out anyway: it adds nothing, and its category is not shown as one it would add.
      } else if (addedCategories >= IMPORT_MAX_NEW_CATEGORIES) errors.category = [t("api.importTooManyCategories", { value: categoryText, count: IMPORT_MAX_NEW_CATEGORIES })];
      else {
        // Written only with a row that is imported (the import's own batch): a duplicate adds nothing.
        const color = NEW_CATEGORY_COLORS[(categoryCount + addedCategories) % NEW_CATEGORY_COLORS.length]!;
        category = { id: crypto.randomUUID(), name: categoryText, created: { kind: amount! > 0 ? "income" : "expense", color } }; // a row without errors has its amount
        categories.set(categoryText, folded, category);
        addedCategories++;
      }
    }
    const bankId = cell(fields, query.idColumn).slice(0, 120) || null;
    const valid = !Object.keys(errors).length;
    const balanceText = cell(fields, query.balanceColumn);
    const balanceRead = balanceText ? checkImportedAmount(balanceText, account.currency, separator) : null;
    const balance = balanceRead?.ok ? balanceRead.minor : null;
    rows.push({ line, date, description, amount, payee, notes, category, status: status ?? "posted", bankId, errors: valid ? null : errors, fingerprint: null, decomposed, duplicate: false, balance });
  }
  return rows;
}
