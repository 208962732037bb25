/**
 * What both ways into the import share (a file in the request, routes.ts; a draft kept in R2,
 * drafts.ts): reading a file against a mapping, the preview's answer and the import's one batch.
 * Duplicates (same fingerprint already in the account, or earlier in the file; or, across a
 * reference and content, the same movement: `markCrossKindDuplicates`) are skipped and counted;
 * rows with errors are skipped and reported with their line numbers.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { formatCount } from "../../../../core/i18n/translate";
import { translatorFor } from "../../../../core/i18n/translator";
import { decodeCsv } from "../../../../core/csv-text";
import { ID_PATTERN } from "../../../../core/ids";
import { foldedForMatching } from "../../../../core/plain-text";
import { toDecimalString } from "../../../../core/money";
import { IMPORT_COLUMNS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, type ImportQuery, TRANSACTION_STATUSES } from "../../../../core/schemas/ledger";
import type { ApiBindings } from "../platform/types";
import { problemResponse } from "../platform/openapi";
import { localeOf, problem, translatedProblem, validationProblem } from "../platform/problem";
import { detectDelimiter, filledWidth, LEAD_ROWS_ALLOWED, parseCsv, tableEnd, tableStart } from "./csv";
import { readingOf, readingOut } from "./explain";
import { accountOut, categoryDisplayName, categoryNames, toAccount, type AccountRow, type CategoryRow } from "../ledger/model";
import { categoryNamesStatement } from "../categories/store";
import { firstRow, writeThenRead } from "../platform/batch";
import { importRecordStatements, insertImportedCategories, insertImportedRows } from "./store";
import { accountStatement, findAccount } from "../accounts/store";
import { uuid7 } from "../platform/uuid7";
import { chunksOf, findDuplicates } from "./dedupe";
import { amountMappingError, CategoryIndex, counts, hasMapping, readRows, type ParsedRow } from "./parse";

type C = Context<ApiBindings>;

/** Reads the file (its bytes, in any encoding decodeCsv reads) and the mapping; an answer to give instead when they are not usable. */
export async function readFile(c: C, bytes: ArrayBuffer, query: ImportQuery, requireMapping: boolean) {
  const text = decodeCsv(bytes);
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
    // None, or more than one way to read the amount (one would be left unread without a word: the user picks).
    const amountError = amountMappingError(query);
    if (amountError) errors.amountColumn = [amountError];
  }
  for (const param of IMPORT_COLUMNS) {
    const index = query[param];
    if (index !== undefined && index >= Math.max(columns.length, width)) errors[param] = ["ledger.errors.column"];
  }
  if (Object.keys(errors).length) return { response: validationProblem(c, errors) };
  return { columns, data, delimiter, tableLine: start > 0 ? rows[0]!.line : null, belowTable, tableWidth: header ? filledWidth(rows[0]!.fields) : Infinity };
}

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

/** The rows of a file as an import reads them: parsed against the account and mapping, then checked for duplicates. */
export async function parseRows(c: C, account: AccountRow, data: Array<{ line: number; fields: string[] }>, query: ImportQuery, tableWidth: number): Promise<ParsedRow[]> {
  const known = query.categoryColumn === undefined ? null : await categoriesByName(c, localeOf(c));
  const rows = readRows(account, data, query, tableWidth, translatorFor(localeOf(c)), known);
  return findDuplicates(c.env.DB, account.id, rows);
}

export const importRow = z.object({
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

export const countsOut = z.object({ total: z.number().int(), valid: z.number().int(), invalid: z.number().int(), duplicates: z.number().int() });


/** The preview's answer: the columns, a sample and a guessed mapping; with a mapping, the rows as the import would read them. */
export const previewOut = z.object({
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
  reading: readingOut,
});

/** The import's answer. */
export const importedOut = z.object({
  imported: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), errors: z.record(z.string(), z.array(z.string())) })),
  account: accountOut,
  importId: z.string().nullable().openapi({ description: "The import's record, to undo it with DELETE /accounts/{accountId}/imports/{importId}; null when no row was added" }),
});

export const importErrors = {
  401: problemResponse("No session"),
  404: problemResponse("Not found (or not yours)"),
  409: problemResponse("Same Idempotency-Key still in progress, or (import) the account was archived or changed currency while the file was read: nothing was imported"),
  413: problemResponse("File over 5 MB"),
  422: problemResponse("Bad mapping or unreadable file"),
};

/** The caller's account of the path, or the 404 to answer (malformed, unknown and another user's alike). */
export async function accountOf(c: C, accountId: string): Promise<AccountRow | Response> {
  if (!ID_PATTERN.test(accountId)) return problem(c, 404, "not-found");
  return (await findAccount(c.env.DB, c.get("user").id, accountId)) ?? problem(c, 404, "not-found");
}

type ReadFile = Exclude<Awaited<ReturnType<typeof readFile>>, { response: Response }>;

/** The preview of a file read: with a mapping, its first 50 rows as the import would read them. */
export async function previewOf(c: C, account: AccountRow, file: ReadFile, query: ImportQuery): Promise<z.infer<typeof previewOut>> {
  const sample = file.data.slice(0, 10).map((row) => row.fields);
  const { guess, reading } = readingOf(file, account, query, translatorFor(localeOf(c)));
  const bare = { columns: file.columns, sample, guess, tableLine: file.tableLine, belowTable: file.belowTable, reading };
  if (!hasMapping(query)) return { ...bare, rows: [], counts: { total: 0, valid: 0, invalid: 0, duplicates: 0 } };
  const rows = await parseRows(c, account, file.data, query, file.tableWidth);
  return {
    ...bare,
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
  };
}

const INSERT_CHUNK = 500;

/**
 * Imports a file read: valid new rows in one atomic batch with the import's record and the
 * categories it adds; `alsoWrite` joins that batch (the draft's deletion: gone with the import,
 * or kept when nothing was written).
 */
export async function commitFile(c: C, account: AccountRow, file: ReadFile, query: ImportQuery, fileName: string | null, alsoWrite: D1PreparedStatement[] = []): Promise<Response> {
  const rows = await parseRows(c, account, file.data, query, file.tableWidth);
  const fresh = rows.filter((row) => !row.errors && !row.duplicate);
  const userId = c.get("user").id;
  const now = Date.now();
  const db = c.env.DB;
  // One statement per chunk, each row a JSON array bound as one parameter; the account guard
  // holds every chunk to the account as read.
  const insert = insertImportedRows(db);
  const importId = uuid7(now);
  const transactions = chunksOf(fresh, INSERT_CHUNK).map((chunk) =>
    insert.bind(account.id, userId, now, JSON.stringify(chunk.map((row) => [uuid7(now), row.date, row.description, row.amount, row.payee, row.notes, row.fingerprint, row.status, row.category?.id ?? null, row.category?.created ? row.category.name : null, row.content])), account.currency, importId),
  );
  // The import's record, so it can be undone as a whole (ADR 038): none when no row is new.
  const record = fresh.length ? importRecordStatements(db, { id: importId, accountId: account.id, userId, fileName, now, currency: account.currency }) : null;
  // The categories the imported rows name that the user did not have, in the same batch (and
  // under the same account guard): an import refused as a whole adds none.
  const added = [...new Map(fresh.filter((row) => row.category?.created).map((row) => [row.category!.id, row.category!])).values()];
  const categories = added.length
    ? [
        insertImportedCategories(db, account, userId, now, added.map((category) => [category.id, category.name, category.created!.kind, category.created!.color])),
      ]
    : [];
  const statements = [...categories, ...(record ? [record.before] : []), ...transactions, ...(record?.after ?? []), ...alsoWrite];
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
}
