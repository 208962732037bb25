/**
 * What both ways into the import share (a file in the request, routes.ts; a draft kept in R2,
 * drafts.ts): reading a file against a mapping, the preview's answer and the import's one batch.
 * Duplicates (same fingerprint already in the account, or earlier in the file; or, across a
 * reference and content, the same movement: `markCrossKindDuplicates`) are skipped and counted;
 * rows with errors are skipped and reported with their line numbers. Rows that are movements already
 * in the account are linked, not added (match.ts), and a file whose lines above its table name
 * another currency or account is refused unless overridden (file-checks.ts; ADR 049).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { formatCount } from "../../../../core/i18n/translate";
import { translatorFor } from "../../../../core/i18n/translator";
import { decodeCsv } from "../../../../core/csv-text";
import { FILE_KIND_HEAD_BYTES, notCsvKind, type NotCsvKind } from "./file-kind";
import { foldedForMatching } from "../../../../core/plain-text";
import { toDecimalString } from "../../../../core/money";
import { IMPORT_COLUMNS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, type ImportQuery, TRANSACTION_STATUSES } from "../../../../core/schemas/ledger";
import type { ApiBindings } from "../platform/types";
import { problemResponse } from "../platform/openapi";
import { localeOf, problem, translatedProblem, validationProblem } from "../platform/problem";
import { detectDelimiter, filledCount, filledWidth, LEAD_ROWS_ALLOWED, parseCsv, tableEnd, tableStart } from "./csv";
import { readingOf, readingOut } from "./explain";
import { accountOut, categoryDisplayName, categoryNames, toAccount, type AccountRow, type CategoryRow } from "../ledger/model";
import { categoryNamesStatement } from "../categories/store";
import { firstRow, writeThenRead } from "../platform/batch";
import { importRecordStatements, insertImportedCategories, insertImportedRows, linkMatchedRows } from "./store";
import { closingBalanceOf } from "./closing-balance";
import { insertCheckpoint } from "../reconcile/store";
import { accountsStatement, accountStatement } from "../accounts/store";
import { accountOr404 } from "../ledger/http";
import { uuid7 } from "../platform/uuid7";
import { chunksOf, findDuplicatesAndMatches } from "./dedupe";
import type { RowMatch } from "./match";
import { checkFile, statedInLead } from "./file-checks";
import { decisionsOf, type Decisions, type ImportDecidedQuery } from "./decisions";
import { amountMappingError, CategoryIndex, counts, hasMapping, readRows, type ParsedRow } from "./parse";

type C = Context<ApiBindings>;

/** The message that names a file that is not a CSV and says how to make one. */
const NOT_CSV_MESSAGE: Readonly<Record<NotCsvKind, string>> = { spreadsheet: "api.fileSpreadsheet", pdf: "api.filePdf" };

/** Reads the file (its bytes, in any encoding decodeCsv reads) and the mapping; an answer to give instead when they are not usable. */
export async function readFile(c: C, bytes: ArrayBuffer, query: ImportQuery, requireMapping: boolean) {
  // A bank's Excel download or PDF statement is the usual wrong file: named, with how to make the CSV.
  const notCsv = notCsvKind(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, FILE_KIND_HEAD_BYTES)));
  if (notCsv) return { response: validationProblem(c, { file: [NOT_CSV_MESSAGE[notCsv]] }) };
  const text = decodeCsv(bytes);
  // A picture, a PDF or a spreadsheet (a zip) has NUL bytes; a CSV file never does.
  if (!text.replace(/^\ufeff/, "").trim() || text.includes("\u0000")) return { response: validationProblem(c, { file: ["ledger.errors.file"] }) };
  const delimiter = !query.delimiter || query.delimiter === "auto" ? detectDelimiter(text.replace(/^\ufeff/, "")) : query.delimiter === "tab" ? "\t" : query.delimiter;
  const header = query.header !== "false";
  const parseLimit = IMPORT_MAX_ROWS + (header ? 1 : 0) + LEAD_ROWS_ALLOWED;
  const parsed = parseCsv(text, delimiter, { rows: parseLimit, fields: IMPORT_MAX_COLUMNS });
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
  // "A header row but nothing below it" only when there is one with names (";;" alone is none).
  const noRows = header && filledCount(rows[0]!.fields) > 0 ? "api.fileNoRows" : "api.fileNoMovements";
  if (!all.length) return { response: validationProblem(c, { file: [noRows] }) };
  // A bank's lines below its table (the closing balance, the totals) are not rows either.
  const end = tableEnd(all);
  const table = all.slice(0, end);
  const below = all.slice(end).find((row) => row.fields.some((field) => field.trim()));
  const belowTable = below ? { line: below.line, text: Array.from(below.fields.find((field) => field.trim())!.trim()).slice(0, 60).join("") } : null;
  // A line of separators alone (";;;") inside the table is a spacer, as a blank line is: not a row
  // with errors (session 33 QA). Its neighbours keep their line numbers.
  const data = table.filter((row) => filledCount(row.fields) > 0);
  // A parse that stopped at its limit read only part of the file, whatever its spacers and the
  // lines around its table: refused, never imported in part.
  if (parsed.rows.length > parseLimit || data.length > IMPORT_MAX_ROWS) return { response: validationProblem(c, { file: [t("api.tooManyRows", { max: formatCount(IMPORT_MAX_ROWS) })] }) };
  if (!data.length) return { response: validationProblem(c, { file: [noRows] }) };
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
  // The lines above the table, for the file checks (a currency or an account number: file-checks.ts).
  const lead = parsed.rows.slice(0, start);
  return { columns, data, delimiter, tableLine: start > 0 ? rows[0]!.line : null, belowTable, tableWidth: header ? filledWidth(rows[0]!.fields) : Infinity, lead };
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

/**
 * The rows of a file as an import reads them: parsed against the account and mapping, checked for
 * duplicates, and matched with the account's movements (ADR 049).
 */
export async function parseRows(
  c: C,
  account: AccountRow,
  data: Array<{ line: number; fields: string[] }>,
  query: ImportQuery,
  tableWidth: number,
): Promise<{ rows: ParsedRow[]; matches: Map<number, RowMatch> }> {
  const known = query.categoryColumn === undefined ? null : await categoriesByName(c, localeOf(c));
  const rows = readRows(account, data, query, tableWidth, translatorFor(localeOf(c)), known);
  return findDuplicatesAndMatches(c.env.DB, account, rows);
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
  match: z.enum(["sure", "probable"]).nullable().openapi({ description: "The row is a movement already in the account (sure: linked at import), or may be one (probable: the user decides); null: new" }),
  errors: z.record(z.string(), z.array(z.string())).nullable(),
});

export const countsOut = z.object({
  total: z.number().int(),
  valid: z.number().int().openapi({ description: "Rows neither invalid nor duplicates: new, matched and probable together" }),
  invalid: z.number().int(),
  duplicates: z.number().int(),
});

/** What the import will do with the valid rows (ADR 049): "8 new, 3 match existing, 1 to decide". */
export const planOut = z.object({
  fresh: z.number().int().openapi({ description: "Valid rows added as new (probable rows not counted)" }),
  matched: z.number().int().openapi({ description: "Rows linked to a movement already in the account, not added" }),
  probable: z.number().int().openapi({ description: "Rows that may be a movement already in the account: linked or added as the user decides (added when undecided)" }),
});

/** A file row matched with a movement of the account, and that movement as the user reads it. */
export const matchOut = z.object({
  line: z.number().int(),
  kind: z.enum(["sure", "probable"]),
  date: z.string(),
  description: z.string(),
  amount: z.string(),
  amountMinor: z.number().int(),
  existing: z.object({
    id: z.string(),
    date: z.string(),
    description: z.string(),
    amount: z.string(),
    amountMinor: z.number().int(),
    status: z.enum(TRANSACTION_STATUSES),
    transfer: z.boolean().openapi({ description: "The movement is a leg of a transfer (it stays one)" }),
  }),
  decision: z.enum(["link", "new"]).nullable().openapi({ description: "What the query decided for the row (link, asNew); null: undecided" }),
});

/** The file check's answer (file-checks.ts). */
export const fileCheckOut = z.object({
  currency: z.string().nullable(),
  number: z.string().nullable(),
  problems: z.array(z.enum(["currency", "number"])),
  suggestions: z.array(z.object({ id: z.string(), name: z.string(), currency: z.string(), byNumber: z.boolean() })),
  overridden: z.boolean().openapi({ description: "The query said to import anyway (override=true)" }),
  reason: z.string().nullable().openapi({ description: "Why the import stops, in the caller's language; null when nothing disagrees" }),
});


/** The bank's balance a file ends with (ADR 062). */
const closingOut = z.object({ date: z.string(), balance: z.string(), balanceMinor: z.number().int() });

function closingAnswer(closing: { date: string; balance: number } | null, currency: string) {
  return closing ? { date: closing.date, balance: toDecimalString(closing.balance, currency), balanceMinor: closing.balance } : null;
}

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
  plan: planOut,
  matches: z.array(matchOut).openapi({ description: "Every row matched with a movement of the account (the first 500, probable ones first), with that movement" }),
  moreMatches: z.number().int().openapi({ description: "Matched rows past the first 500, not listed: `rest` decides the probable ones among them" }),
  rest: z.enum(["link", "new"]).nullable().openapi({ description: "The query's `rest`: what the probable rows in neither link nor asNew get" }),
  checkpoint: closingOut.nullable().openapi({ description: "With a balance column: the bank's balance at the file's last day, which the import keeps as a reconciliation checkpoint" }),
  fileCheck: fileCheckOut.nullable().openapi({ description: "What the lines above the table state (a currency, an account number) when they state one; with problems and not overridden, the import is refused" }),
});

/** The import's answer. */
export const importedOut = z.object({
  imported: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), errors: z.record(z.string(), z.array(z.string())) })),
  account: accountOut,
  importId: z.string().nullable().openapi({ description: "The import's record, to undo it with DELETE /accounts/{accountId}/imports/{importId}; null when no row was added" }),
  linked: z.number().int().openapi({ description: "Rows linked to movements already in the account (they took the bank's reference and status), not added" }),
  checkpoint: closingOut.nullable().openapi({ description: "With a balance column: the bank's balance at the file's last day, kept as a reconciliation checkpoint (source import)" }),
  changed: z
    .number()
    .int()
    .openapi({ description: "Rows matched with a movement that changed (or took another file's reference) between this import's read and its write: neither linked nor added; importing the file again matches them afresh" }),
});

export const importErrors = {
  401: problemResponse("No session"),
  404: problemResponse("Not found (or not yours)"),
  409: problemResponse("Same Idempotency-Key still in progress, or (import) the account was archived or changed currency while the file was read: nothing was imported"),
  // 422 also: the file's currency or account number disagrees with the account (field fileCheck), unless override=true.
  413: problemResponse("File over 5 MB"),
  422: problemResponse("Bad mapping or unreadable file"),
};

/** The caller's account of the path, or the 404 to answer (malformed, unknown and another user's alike). */
export async function accountOf(c: C, accountId: string): Promise<AccountRow | Response> {
  const found = await accountOr404(c, accountId);
  return found.response ?? found.account;
}

type ReadFile = Exclude<Awaited<ReturnType<typeof readFile>>, { response: Response }>;

/** The file check of a file read (null: its lines above the table state nothing this reads), with its reason in the caller's language. */
async function fileCheckOf(c: C, account: AccountRow, file: ReadFile, decisions: Decisions): Promise<z.infer<typeof fileCheckOut> | null> {
  if (!file.lead.length) return null;
  const stated = statedInLead(file.lead);
  if (!stated.currency && !stated.number) return null;
  const { results } = await accountsStatement(c.env.DB, c.get("user").id, "false").all<AccountRow>();
  const check = checkFile(file.lead, account, results);
  if (!check) return null;
  const t = translatorFor(localeOf(c));
  const reasons = check.problems.map((problem) =>
    problem === "currency" ? t("importFlow.matching.currencyDiffers", { file: check.currency, account: account.currency }) : t("importFlow.matching.numberDiffers", { number: check.number }),
  );
  return { ...check, overridden: decisions.override && check.problems.length > 0, reason: reasons.length ? reasons.join(" ") : null };
}

/** Matched rows the preview lists; `rest` decides the probable ones past them (ADR 062). */
const MATCHES_SHOWN = 500;

/** The preview of a file read: with a mapping, its first 50 rows as the import would read them, the matches and the file check. */
export async function previewOf(c: C, account: AccountRow, file: ReadFile, query: ImportDecidedQuery): Promise<z.infer<typeof previewOut>> {
  const sample = file.data.slice(0, 10).map((row) => row.fields);
  const { guess, reading } = readingOf(file, account, query, translatorFor(localeOf(c)));
  const decisions = decisionsOf(query);
  const fileCheck = await fileCheckOf(c, account, file, decisions);
  const bare = { columns: file.columns, sample, guess, tableLine: file.tableLine, belowTable: file.belowTable, reading, fileCheck };
  if (!hasMapping(query)) return { ...bare, rows: [], counts: { total: 0, valid: 0, invalid: 0, duplicates: 0 }, plan: { fresh: 0, matched: 0, probable: 0 }, matches: [], moreMatches: 0, rest: decisions.rest, checkpoint: null };
  const { rows, matches } = await parseRows(c, account, file.data, query, file.tableWidth);
  const plan = planOf(rows, matches, decisions);
  const amountOf = (minor: number) => toDecimalString(minor, account.currency);
  const listed = matchesOf(rows, matches, new Set(plan.linked), decisions, amountOf);
  return {
    ...bare,
    rows: rows.slice(0, 50).map((row) => ({
      line: row.line,
      date: row.date,
      description: row.description,
      amount: row.amount === null ? null : amountOf(row.amount),
      amountMinor: row.amount,
      payee: row.payee,
      category: row.category?.name ?? null,
      newCategory: Boolean(row.category?.created),
      status: row.status,
      duplicate: row.duplicate,
      match: matches.get(row.line)?.kind ?? null,
      errors: row.errors,
    })),
    counts: counts(rows),
    plan: { fresh: plan.fresh.length - plan.undecided, matched: plan.linked.length, probable: plan.undecided },
    matches: listed.shown,
    moreMatches: listed.more,
    checkpoint: closingAnswer(query.balanceColumn !== undefined ? closingBalanceOf(rows) : null, account.currency),
    rest: decisions.rest,
  };
}

/** The preview's matched rows: the probable ones (the user's to decide) first, then the sure ones, in file order; the first MATCHES_SHOWN, and how many more. */
function matchesOf(rows: ParsedRow[], matches: Map<number, RowMatch>, linked: ReadonlySet<ParsedRow>, decisions: Decisions, amountOf: (minor: number) => string) {
  const matched = rows.filter((row) => matches.has(row.line)).sort((a, b) => Number(matches.get(a.line)!.kind === "sure") - Number(matches.get(b.line)!.kind === "sure"));
  const shown = matched.slice(0, MATCHES_SHOWN).flatMap((row) => {
    const match = matches.get(row.line);
    if (!match) return [];
    const { existing } = match;
    const decision = linked.has(row) ? "link" : match.kind === "probable" && !decisions.asNew.has(row.line) && decisions.rest !== "new" ? null : "new";
    return [
      {
        line: row.line,
        kind: match.kind,
        date: row.date!,
        description: row.description,
        amount: amountOf(row.amount!),
        amountMinor: row.amount!,
        existing: { id: existing.id, date: existing.date, description: existing.description, amount: amountOf(existing.amount), amountMinor: existing.amount, status: existing.status, transfer: existing.transferId !== null },
        decision: decision as "link" | "new" | null,
      },
    ];
  });
  return { shown, more: matched.length - shown.length };
}

/**
 * What an import does with each valid row (ADR 049): a sure match is linked unless the user said to
 * add it (asNew); a probable one is linked when the user said so (link, or rest=link for those in
 * neither list), and added otherwise (a row added twice can be deleted; one linked wrongly would be lost). `undecided`: probable rows the
 * user has not decided (among `fresh`), counted apart in the preview.
 */
export function planOf(rows: ParsedRow[], matches: Map<number, RowMatch>, decisions: Decisions) {
  const linked: ParsedRow[] = [];
  const fresh: ParsedRow[] = [];
  let undecided = 0;
  for (const row of rows) {
    if (row.errors || row.duplicate) continue;
    const match = matches.get(row.line);
    const probableLinked = decisions.link.has(row.line) || (decisions.rest === "link" && !decisions.asNew.has(row.line));
    if (match && (match.kind === "sure" ? !decisions.asNew.has(row.line) : probableLinked)) linked.push(row);
    else {
      if (match?.kind === "probable" && !decisions.asNew.has(row.line) && decisions.rest === null) undecided++;
      fresh.push(row);
    }
  }
  return { linked, fresh, undecided };
}

const INSERT_CHUNK = 500;

/**
 * Imports a file read: valid new rows in one atomic batch with the import's record and the
 * categories it adds; `alsoWrite` joins that batch (the draft's deletion: gone with the import,
 * or kept when nothing was written).
 */
export async function commitFile(c: C, account: AccountRow, file: ReadFile, query: ImportDecidedQuery, fileName: string | null, alsoWrite: D1PreparedStatement[] = []): Promise<Response> {
  const decisions = decisionsOf(query);
  // A file whose lines say it is another account's (its currency, its number) is refused, with the reason, unless the user said to import anyway.
  const check = await fileCheckOf(c, account, file, decisions);
  if (check?.problems.length && !check.overridden) return validationProblem(c, { fileCheck: [check.reason!] });
  const { rows, matches } = await parseRows(c, account, file.data, query, file.tableWidth);
  const plan = planOf(rows, matches, decisions);
  // Undecided probable rows are added (planOf): the preview counted them apart.
  const fresh = plan.fresh;
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
  const overridden = check?.overridden ? check.problems.map((problem) => (problem === "currency" ? `currency:${check.currency}` : `number:${check.number}`)).join(" ") : null;
  const record = fresh.length ? importRecordStatements(db, { id: importId, accountId: account.id, userId, fileName, now, currency: account.currency, fileCheck: overridden }) : null;
  // The rows that are movements already in the account: linked, not added.
  const links = plan.linked.length
    ? [linkMatchedRows(db, account, userId, now, plan.linked.map((row) => [matches.get(row.line)!.existing.id, row.fingerprint, row.content ?? null, row.status, row.amount]))]
    : [];
  // The bank's balance at the file's last day, with a balance column: a checkpoint (ADR 062),
  // whatever Tesoro's balance that day (one that disagrees says so where checkpoints are listed).
  const closing = query.balanceColumn !== undefined ? closingBalanceOf(rows) : null;
  const checkpoint = closing
    ? [insertCheckpoint(db, { id: crypto.randomUUID(), accountId: account.id, userId, date: closing.date, balance: closing.balance, source: "import", now }, { unlessKept: true })]
    : [];
  // The categories the imported rows name that the user did not have, in the same batch (and
  // under the same account guard): an import refused as a whole adds none.
  const added = [...new Map(fresh.filter((row) => row.category?.created).map((row) => [row.category!.id, row.category!])).values()];
  const categories = added.length
    ? [
        insertImportedCategories(db, account, userId, now, added.map((category) => [category.id, category.name, category.created!.kind, category.created!.color])),
      ]
    : [];
  const statements = [...categories, ...(record ? [record.before] : []), ...transactions, ...links, ...(record?.after ?? []), ...checkpoint, ...alsoWrite];
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
  const linked = links.length ? (ran.written[firstInsert + transactions.length]?.results?.length ?? 0) : 0;
  // Matched at this import's read, but the movement changed (its amount, its account; deleted) or
  // took another file's reference before the write: neither linked nor added, and said so (ADR 062).
  // Importing the file again matches those rows afresh.
  const changed = plan.linked.length - linked;
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
      linked,
      changed,
      checkpoint: closingAnswer(closing, account.currency),
    },
    201,
  );
}
