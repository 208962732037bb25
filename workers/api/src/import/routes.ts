/**
 * CSV import: preview, then import. The file is the raw body (text/csv, up to 5 MB: app.ts lets
 * these two paths past the 64 KB JSON limit); the column mapping and formats are in the query.
 * Duplicates (same fingerprint already in the account, or earlier in the file; or, across a
 * reference and content, the same movement: `markCrossKindDuplicates`) are skipped and counted;
 * rows with errors are skipped and reported with their line numbers.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { formatCount } from "../../../../core/i18n/translate";
import { supportedLocales } from "../../../../core/i18n/config";
import { translatorFor } from "../../../../core/i18n/translator";
import { decodeCsv } from "../../../../core/csv-text";
import { isRecordDay, latestRecordDay, latestRecordYear } from "../../../../core/dates";
import { ID_PATTERN } from "../../../../core/ids";
import { foldedForMatching, multiLineText, singleLineText, singleSpacedText } from "../../../../core/plain-text";
import { currencyDigits, currencyName, currencyPart, currencySign, PERUVIAN_SYMBOLS, SHARED_NARROW_SYMBOLS, toDecimalString, type DecimalSeparator } from "../../../../core/money";
import { TEXT_LIMITS } from "../../../../core/input-limits";
import { checkAmount, IMPORT_COLUMNS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, importQuerySchema, TRANSACTION_STATUSES, type AmountCheck, type DateFormat, type ImportQuery, type TransactionStatus } from "../../../../core/schemas/ledger";
import { sha256Hex } from "../platform/crypto";
import { createRouter } from "../platform/router";
import type { ApiBindings } from "../platform/types";
import { idempotent } from "../platform/idempotency";
import { bearer, json, problemResponse } from "../platform/openapi";
import { localeOf, problem, translatedProblem, validationProblem } from "../platform/problem";
import { requireSession } from "../sessions/middleware";
import { detectDelimiter, filledWidth, guessMapping, LEAD_ROWS_ALLOWED, isImpossibleDayInFormat, parseCsv, parseDate, tableEnd, tableStart } from "./csv";
import { accountOut, categoryDisplayName, categoryNames, toAccount, type AccountRow, type CategoryRow } from "../ledger/model";
import { categoryNamesStatement } from "../categories/store";
import { firstRow, writeThenRead } from "../platform/batch";
import { importRecordStatements } from "./records";
import { accountAsRead, accountStatement, findAccount } from "../accounts/store";
import { uuid7 } from "../platform/uuid7";

export const importRoutes = createRouter();
type C = Context<ApiBindings>;

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

/** Paths app.ts gives the larger body limit. */
export const IMPORT_PATH = /\/accounts\/[^/]+\/import(?:\/preview)?$/;

interface ParsedRow {
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
}


function hasMapping(query: ImportQuery): boolean {
  return query.dateColumn !== undefined || query.descriptionColumn !== undefined || query.amountColumn !== undefined || query.debitColumn !== undefined || query.creditColumn !== undefined;
}

/** Reads the file and the mapping; an answer to give instead when they are not usable. */
async function readFile(c: C, query: ImportQuery, requireMapping: boolean) {
  const text = decodeCsv(await c.req.arrayBuffer());
  // A picture, a PDF or a spreadsheet (a zip) has NUL bytes; a CSV file never does.
  if (!text.replace(/^\ufeff/, "").trim() || text.includes("\u0000")) return { response: validationProblem(c, { file: ["ledger.errors.file"] }) };
  const delimiter = !query.delimiter || query.delimiter === "auto" ? detectDelimiter(text.replace(/^\ufeff/, "")) : query.delimiter === "tab" ? "\t" : query.delimiter;
  const header = query.header !== "false";
  const parsed = parseCsv(text, delimiter, { rows: IMPORT_MAX_ROWS + (header ? 1 : 0) + LEAD_ROWS_ALLOWED, fields: IMPORT_MAX_COLUMNS });
  const { tooWide, unclosedQuoteLine } = parsed;
  // A bank's lines above its table (the account, the period) are not rows; the lines keep their numbers.
  const start = tableStart(parsed.rows);
  const rows = parsed.rows.slice(start);
  const t = translatorFor(localeOf(c));
  if (tooWide) return { response: validationProblem(c, { file: [t("api.tooManyColumns", { max: formatCount(IMPORT_MAX_COLUMNS) })] }) };
  if (unclosedQuoteLine !== null) return { response: validationProblem(c, { file: [t("api.unclosedQuote", { line: unclosedQuoteLine })] }) };
  if (!rows.length) return { response: validationProblem(c, { file: ["ledger.errors.file"] }) };
  const width = Math.max(...rows.slice(0, 50).map((row) => row.fields.length));
  const columns = header ? rows[0]!.fields.map((name, i) => name.trim() || `${i + 1}`) : Array.from({ length: width }, (_, i) => `${i + 1}`);
  const all = header ? rows.slice(1) : rows;
  if (!all.length) return { response: validationProblem(c, { file: ["api.fileNoRows"] }) };
  // A bank's lines below its table (the closing balance, the totals) are not rows either.
  const end = tableEnd(all);
  const data = all.slice(0, end);
  const below = all.slice(end).find((row) => row.fields.some((field) => field.trim()));
  const belowTable = below ? { line: below.line, text: Array.from(below.fields.find((field) => field.trim())!.trim()).slice(0, 60).join("") } : null;
  if (data.length > IMPORT_MAX_ROWS) return { response: validationProblem(c, { file: [t("api.tooManyRows", { max: formatCount(IMPORT_MAX_ROWS) })] }) };
  const errors: Record<string, string[]> = {};
  if (requireMapping || hasMapping(query)) {
    if (query.dateColumn === undefined) errors.dateColumn = ["api.columnMissing"];
    if (query.descriptionColumn === undefined) errors.descriptionColumn = ["api.columnMissing"];
    if (query.amountColumn === undefined && query.debitColumn === undefined && query.creditColumn === undefined) errors.amountColumn = ["api.amountColumns"];
    // Both kinds would leave one of them unread without a word: the user picks.
    else if (query.amountColumn !== undefined && (query.debitColumn !== undefined || query.creditColumn !== undefined)) errors.amountColumn = ["api.amountOrDebitCredit"];
  }
  for (const param of IMPORT_COLUMNS) {
    const index = query[param];
    if (index !== undefined && index >= Math.max(columns.length, width)) errors[param] = ["ledger.errors.column"];
  }
  if (Object.keys(errors).length) return { response: validationProblem(c, errors) };
  return { columns, data, delimiter, tableLine: start > 0 ? rows[0]!.line : null, belowTable, tableWidth: header ? filledWidth(rows[0]!.fields) : Infinity };
}

/**
 * A status cell: empty is posted (most bank files have no such column); this app's own export
 * writes `pending` and `posted`, and the words a bank or a person would use in either language
 * are read too. Anything else is refused rather than guessed: a pending movement counted as
 * posted would misstate the balance the user reconciles against.
 */
const PENDING_WORDS = new Set(["pending", "pendiente", "pendientes", "en proceso", "por confirmar", "por procesar"]);
const POSTED_WORDS = new Set(["", "posted", "confirmado", "confirmada", "contabilizado", "contabilizada", "procesado", "procesada", "completed", "completado", "completada", "cleared"]);
function importedStatus(text: string): TransactionStatus | null {
  const word = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (PENDING_WORDS.has(word)) return "pending";
  if (POSTED_WORDS.has(word)) return "posted";
  return null;
}

/** "'=SUM(…)" was neutralised by an export: give the text back as it was. */
function unneutralise(text: string): string {
  return /^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** Values per duplicate lookup: one JSON array bound as a single parameter, well under D1's size limits. */
const LOOKUP_CHUNK = 5_000;
const FINGERPRINTS_SQL = "SELECT import_fingerprint AS v FROM transactions WHERE account_id = ?1 AND import_fingerprint IN (SELECT value FROM json_each(?2))";
/**
 * Rows imported before a reference's fingerprint held its day and amount (session 21) were stored
 * as `id:<reference>` alone. They are read as the fingerprint they would have now, from their own
 * day and amount, so a statement imported again still finds them, and another movement under a
 * reused reference still does not. The stored rows are left as they are.
 */
const LEGACY_BANK_IDS_SQL = "SELECT import_fingerprint || '|' || date || '|' || amount AS v FROM transactions WHERE account_id = ?1 AND import_fingerprint IN (SELECT value FROM json_each(?2))";

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** `name` as the user reads it; `created` for one the import adds, with the kind of the first row that names it and its colour. */
type ImportedCategory = { id: string; name: string; created?: { kind: "expense" | "income"; color: string } };

/** New categories one file may add: a column of free text (a bank's own notes) must not add thousands. */
export const IMPORT_MAX_NEW_CATEGORIES = 50;
/**
 * What a file may write for "no category": the pages' own word in either language (and its US
 * spelling), "none", or a dash. Made on the first import that maps a category column, not as the
 * Worker starts (it builds both languages' translators).
 */
let noCategory: ReadonlySet<string> | undefined;
/** `folded`: a cell's text, `foldedForMatching`. */
function meansNoCategory(folded: string): boolean {
  noCategory ??= new Set([...supportedLocales.map((language) => foldedForMatching(translatorFor(language)("ledger.pages.common.uncategorised"))), "uncategorized", "none", "ninguna", "-", "—", "–"]);
  return noCategory.has(folded);
}

/**
 * Colours of the categories an import adds, in turn after the ones the user has, none of them a
 * default category's: a chart of spending by category tells them apart by more than their names.
 */
const NEW_CATEGORY_COLORS = ["#0d9488", "#4f46e5", "#c026d3", "#65a30d", "#d97706", "#0284c7", "#e11d48", "#059669", "#6d28d9", "#c2410c", "#0e7490", "#be185d"];

/**
 * The user's categories by every name a file may call them: the name as kept, and a default
 * category's name in each language (an export made in Spanish names "Supermercado" what an
 * English page calls "Groceries"), folded (no accents, case or doubled spaces). The map's values
 * carry the name the user reads, for the preview.
 */
async function categoriesByName(c: C, locale: string): Promise<{ byName: CategoryIndex; count: number }> {
  const { results } = await categoryNamesStatement(c.env.DB, c.get("user").id).all<Pick<CategoryRow, "id" | "name" | "default_key">>();
  const byName = new CategoryIndex();
  for (const row of results) {
    const category = { id: row.id, name: categoryDisplayName(row.name, row.default_key, locale) };
    for (const name of categoryNames(row)) byName.set(name, foldedForMatching(name), category);
  }
  return { byName, count: results.length };
}

/**
 * Categories by name: a name as the user keeps it (any case) first, as Settings tells names apart;
 * else the same name without accents or doubled spaces ("CAFE" for "Café"). So where the user
 * has both "Café" and "cafe", each file spelling finds its own.
 */
class CategoryIndex {
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

/**
 * `tableWidth`: the header's width (none without a header: there, a debit row and a credit row
 * differ in width by their last filled cell, so no width is the table's). A row wider than it is refused, not read: an
 * unquoted "-1,234.56" in a comma file splits into "-1" and "234.56", and every cell after it
 * moves, so the mapped columns would read a wrong amount as a good one (QA, session 24: −1.00
 * imported for −1,234.56, shown as ready).
 */
async function parseRows(c: C, account: AccountRow, data: Array<{ line: number; fields: string[] }>, query: ImportQuery, tableWidth: number): Promise<ParsedRow[]> {
  const format: DateFormat = query.dateFormat ?? "YYYY-MM-DD";
  const separator: DecimalSeparator = query.decimalSeparator ?? ".";
  const t = translatorFor(localeOf(c));
  const cell = (fields: string[], index: number | undefined) => (index === undefined ? "" : (fields[index] ?? "").trim());
  const occurrences = new Map<string, number>();
  const latestDay = latestRecordDay();
  const latestYear = latestRecordYear();
  const { byName: categories, count: categoryCount } = query.categoryColumn === undefined ? { byName: null, count: 0 } : await categoriesByName(c, localeOf(c));
  let addedCategories = 0;
  const rows: ParsedRow[] = [];
  for (const { line, fields } of data) {
    const errors: Record<string, string[]> = {};
    const width = filledWidth(fields);
    if (width > tableWidth) errors.row = [t("api.importRowTooWide", { cells: width, columns: tableWidth })];
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
    if (query.amountColumn !== undefined) {
      const text = cell(fields, query.amountColumn);
      blank = !text;
      amount = blank ? null : read(text);
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
    if (amount === null) errors.amount = [blank ? t("api.importAmountMissing") : refusal];
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
    rows.push({ line, date, description, amount, payee, notes, category, status: status ?? "posted", bankId, errors: valid ? null : errors, fingerprint: null, decomposed, duplicate: false });
  }
  const identifying = identifyingBankIds(rows);
  for (const row of rows) {
    if (row.errors) continue;
    // The reference with the day and amount it named: banks reuse operation numbers over time, so
    // a reference alone would make next month's salary a "duplicate" of this month's purchase.
    if (row.bankId && identifying.has(row.bankId)) row.fingerprint = bankIdFingerprint(row.bankId, row.date!, row.amount!); // a valid row has both
    else {
      const fingerprint = async (description: string) => {
        const base = contentOf(row.date!, row.amount!, description);
        const n = (occurrences.get(base) ?? 0) + 1;
        occurrences.set(base, n);
        return `h:${(await sha256Hex(`${base}|${n}`)).slice(0, 32)}`;
      };
      row.fingerprint = await fingerprint(row.description);
      if (row.decomposed) row.decomposedFingerprint = await fingerprint(row.description.normalize("NFD"));
    }
    row.content = await contentHash(row.date!, row.amount!, row.description);
  }
  // Duplicates: earlier in the file, or already in the account, by fingerprint; or a row whose
  // reference is the id of a transaction of this account (this app's own export, imported again).
  const seen = new Set<string>();
  const fingerprints = rows.flatMap((row) => (row.fingerprint ? [row.fingerprint, ...(row.decomposedFingerprint ? [row.decomposedFingerprint] : [])] : []));
  const ownIds = rows.filter((row) => row.fingerprint && row.bankId && ID_PATTERN.test(row.bankId)).map((row) => row.bankId!);
  // Every lookup in one D1 batch: one round trip for a file of any size, not one per 5,000 rows.
  const legacyBankIds = [...new Set(rows.filter((row) => row.fingerprint?.startsWith("id:")).map((row) => `id:${row.bankId}`))];
  const byFingerprint = chunksOf(fingerprints, LOOKUP_CHUNK).map((part) => c.env.DB.prepare(FINGERPRINTS_SQL).bind(account.id, JSON.stringify(part)));
  const byLegacyBankId = chunksOf(legacyBankIds, LOOKUP_CHUNK).map((part) => c.env.DB.prepare(LEGACY_BANK_IDS_SQL).bind(account.id, JSON.stringify(part)));
  const byOwnId = chunksOf(ownIds, LOOKUP_CHUNK).map((part) => c.env.DB.prepare(OWN_IDS_SQL).bind(account.id, JSON.stringify(part)));
  const dayAndAmounts = [...new Map(rows.filter((row) => row.fingerprint).map((row) => [`${row.date}|${row.amount}`, [row.date, row.amount]])).values()];
  const contents = [...new Set(rows.flatMap((row) => (row.fingerprint && row.content ? [row.content] : [])))];
  const byContent = [
    ...chunksOf(contents, LOOKUP_CHUNK).map((part) => c.env.DB.prepare(SAME_CONTENT_SQL).bind(account.id, JSON.stringify(part))),
    ...chunksOf(dayAndAmounts, LOOKUP_CHUNK).map((part) => c.env.DB.prepare(SAME_DAY_AND_AMOUNT_SQL).bind(account.id, JSON.stringify(part))),
  ];
  const lookups = [...byFingerprint, ...byLegacyBankId, ...byOwnId];
  const answers = lookups.length || byContent.length ? await c.env.DB.batch<Record<string, unknown>>([...lookups, ...byContent]) : [];
  const values = (from: number, count: number) => answers.slice(from, from + count).flatMap((answer) => answer.results.map((row) => String(row.v)));
  const existing = new Set([...values(0, byFingerprint.length), ...values(byFingerprint.length, byLegacyBankId.length)]);
  const existingIds = new Set(values(byFingerprint.length + byLegacyBankId.length, byOwnId.length));
  // The stored rows a file row is a duplicate of, by the fingerprint it matched or the id: each
  // answers for that one row only, in the second pass below.
  const matched = new Set<string>();
  for (const row of rows) {
    if (!row.fingerprint) continue;
    const hit = existing.has(row.fingerprint) ? row.fingerprint : row.decomposedFingerprint && existing.has(row.decomposedFingerprint) ? row.decomposedFingerprint : null;
    const ownId = row.bankId && existingIds.has(row.bankId) ? row.bankId : null;
    if (hit || ownId || seen.has(row.fingerprint)) row.duplicate = true;
    if (hit) matched.add(hit);
    if (ownId) matched.add(ownId);
    seen.add(row.fingerprint);
  }
  const stored = answers.slice(lookups.length).flatMap((answer) => answer.results as unknown as StoredImportedRow[]);
  // What each was when imported (kept through edits, QA session 25), or for a row imported before
  // that was kept, what it is now.
  const contentKeys = await Promise.all(stored.map((row) => row.content ?? contentHash(row.date, row.amount, row.description)));
  markCrossKindDuplicates(rows, stored, contentKeys, matched);
  return rows;
}

/** An imported row of the account, as SAME_CONTENT_SQL and SAME_DAY_AND_AMOUNT_SQL read it. */
interface StoredImportedRow {
  id: string;
  date: string;
  amount: number;
  description: string;
  fingerprint: string;
  /** Null for rows imported before migration 0017. */
  content: string | null;
}

/**
 * What a row is without its reference: its day, amount and description, case aside. The content
 * fingerprint hashes it as the file writes the description (stored fingerprints depend on that);
 * rows of the account and of the file are compared with both descriptions composed (`sameContent`).
 */
const contentOf = (date: string, amount: number, description: string) => `${date}|${amount}|${description.toLowerCase()}`;
const sameContent = (date: string, amount: number, description: string) => contentOf(date, amount, description.normalize("NFC"));
/** `sameContent` as kept with an imported row (`import_content`) and compared. */
const contentHash = async (date: string, amount: number, description: string) => `c:${(await sha256Hex(sameContent(date, amount, description))).slice(0, 32)}`;

/** A reference as compared across files: a number's leading zeros, which a spreadsheet drops, left out ("00123401" is "123401"). */
const sameReference = (reference: string) => {
  const trimmed = reference.trim();
  return /^\d+$/.test(trimmed) ? trimmed.replace(/^0+(?=\d)/, "") : trimmed;
};
/** The reference a stored `id:` fingerprint holds (`id:<reference>|<day>|<amount>`, or `id:<reference>` before session 21). */
const referenceOf = (fingerprint: string) => /^id:([\s\S]*)\|\d{4}-\d{2}-\d{2}\|-?\d+$/.exec(fingerprint)?.[1] ?? fingerprint.slice(3);

/**
 * A row is fingerprinted either by its bank reference (with its day and amount) or, without one, by
 * its content (day, amount, description, and which of the file's identical rows it is). A
 * statement imported once with its reference column mapped and once without (or the other way
 * round) therefore matched nothing the first pass can see, and was imported twice (QA, session 24).
 *
 * This pass compares across the two kinds, one for one: a row of the file still new, read by its
 * reference, is the duplicate of a stored row of the same content read by its content that no other
 * row of the file matched, and the other way round. A stored row answers for one file row at most,
 * so a file that has one more identical coffee than the account keeps the extra one (the fix
 * reverted in session 24 let one stored row answer for two). Two references are never compared by
 * content: two identical coffees under two references are two movements, as they always were.
 */
function markCrossKindDuplicates(rows: ParsedRow[], stored: StoredImportedRow[], contentKeys: readonly string[], matched: ReadonlySet<string>): void {
  /** Per content: the unmatched stored rows read by their content, and the references of those read by one. */
  const unmatched = new Map<string, { byContent: number; references: string[] }>();
  stored.forEach((row, i) => {
    const byReference = row.fingerprint.startsWith("id:");
    // Matched in the first pass as it is stored, or (stored before a reference's fingerprint held
    // its day and amount) in the form it is read in, from the row's day and amount. Both are
    // asked: an edit changes the day or amount and never the fingerprint, so which form a stored
    // fingerprint is cannot be told from the row (review: an edited row was read in the wrong
    // form, missed as matched, and answered for a second row of the file).
    const matchedAs = [row.fingerprint, row.id, ...(byReference ? [bankIdFingerprint(row.fingerprint.slice(3), row.date, row.amount)] : [])];
    if (matchedAs.some((value) => matched.has(value))) return;
    const left = unmatched.get(contentKeys[i]!) ?? { byContent: 0, references: [] };
    if (byReference) left.references.push(sameReference(referenceOf(row.fingerprint)));
    else left.byContent++;
    unmatched.set(contentKeys[i]!, left);
  });
  if (!unmatched.size) return;
  for (const row of rows) {
    if (!row.fingerprint || row.duplicate) continue;
    const left = unmatched.get(row.content!); // a fingerprinted row is valid, and has its content
    if (!left) continue;
    if (row.fingerprint.startsWith("id:")) {
      // The same reference spelled otherwise (its leading zeros dropped by a spreadsheet, QA session
      // 25) is the same movement; then a row stored without a reference. Another reference is another movement.
      const same = left.references.indexOf(sameReference(row.bankId!));
      if (same >= 0) left.references.splice(same, 1);
      else if (left.byContent > 0) left.byContent--;
      else continue;
    } else if (left.references.length) left.references.pop();
    else continue;
    row.duplicate = true;
  }
}

/** LEGACY_BANK_IDS_SQL makes this form in SQL from rows stored before it: keep the two alike. */
function bankIdFingerprint(bankId: string, date: string, amountMinor: number): string {
  return `id:${bankId}|${date}|${amountMinor}`;
}

/**
 * The references of a file that identify one movement each. A bank's own id makes two identical
 * coffees on one day two rows, so it is trusted over the row's content, but only where it is an
 * id: a placeholder ("-", "000000", "N/A") has no digit other than zero, and a value that the file
 * gives to rows of different dates, amounts or descriptions names no one movement. Rows with such
 * a reference are told apart by their content, like rows without one.
 */
function identifyingBankIds(rows: ParsedRow[]): Set<string> {
  const contents = new Map<string, string | null>();
  for (const row of rows) {
    if (row.errors || !row.bankId) continue;
    const content = contentOf(row.date!, row.amount!, row.description); // a row without errors has both
    const before = contents.get(row.bankId);
    contents.set(row.bankId, before === undefined || before === content ? content : null);
  }
  const ids = new Set<string>();
  for (const [id, content] of contents) if (content !== null && /[1-9]/.test(id)) ids.add(id);
  return ids;
}

/** A currency sign or code, or a bank's debit/credit mark: letters, currency symbols, "/" and a final point ("S/.", "US$", "PEN", "DB"). */
const MARK = String.raw`[\p{L}\p{Sc}/]+\.?`;
/**
 * An amount as bank files write it: a sign, a mark before the number, the number (its own sign or
 * parentheses, digits, separators), a mark after it, a minus after it ("1234.56-", as some banks'
 * statements do).
 */
const IMPORTED_AMOUNT = new RegExp(String.raw`^([-−+]?)\s*(${MARK})?\s*([-−+(]?\s*[\d.,\s]*\d\s*\)?)\s*(${MARK})?\s*([-−]?)$`, "u");
/** Marks after an amount that say which way it went. */
const DEBIT_MARKS = new Set(["DB", "DR"]);
const CREDIT_MARKS = new Set(["CR"]);

const currencyMarksCache = new Map<string, ReadonlySet<string>>();
/**
 * How a file may name the account's currency, as marks compare: its code; the sign Tesoro prints
 * (`PERUVIAN_SYMBOLS`: "S/" and "US$", which a runtime's locale data may lack); and English's and
 * Peruvian Spanish's symbol and narrow symbol ("$", "€"). Worked out once per currency.
 */
function currencyMarks(currency: string): ReadonlySet<string> {
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
const markKey = (mark: string) => mark.toUpperCase().replace(/\.$/, "");

/** How Peruvian bank files write the two currencies' names in a currency column. */
const CURRENCY_WORDS: Readonly<Record<string, readonly string[]>> = {
  PEN: ["SOL", "SOLES", "NUEVOS SOLES", "MN", "M.N."],
  USD: ["DOLAR", "DOLARES", "DOLLAR", "DOLLARS", "US DOLLARS", "ME", "M.E."],
};
const currencyNamesCache = new Map<string, ReadonlySet<string>>();
/** A currency column's cell as compared: upper case, without accents, spaces made one. */
const nameKey = (text: string) => markKey(foldedForMatching(text));

/**
 * Whether a currency column's cell names the account's currency: its code or sign (as an
 * amount's mark), its name in English or Spanish ("Peruvian Sol", "sol peruano"), or the words
 * banks here use ("Soles", "Dólares", "MN"/"ME": moneda nacional/extranjera).
 */
function namesCurrency(text: string, currency: string): boolean {
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
function checkImportedAmount(text: string, currency: string, separator: DecimalSeparator): AmountCheck | { ok: false; key: "api.importAmountCurrency"; digits: number } {
  const refused = (key: "ledger.errors.importAmount" | "api.importAmountCurrency") => ({ ok: false, key, digits: currencyDigits(currency) }) as const;
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
  // The number's own sign is checkAmount's; at most one other may turn it into money out.
  const checked = checkAmount(number, currency, { chosenSeparator: separator, formatKey: "ledger.errors.importAmount" });
  const negate = lead === "-" || lead === "−" || trailing !== "" || debit;
  return checked.ok && negate && checked.minor ? { ok: true, minor: -checked.minor } : checked;
}

function counts(rows: ParsedRow[]) {
  const invalid = rows.filter((row) => row.errors).length;
  const duplicates = rows.filter((row) => row.duplicate).length;
  return { total: rows.length, valid: rows.length - invalid - duplicates, invalid, duplicates };
}

const importRow = z.object({
  line: z.number().int(),
  date: z.string().nullable(),
  description: z.string(),
  amount: z.string().nullable().openapi({ description: "In the account's currency; null when it cannot be read, or when the row names another currency." }),
  amountMinor: z.number().int().nullable(),
  payee: z.string().nullable(),
  category: z.string().nullable().openapi({ description: "The name of the category the row's category column names (mapped), as the user reads it." }),
  newCategory: z.boolean().openapi({ description: "The category is not the user's yet: the import adds it (at most 50 a file)." }),
  status: z.enum(TRANSACTION_STATUSES),
  duplicate: z.boolean(),
  errors: z.record(z.string(), z.array(z.string())).nullable(),
});
const countsOut = z.object({ total: z.number().int(), valid: z.number().int(), invalid: z.number().int(), duplicates: z.number().int() });
const csvBody = { body: { required: true, content: { "text/csv": { schema: z.string().openapi({ example: "date,description,amount\n2026-11-20,Wong,-85.40\n" }) } } } };
const params = z.object({ accountId: z.string().openapi({ param: { name: "accountId", in: "path" } }) });
const errors = {
  401: problemResponse("No session"),
  404: problemResponse("Not found (or not yours)"),
  409: problemResponse("Same Idempotency-Key still in progress, or (import) the account was archived or changed currency while the file was read: nothing was imported"),
  413: problemResponse("File over 5 MB"),
  422: problemResponse("Bad mapping or unreadable file"),
};

async function accountOf(c: C): Promise<AccountRow | Response> {
  const { accountId } = c.req.valid("param" as never) as { accountId: string };
  if (!ID_PATTERN.test(accountId)) return problem(c, 404, "not-found");
  return (await findAccount(c.env.DB, c.get("user").id, accountId)) ?? problem(c, 404, "not-found");
}

importRoutes.openapi(
  createRoute({
    method: "post",
    path: "/accounts/{accountId}/import/preview",
    summary: "Read a CSV file: columns, a guessed mapping and, with a mapping, the parsed rows",
    security: bearer,
    middleware: [requireSession] as const,
    request: { params, query: importQuerySchema, ...csvBody },
    responses: {
      200: {
        description: "Preview",
        ...json(
          z.object({
            columns: z.array(z.string()),
            sample: z.array(z.array(z.string())),
            guess: z.record(z.string(), z.union([z.number(), z.string()])),
            rows: z.array(importRow),
            counts: countsOut,
            tableLine: z.number().nullable().openapi({ description: "The line the table starts on when lines above it (a bank's, about the account) were left out; null when it starts the file" }),
            belowTable: z
              .object({ line: z.number(), text: z.string() })
              .nullable()
              .openapi({ description: "The first line below the table (a bank's closing balance or totals: the last lines with no date), left out with those after it, and its first filled cell; null when the table ends the file" }),
          }),
        ),
      },
      ...errors,
    },
  }),
  async (c) => {
    const account = await accountOf(c);
    if (account instanceof Response) return account;
    const query = c.req.valid("query");
    const file = await readFile(c, query, false);
    if (file.response) return file.response;
    const sample = file.data.slice(0, 10).map((row) => row.fields);
    const guess = guessMapping(file.columns, sample, file.delimiter, account.currency) as Record<string, number | string>;
    if (!hasMapping(query)) return c.json({ columns: file.columns, sample, guess, rows: [], counts: { total: 0, valid: 0, invalid: 0, duplicates: 0 }, tableLine: file.tableLine, belowTable: file.belowTable }, 200);
    const rows = await parseRows(c, account, file.data, query, file.tableWidth);
    return c.json(
      {
        columns: file.columns,
        sample,
        guess,
        tableLine: file.tableLine,
        belowTable: file.belowTable,
        rows: rows.slice(0, 50).map((row) => ({
          line: row.line,
          date: row.date,
          description: row.description,
          amount: row.amount === null ? null : toDecimalString(row.amount, account.currency),
          amountMinor: row.amount,
          payee: row.payee,
          category: row.category?.name ?? null,
          newCategory: Boolean(row.category?.created),
          status: row.status,
          duplicate: row.duplicate,
          errors: row.errors,
        })),
        counts: counts(rows),
      },
      200,
    );
  },
);

const INSERT_CHUNK = 500;

importRoutes.openapi(
  createRoute({
    method: "post",
    path: "/accounts/{accountId}/import",
    summary: "Import a CSV file: valid new rows are added in one atomic batch; duplicates and bad rows are skipped and counted",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params, query: importQuerySchema, ...csvBody },
    responses: {
      201: {
        description: "Imported",
        ...json(
          z.object({
            imported: z.number().int(),
            duplicates: z.number().int(),
            invalid: z.number().int(),
            errors: z.array(z.object({ line: z.number().int(), errors: z.record(z.string(), z.array(z.string())) })),
            account: accountOut,
            importId: z.string().nullable().openapi({ description: "The import's record, to undo it with DELETE /accounts/{accountId}/imports/{importId}; null when no row was added" }),
          }),
        ),
      },
      ...errors,
    },
  }),
  async (c) => {
    const account = await accountOf(c);
    if (account instanceof Response) return account;
    if (account.archived) return validationProblem(c, { accountId: ["api.accountArchived"] });
    const query = c.req.valid("query");
    const file = await readFile(c, query, true);
    if (file.response) return file.response;
    const rows = await parseRows(c, account, file.data, query, file.tableWidth);
    const fresh = rows.filter((row) => !row.errors && !row.duplicate);
    const userId = c.get("user").id;
    const now = Date.now();
    const db = c.env.DB;
    // One statement per chunk, each row a JSON array bound as one parameter; the account guard
    // holds every chunk to the account as read.
    const insert = db.prepare(
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
    const importId = uuid7(now);
    const transactions = chunksOf(fresh, INSERT_CHUNK).map((chunk) =>
      insert.bind(account.id, userId, now, JSON.stringify(chunk.map((row) => [uuid7(now), row.date, row.description, row.amount, row.payee, row.notes, row.fingerprint, row.status, row.category?.id ?? null, row.category?.created ? row.category.name : null, row.content])), account.currency, importId),
    );
    // The import's record, so it can be undone as a whole (ADR 038): none when no row is new.
    const record = fresh.length ? importRecordStatements(db, { id: importId, accountId: account.id, userId, fileName: query.fileName ?? null, now, currency: account.currency }) : null;
    // The categories the imported rows name that the user did not have, in the same batch (and
    // under the same account guard): an import refused as a whole adds none.
    const added = [...new Map(fresh.filter((row) => row.category?.created).map((row) => [row.category!.id, row.category!])).values()];
    const categories = added.length
      ? [
          db
            .prepare(
              `INSERT INTO categories (id, user_id, name, kind, color, created_at)
               SELECT json_extract(value, '$[0]'), ?2, json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), ?4
               FROM json_each(?5) WHERE ${accountAsRead(1, 2, 3)}
               ON CONFLICT DO NOTHING`,
            )
            .bind(account.id, userId, account.currency, now, JSON.stringify(added.map((category) => [category.id, category.name, category.created!.kind, category.created!.color]))),
        ]
      : [];
    const statements = [...categories, ...(record ? [record.before] : []), ...transactions, ...(record?.after ?? [])];
    // With the account as it is after the import.
    const ran = await writeThenRead(c, statements, [accountStatement(db, userId, account.id)], "file");
    if ("failed" in ran) return ran.failed;
    const updated = firstRow<AccountRow>(ran.read[0]);
    if (!updated) return problem(c, 404, "not-found");
    // Archived or moved to another currency since the rows were read: the guard let nothing in.
    if (updated.archived || updated.currency !== account.currency) return translatedProblem(c, 409, "conflict", "api.accountChangedWhileSaving");
    // RETURNING counts only the rows this import added (D1's meta.changes counts trigger writes too).
    const firstInsert = categories.length + (record ? 1 : 0);
    const imported = ran.written.slice(firstInsert, firstInsert + transactions.length).reduce((sum, result) => sum + (result.results?.length ?? 0), 0);
    const duplicates = rows.filter((row) => row.duplicate).length + (fresh.length - imported);
    const invalidRows = rows.filter((row) => row.errors);
    return c.json(
      {
        imported,
        duplicates,
        invalid: invalidRows.length,
        errors: invalidRows.slice(0, 100).map((row) => ({ line: row.line, errors: row.errors! })),
        account: toAccount(updated),
        importId: imported ? importId : null,
      },
      201,
    );
  },
);
