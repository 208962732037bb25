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
import { translatorFor } from "../../../../core/i18n/translator";
import { decodeCsv } from "../../../../core/csv-text";
import { ID_PATTERN } from "../../../../core/ids";
import { foldedForMatching } from "../../../../core/plain-text";
import { toDecimalString } from "../../../../core/money";
import { IMPORT_COLUMNS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, importQuerySchema, type ImportQuery, TRANSACTION_STATUSES } from "../../../../core/schemas/ledger";
import { createRouter } from "../platform/router";
import type { ApiBindings } from "../platform/types";
import { idempotent } from "../platform/idempotency";
import { bearer, json, problemResponse } from "../platform/openapi";
import { localeOf, problem, translatedProblem, validationProblem } from "../platform/problem";
import { requireSession, deferSession, sessionBatch } from "../sessions/middleware";
import { detectDelimiter, filledWidth, guessMapping, LEAD_ROWS_ALLOWED, parseCsv, tableEnd, tableStart } from "./csv";
import { accountOut, categoryDisplayName, categoryNames, toAccount, type AccountRow, type CategoryRow } from "../ledger/model";
import { categoryNamesStatement } from "../categories/store";
import { firstRow, writeThenRead } from "../platform/batch";
import { importRecordStatements, importRecordsStatement, insertImportedCategories, insertImportedRows, undoStatements } from "./store";
import { accountStatement, findAccount } from "../accounts/store";
import { uuid7 } from "../platform/uuid7";
import { chunksOf, findDuplicates } from "./dedupe";
import { CategoryIndex, counts, hasMapping, readRows, type ParsedRow } from "./parse";
import { IMPORTS_LISTED, importRecordOut, toImportRecord, type ImportRecordRow } from "./records";

export const importRoutes = createRouter();

type C = Context<ApiBindings>;

/** Paths app.ts gives the larger body limit. */
export const IMPORT_PATH = /\/accounts\/[^/]+\/import(?:\/preview)?$/;

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
async function parseRows(c: C, account: AccountRow, data: Array<{ line: number; fields: string[] }>, query: ImportQuery, tableWidth: number): Promise<ParsedRow[]> {
  const known = query.categoryColumn === undefined ? null : await categoriesByName(c, localeOf(c));
  const rows = readRows(account, data, query, tableWidth, translatorFor(localeOf(c)), known);
  return findDuplicates(c.env.DB, account.id, rows);
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
    const insert = insertImportedRows(db);
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
          insertImportedCategories(db, account, userId, now, added.map((category) => [category.id, category.name, category.created!.kind, category.created!.color])),
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

// ───────────────────────────── Import records (ADR 038) ─────────────────────────────

const recordParams = z.object({
  accountId: z.string().openapi({ param: { name: "accountId", in: "path" }, example: "0195a3c2-7b1e-7c40-9a51-3f0e2d1c4b5a" }),
});

const undoParams = recordParams.extend({
  importId: z.string().openapi({ param: { name: "importId", in: "path" }, example: "0195a3c2-7b1e-7c40-9a51-3f0e2d1c4b5b" }),
});

const notFound = (c: C) => problem(c, 404, "not-found");

importRoutes.openapi(
  createRoute({
    method: "get",
    path: "/accounts/{accountId}/imports",
    summary: `The account's latest CSV imports (at most ${IMPORTS_LISTED}) that still have rows in it, newest first`,
    security: bearer,
    middleware: [deferSession] as const,
    request: { params: recordParams },
    responses: {
      200: { description: "Imports", ...json(z.object({ imports: z.array(importRecordOut) })) },
      401: problemResponse("No session"),
      404: problemResponse("Not found (or not yours)"),
    },
  }),
  async (c) => {
    const { accountId } = c.req.valid("param");
    if (!ID_PATTERN.test(accountId)) return notFound(c);
    const db = c.env.DB;
    const auth = await sessionBatch(c, (userId) => [accountStatement(db, userId, accountId), importRecordsStatement(db, userId, accountId)]);
    if ("response" in auth) return auth.response;
    if (!firstRow(auth.results[0])) return notFound(c);
    return c.json({ imports: (auth.results[1]?.results ?? []).map((row) => toImportRecord(row as unknown as ImportRecordRow)) }, 200);
  },
);

importRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/accounts/{accountId}/imports/{importId}",
    summary: "Undo a CSV import: delete the rows it added that are still in the account, in one statement",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: undoParams },
    responses: {
      200: {
        description: "Undone",
        ...json(z.object({ importId: z.string(), deleted: z.number().int().openapi({ description: "Rows removed" }), account: accountOut })),
      },
      401: problemResponse("No session"),
      404: problemResponse("Not found (or not yours), or undone already"),
      409: problemResponse("The account is archived, or the same Idempotency-Key still in progress"),
      422: problemResponse("Idempotency-Key reused with another request"),
    },
  }),
  async (c) => {
    const { accountId, importId } = c.req.valid("param");
    if (!ID_PATTERN.test(accountId) || !ID_PATTERN.test(importId)) return notFound(c);
    const userId = c.get("user").id;
    const db = c.env.DB;
    const now = Date.now();
    const undo = undoStatements(db, importId, accountId, userId, now);
    // One round trip: the undo, the account as it is after it, and the record as the batch left it.
    const [marked, deleted, read, record] = await db.batch([
      undo.mark,
      undo.delete,
      accountStatement(db, userId, accountId),
      undo.record,
    ]);
    const account = firstRow<AccountRow>(read);
    if (marked?.results.length && account) return c.json({ importId, deleted: deleted?.results.length ?? 0, account: toAccount(account) }, 200);
    // Not the user's, unknown, or undone already: a 404. Still waiting for its undo: the account
    // is archived, which closes its rows to changes (a 409 that says so).
    const waiting = firstRow<{ undone_at: number | null }>(record)?.undone_at === null;
    return account && waiting ? translatedProblem(c, 409, "conflict", "api.accountArchivedChange") : notFound(c);
  },
);
