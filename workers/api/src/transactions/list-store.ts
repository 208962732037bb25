/**
 * The transaction list: filters, keyset pagination, totals of the filtered set and running
 * balances, each at a cost that does not grow with the size of the account
 * (docs/decisions/010-ledger-storage.md).
 *
 * Running balance of a row = opening balance + every amount up to and including it in (date, id)
 * order. A page gets it by walking from an anchor the database holds: the account's balance
 * (newest first) or its opening balance (oldest first); a cursor is a position only. The step
 * between two rows is the sum of every amount strictly between them plus one of them: rows hidden
 * by a filter count, because filters hide rows, not money. Each step is at most two partial days
 * read from the (account_id, date, id, amount) index plus whole days from account_days, so a page
 * costs the same at a thousand rows and at a million (the first step of a later page sums one
 * row per day of the history after it, or before it).
 */
import { checkAmount, PAGE_SIZE_DEFAULT, type ListQuery } from "../../../../core/schemas/ledger";
import { currencyDigits, OFFERED_CURRENCIES, RETIRED_OR_UNIT_CURRENCIES } from "../../../../core/money";
import { TRANSACTION_COLUMNS, TRANSACTION_FROM, transactionFrom, type AccountRow, type TransactionRow } from "../ledger/model";
import { decimalUnits, MAX_SEARCH_WORDS, searchAmounts, searchWords } from "../../../../core/search-words";

export type Sort = "date" | "amount";
export type Order = "asc" | "desc";

export interface Filters {
  q?: string;
  /** The sizes a search's amount may be ("20.77", "20,77"), in the list's amount units (`AmountUnits`). */
  amounts?: number[];
  from?: string;
  to?: string;
  category?: string;
  /** Bounds on the amount's size (money in and out alike), in the list's amount units. */
  min?: number;
  max?: number;
  /** Bounds on the signed amount: a bound written with a minus sign ("-100"), as before ADR 054. */
  signedMin?: number;
  signedMax?: number;
  direction?: "in" | "out";
  status?: "pending" | "posted";
  /** The register only: one of the user's accounts. */
  accountId?: string;
}

export type FilterIssue = { field: "min" | "max"; key: string; count?: number };

/**
 * The unit amounts are compared in. An account's list: its own minor units (`t.amount`). The
 * register spans currencies: thousandths of a unit, the most decimals any currency has, so
 * "20.77" is 20770 and matches S/ 20.77 and US$ 20.77 alike (but no ¥, which has no decimals).
 */
export type AmountUnits = "account" | "milli";
const MILLI_DIGITS = 3;

/** SQL for a row's amount in thousandths of a unit: its minor units scaled by its currency's digits (over `a`, the account). */
export const MILLI_AMOUNT = (() => {
  const byDigits = new Map<number, string[]>();
  for (const code of [...OFFERED_CURRENCIES, ...RETIRED_OR_UNIT_CURRENCIES]) {
    const digits = currencyDigits(code);
    if (digits !== 2) byDigits.set(digits, [...(byDigits.get(digits) ?? []), code]);
  }
  // Codes from the fixed tables of money.ts, never from a request: literals keep the statement's parameters few.
  const whens = [...byDigits].map(([digits, codes]) => `WHEN a.currency IN (${codes.map((code) => `'${code}'`).join(", ")}) THEN ${10 ** (MILLI_DIGITS - digits)}`);
  return `(t.amount * CASE ${whens.join(" ")} ELSE 10 END)`;
})();

function amountSql(units: AmountUnits): string {
  return units === "milli" ? MILLI_AMOUNT : "t.amount";
}

/** The filters that read the same in any currency (all but the amounts). */
function plainFilters(query: ListQuery): Filters {
  const filters: Filters = {};
  if (query.q) filters.q = query.q;
  if (query.from) filters.from = query.from;
  if (query.to) filters.to = query.to;
  if (query.category) filters.category = query.category;
  if (query.status) filters.status = query.status;
  if (query.direction === "in" || query.direction === "out") filters.direction = query.direction;
  return filters;
}

/** The query's filters when reading them needs no account: null when it bounds or searches amounts, which are in the account's currency. */
export function filtersWithoutAccount(query: ListQuery): Filters | null {
  return query.min || query.max || (query.q && searchAmounts(query.q).length) ? null : plainFilters(query);
}

/**
 * The query's filters with amounts in `digits` decimals (an account's currency's, or the
 * register's thousandths); an issue per bad field. A search's amount that the currency cannot hold
 * ("20.777" in soles) finds no amount, only text.
 */
export function filtersOf(query: ListQuery, currency: string | null): { filters: Filters; issues: FilterIssue[] } {
  const issues: FilterIssue[] = [];
  const filters = plainFilters(query);
  const digits = currency === null ? MILLI_DIGITS : currencyDigits(currency);
  if (query.q) {
    const amounts = searchAmounts(query.q)
      .map((decimal) => decimalUnits(decimal, digits))
      .filter((units): units is number => units !== null);
    if (amounts.length) filters.amounts = amounts;
  }
  // A minus sign on either bound ("min=-100&max=0"): both bound the signed amount, as links and
  // clients made before ADR 054 meant them. Otherwise they bound the size, money in and out alike.
  const signedBounds = [query.min, query.max].some((text) => text && /^\s*[-−(]/u.test(text));
  for (const field of ["min", "max"] as const) {
    const text = query[field];
    if (!text) continue;
    // Checked as a form's amount is, so a filter's "12,50" gets the same message; the register
    // checks against the currency with the most decimals.
    const checked = checkAmount(text, currency ?? "KWD");
    if (!checked.ok) {
      issues.push({ field, key: checked.key });
      continue;
    }
    // The register checks with dinars' three decimals: their minor units are its thousandths.
    const units = checked.minor;
    if (signedBounds) filters[field === "min" ? "signedMin" : "signedMax"] = units;
    else filters[field] = Math.abs(units);
  }
  const reversed =
    (filters.min !== undefined && filters.max !== undefined && filters.min > filters.max) ||
    (filters.signedMin !== undefined && filters.signedMax !== undefined && filters.signedMin > filters.signedMax);
  if (reversed) issues.push({ field: "max", key: "api.amountOrder" });
  return { filters, issues };
}

/** User text → an FTS5 query: every word (letters and digits) must appear, as a prefix. */
export function ftsQuery(text: string): string | null {
  const words = searchWords(text);
  if (!words.length) return null;
  // The schema refuses more words with a message; the cap holds for any other caller.
  return words
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => `"${word}"*`)
    .join(" ");
}

/**
 * The search index (migration 0005) keys each transaction by (day, seq): rowid = day × 2^36 + seq,
 * day counted from 1970-01-01. FTS5 hands matches over in rowid order, so a search walks the
 * account's matches in date order and a page stops once it has its rows.
 */
const SEARCH_DAY = 68719476736; // 2^36: a day's span of rowids
const SEARCH_SEQ = SEARCH_DAY - 1; // rowid & SEARCH_SEQ = seq
/** SQL for the first rowid of the day `dateSql` (a YYYY-MM-DD expression). */
const searchDay = (dateSql: string) => `(unixepoch(${dateSql}) / 86400 * ${SEARCH_DAY})`;

/** The FTS5 query for one account: its own token, then the words in the text columns only. */
function searchMatch(accountId: string, text: string): string | null {
  const words = ftsQuery(text);
  return words ? `account : "${accountId.replace(/-/g, "")}" AND {description payee notes} : (${words})` : null;
}

/**
 * WHERE clause (over `t`) and its parameters for an account and filters. `offAccountIndex`: the
 * rows come from the search index, so the account is checked per row (the unary + keeps SQLite
 * from walking the whole account's index instead).
 */
export function whereOf(accountId: string, filters: Filters, options: { offAccountIndex?: boolean } = {}): { sql: string; params: unknown[] } {
  const match = filters.q ? searchMatch(accountId, filters.q) : null;
  const rest = conditionsOf(filters, "account", match ? { sql: "?", params: [match] } : null);
  return { sql: [options.offAccountIndex ? "+t.account_id = ?" : "t.account_id = ?", ...rest.clauses].join(" AND "), params: [accountId, ...rest.params] };
}

/**
 * The filters' conditions over `t` (and `a`, its account, for amounts in thousandths), the scope
 * (account or user) aside. A search that reads as an amount finds the text or the amount's size.
 */
export function conditionsOf(filters: Filters, units: AmountUnits, match: { sql: string; params: unknown[] } | null): { clauses: string[]; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const amount = amountSql(units);
  const amounts = filters.amounts ?? [];
  if (match || amounts.length) {
    const either: string[] = [];
    if (match) {
      either.push(`t.seq IN (SELECT rowid & ${SEARCH_SEQ} FROM transactions_search WHERE transactions_search MATCH ${match.sql})`);
      params.push(...match.params);
    }
    if (amounts.length) {
      either.push(`abs(${amount}) IN (${amounts.map(() => "?").join(", ")})`);
      params.push(...amounts);
    }
    clauses.push(either.length > 1 ? `(${either.join(" OR ")})` : either[0]!);
  }
  if (filters.from) {
    clauses.push("t.date >= ?");
    params.push(filters.from);
  }
  if (filters.to) {
    clauses.push("t.date <= ?");
    params.push(filters.to);
  }
  if (filters.category === "none") clauses.push("t.category_id IS NULL");
  else if (filters.category) {
    clauses.push("t.category_id = ?");
    params.push(filters.category);
  }
  if (filters.direction) clauses.push(filters.direction === "in" ? "t.amount > 0" : "t.amount < 0");
  if (filters.min !== undefined) {
    clauses.push(`abs(${amount}) >= ?`);
    params.push(filters.min);
  }
  if (filters.max !== undefined) {
    clauses.push(`abs(${amount}) <= ?`);
    params.push(filters.max);
  }
  if (filters.signedMin !== undefined) {
    clauses.push(`${amount} >= ?`);
    params.push(filters.signedMin);
  }
  if (filters.signedMax !== undefined) {
    clauses.push(`${amount} <= ?`);
    params.push(filters.signedMax);
  }
  // A literal, not a parameter: the partial index of pending rows (migration 0008) serves only a
  // WHERE that names its value. The value comes from this fixed table, never from the request.
  if (filters.status) clauses.push(`t.status = ${STATUS_SQL[filters.status]}`);
  return { clauses, params };
}

const STATUS_SQL = { pending: "'pending'", posted: "'posted'" } as const satisfies Record<NonNullable<Filters["status"]>, string>;

/** A text filter with at least one word to search for (punctuation alone filters nothing). */
function searches(filters: Filters): boolean {
  return Boolean(filters.q && ftsQuery(filters.q));
}

/** A search of text alone (not also an amount): the search index can drive the page. */
export function searchesTextOnly(filters: Filters): boolean {
  return searches(filters) && !filters.amounts?.length;
}

/** Any condition on the amount: its size, its side, its signed bounds. */
export function boundsAmounts(filters: Filters): boolean {
  return filters.min !== undefined || filters.max !== undefined || filters.signedMin !== undefined || filters.signedMax !== undefined || filters.direction !== undefined;
}

/** Only a date range (or nothing) and perhaps a status: no filter that needs each row's other columns. */
function datesAndStatusOnly(filters: Filters): boolean {
  return !searches(filters) && !filters.category && !boundsAmounts(filters);
}

/** Only a date range (or nothing): totals come from account_days without touching the rows. */
function onlyDates(filters: Filters): boolean {
  return datesAndStatusOnly(filters) && !filters.status;
}

/** The SQL of the filtered set's totals (tests read its query plan). */
export function totalsQuery(accountId: string, filters: Filters): { sql: string; params: unknown[] } {
  if (datesAndStatusOnly(filters)) {
    const clauses = ["account_id = ?"];
    const params: unknown[] = [accountId];
    if (filters.from) {
      clauses.push("date >= ?");
      params.push(filters.from);
    }
    if (filters.to) {
      clauses.push("date <= ?");
      params.push(filters.to);
    }
    const range = clauses.join(" AND ");
    const days = `SELECT COALESCE(SUM(count), 0) AS count, COALESCE(SUM(inflow), 0) AS inflow, COALESCE(SUM(outflow), 0) AS outflow FROM account_days WHERE ${range}`;
    if (!filters.status) return { sql: days, params };
    // Pending rows come from their partial index (migration 0008); posted = every row − pending.
    const pending = `SELECT COUNT(*) AS count, COALESCE(SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END), 0) AS inflow, COALESCE(SUM(CASE WHEN amount < 0 THEN amount ELSE 0 END), 0) AS outflow
       FROM transactions WHERE ${range} AND status = ${STATUS_SQL.pending}`;
    if (filters.status === "pending") return { sql: pending, params };
    return {
      sql: `SELECT d.count - p.count AS count, d.inflow - p.inflow AS inflow, d.outflow - p.outflow AS outflow FROM (${days}) d, (${pending}) p`,
      params: [...params, ...params],
    };
  }
  // With a text filter, drive from the FTS matches (rowid lookups) instead of scanning the whole
  // account's index and testing each row against the match list. Still O(matches): ADR 010.
  const where = whereOf(accountId, filters, { offAccountIndex: searchesTextOnly(filters) });
  return {
    sql: `SELECT COUNT(*) AS count, COALESCE(SUM(CASE WHEN t.amount > 0 THEN t.amount ELSE 0 END), 0) AS inflow, COALESCE(SUM(CASE WHEN t.amount < 0 THEN t.amount ELSE 0 END), 0) AS outflow
       FROM transactions t WHERE ${where.sql}`,
    params: where.params,
  };
}

export function totalsStatement(db: D1Database, accountId: string, filters: Filters): D1PreparedStatement {
  const { sql, params } = totalsQuery(accountId, filters);
  return db.prepare(sql).bind(...params);
}

/**
 * Cursor: base64url JSON. k = sort key of the last row, i = its id, f = signature of the account,
 * filters and order it was made for (another account's cursor does not fit, like another filter's). A
 * position only: running balances come from the database on every page (an older cursor also had
 * `b`, the balance after its row, which went stale when the history changed; it is ignored).
 */
export interface Cursor {
  s: Sort;
  o: Order;
  k: string | number;
  i: string;
  f: string;
}

export function signature(accountId: string, filters: Filters, sort: Sort, order: Order): string {
  const text = JSON.stringify([
    accountId,
    filters.q ?? "",
    filters.from ?? "",
    filters.to ?? "",
    filters.category ?? "",
    filters.min ?? "",
    filters.max ?? "",
    filters.status ?? "",
    sort,
    order,
    // Added with ADR 054: present only when set, so an older cursor without them still fits.
    ...(filters.direction || filters.signedMin !== undefined || filters.signedMax !== undefined || filters.accountId
      ? [filters.direction ?? "", filters.signedMin ?? "", filters.signedMax ?? "", filters.accountId ?? ""]
      : []),
  ]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

export function encodeCursor(cursor: Cursor): string {
  return btoa(unescape(encodeURIComponent(JSON.stringify(cursor)))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCursor(text: string, sort: Sort, order: Order, sig: string): Cursor | null {
  try {
    const padded = text.replace(/-/g, "+").replace(/_/g, "/");
    const value = JSON.parse(decodeURIComponent(escape(atob(padded + "=".repeat((4 - (padded.length % 4)) % 4))))) as Cursor;
    if (value.s !== sort || value.o !== order || value.f !== sig || typeof value.i !== "string" || !/^[0-9a-f-]{36}$/.test(value.i)) return null;
    if (sort === "date" && (typeof value.k !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value.k))) return null;
    if (sort === "amount" && !Number.isSafeInteger(value.k)) return null;
    return { s: value.s, o: value.o, k: value.k, i: value.i, f: value.f };
  } catch {
    return null;
  }
}

const MIN_KEY: [string, string] = ["0000-00-00", ""];
const MAX_KEY: [string, string] = ["9999-99-99", "~"];

/**
 * Sum of the account's amounts with (date, id) in (lo, hi], for many intervals in one query.
 * Whole days come from account_days; the two partial days from the covering index.
 */
async function intervalSums(db: D1Database, accountId: string, intervals: Array<[[string, string], [string, string]]>): Promise<number[]> {
  if (!intervals.length) return [];
  const { results } = await db
    .prepare(
      `WITH iv AS (
         SELECT key AS k, json_extract(value, '$[0]') AS d1, json_extract(value, '$[1]') AS i1, json_extract(value, '$[2]') AS d2, json_extract(value, '$[3]') AS i2
         FROM json_each(?2)
       )
       SELECT k, CASE WHEN d1 = d2 THEN
           (SELECT COALESCE(SUM(amount), 0) FROM transactions WHERE account_id = ?1 AND date = iv.d1 AND id > iv.i1 AND id <= iv.i2)
         ELSE
           (SELECT COALESCE(SUM(amount), 0) FROM transactions WHERE account_id = ?1 AND date = iv.d1 AND id > iv.i1)
           + (SELECT COALESCE(SUM(inflow + outflow), 0) FROM account_days WHERE account_id = ?1 AND date > iv.d1 AND date < iv.d2)
           + (SELECT COALESCE(SUM(amount), 0) FROM transactions WHERE account_id = ?1 AND date = iv.d2 AND id <= iv.i2)
         END AS s
       FROM iv ORDER BY k`,
    )
    .bind(accountId, JSON.stringify(intervals.map(([lo, hi]) => [...lo, ...hi])))
    .all<{ k: number; s: number }>();
  return results.map((row) => row.s);
}

/**
 * What intervalSums answers when the page's rows are consecutive in the account (no filter, no
 * cursor). Descending: interval 0, (row 0, +∞], is empty and interval k, (row k, row k-1], holds
 * just row k-1. Ascending: interval 0, (−∞, row 0], holds just row 0 and interval k,
 * (row k-1, row k], just row k.
 */
function contiguousSums(rows: TransactionRow[], order: Order): number[] {
  return order === "desc" ? rows.map((_, k) => (k === 0 ? 0 : rows[k - 1]!.amount)) : rows.map((row) => row.amount);
}

function unfiltered(filters: Filters): boolean {
  return onlyDates(filters) && !filters.from && !filters.to;
}

export type Totals = { count: number; inflow: number; outflow: number };

/** The totals of the whole history: the account's own row, which the triggers keep (migration 0006). */
function historyTotals(account: AccountRow): Totals {
  return { count: account.transaction_count, inflow: account.inflow, outflow: account.outflow };
}

/** Count, money in and money out of the whole filtered set (all pages). */
export async function listTotals(db: D1Database, account: AccountRow, filters: Filters): Promise<Totals> {
  if (unfiltered(filters)) return historyTotals(account);
  const row = await totalsStatement(db, account.id, filters).first<Totals>();
  return { count: row?.count ?? 0, inflow: row?.inflow ?? 0, outflow: row?.outflow ?? 0 };
}

export interface Page {
  rows: TransactionRow[];
  running: Array<number | null>;
  nextCursor: string | null;
  /** A page comes before this one (this one was asked for with a cursor). */
  hasPrevious: boolean;
  /** The previous page's cursor; null when there is none or that page is the first, asked for without one. */
  prevCursor: string | null;
  /** null when the caller asked for no totals (`withTotals: false`). */
  totals: Totals | null;
}

export interface PageOptions {
  sort: Sort;
  order: Order;
  limit?: number;
  cursor?: Cursor | null;
  withTotals?: boolean;
}

/**
 * A page as D1 statements and the way to read their results. The statements need only the
 * account's id, so a caller can send them in the same D1 batch that reads the account and checks
 * the session (ADR 028); `read` then needs that account row for the running balances.
 */
export interface PageQuery {
  statements: D1PreparedStatement[];
  read(results: D1Result[], account: AccountRow): Promise<Page>;
}

/** Where a page starts from its cursor's row: after it (a next page), or at it (the rows before a page, read backwards). */
export type CursorBound = "after" | "at";

/** `LIMIT`, with `OFFSET` when the first `skip` of the `take` rows read are not wanted. */
export function limitClause(take: number, skip: number): { sql: string; params: number[] } {
  return skip ? { sql: "LIMIT ? OFFSET ?", params: [take - skip, skip] } : { sql: "LIMIT ?", params: [take] };
}

export function comparison(order: Order, from: CursorBound): string {
  return (order === "desc" ? "<" : ">") + (from === "at" ? "=" : "");
}

export const reversed = (order: Order): Order => (order === "desc" ? "asc" : "desc");

/**
 * A text search's page in (date, id) order without gathering every match. FTS5 walks the account's
 * matches by (day, seq), joined to their rows for the other filters, and stops after `take` of them
 * (`hits`). Those end on some day D; within a day seq order is not id order, so the page is then
 * chosen from `hits` plus every match of day D, by (date, id). Rows beyond D cannot belong: hits
 * already holds `take` rows up to D. CROSS JOIN keeps FTS5 the outer loop and the unary + keeps
 * the last query off the account's index (both would otherwise walk the whole account).
 */
function searchPageStatement(db: D1Database, accountId: string, filters: Filters, match: string, order: Order, cursor: Cursor | null, take: number, from: CursorBound = "after", skip = 0): D1PreparedStatement {
  const rest = whereOf(accountId, { ...filters, q: undefined }, { offAccountIndex: true });
  const dir = order === "desc" ? "DESC" : "ASC";
  const bounds: string[] = [];
  const boundParams: unknown[] = [];
  if (filters.from) {
    bounds.push(`s.rowid >= ${searchDay("?")}`);
    boundParams.push(filters.from);
  }
  if (filters.to) {
    bounds.push(`s.rowid < ${searchDay("?")} + ${SEARCH_DAY}`);
    boundParams.push(filters.to);
  }
  let after = "";
  const afterParams: unknown[] = [];
  if (cursor) {
    // The cursor's own day stays in range: its rows after the cursor's id still belong.
    bounds.push(order === "desc" ? `s.rowid < ${searchDay("?")} + ${SEARCH_DAY}` : `s.rowid >= ${searchDay("?")}`);
    boundParams.push(cursor.k);
    after = ` AND (t.date, t.id) ${comparison(order, from)} (?, ?)`;
    afterParams.push(cursor.k, cursor.i);
  }
  const edge = `(SELECT ${searchDay(order === "desc" ? "MIN(date)" : "MAX(date)")} FROM hits)`;
  const limit = limitClause(take, skip);
  return db
    .prepare(
      `WITH hits AS MATERIALIZED (
         SELECT t.seq AS seq, t.date AS date FROM transactions_search s CROSS JOIN transactions t ON t.seq = s.rowid & ${SEARCH_SEQ}
         WHERE s.transactions_search MATCH ?${bounds.map((b) => ` AND ${b}`).join("")} AND ${rest.sql}${after}
         ORDER BY s.rowid ${dir} LIMIT ?
       )
       SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTION_FROM}
       WHERE t.seq IN (
         SELECT seq FROM hits
         UNION SELECT s.rowid & ${SEARCH_SEQ} FROM transactions_search s WHERE s.transactions_search MATCH ? AND s.rowid >= ${edge} AND s.rowid < ${edge} + ${SEARCH_DAY}
       ) AND ${rest.sql}${after}
       ORDER BY t.date ${dir}, t.id ${dir} ${limit.sql}`,
    )
    .bind(match, ...boundParams, ...rest.params, ...afterParams, take, match, ...rest.params, ...afterParams, ...limit.params);
}

/**
 * The SQL of a page's rows, after `cursor` (the last row's sort key and id) or from it, outside a
 * text search in date order: the list's pages and the CSV export's chunks (tests read its query plan).
 */
export function rowsQuery(accountId: string, filters: Filters, sort: Sort, order: Order, cursor: Pick<Cursor, "k" | "i"> | null, take: number, from: CursorBound = "after", skip = 0): { sql: string; params: unknown[] } {
  const where = whereOf(accountId, filters);
  const clauses = [where.sql];
  const params = [...where.params];
  const column = sort === "date" ? "t.date" : "t.amount";
  const dir = order === "desc" ? "DESC" : "ASC";
  if (cursor) {
    clauses.push(`(${column}, t.id) ${comparison(order, from)} (?, ?)`);
    params.push(cursor.k, cursor.i);
  }
  // Pending rows are read through their own index in any order (sorting a few rows is cheap):
  // left to itself, SQLite may walk the account's amount or date index, every row of the account.
  // Amount bounds in date order: SQLite takes a bound for selective and reads the amount range,
  // then sorts it; for a wide range ("expenses only") that is most of the account (10 s at 1M
  // rows). Walking the (date, id, amount) index checks each bound on the index entry and stops at
  // the page's last row: a few ms, and ~0.2 s at 1M rows for a range that matches nothing.
  const amountsInDateOrder = sort === "date" && boundsAmounts(filters) && !filters.category && !searches(filters);
  const table =
    filters.status === "pending" ? transactionFrom("transactions_pending") : amountsInDateOrder ? transactionFrom("transactions_account_date") : TRANSACTION_FROM;
  const limit = limitClause(take, skip);
  return { sql: `SELECT ${TRANSACTION_COLUMNS} FROM ${table} WHERE ${clauses.join(" AND ")} ORDER BY ${column} ${dir}, t.id ${dir} ${limit.sql}`, params: [...params, ...limit.params] };
}

export function pageQuery(db: D1Database, accountId: string, filters: Filters, options: PageOptions): PageQuery {
  const { sort, order } = options;
  const limit = options.limit ?? PAGE_SIZE_DEFAULT;
  const cursor = options.cursor ?? null;
  const withTotals = options.withTotals ?? true;
  // The whole history's totals come with the account row: no statement for them.
  const totalsFromAccount = unfiltered(filters);
  const match = filters.q ? searchMatch(accountId, filters.q) : null;
  // `limit + 1` rows from the cursor on, of which the first `skip` are not wanted.
  const pageStatement = (direction: Order, from: CursorBound, skip: number) => {
    if (match && sort === "date" && searchesTextOnly(filters)) return searchPageStatement(db, accountId, filters, match, direction, cursor, limit + 1, from, skip);
    const rows = rowsQuery(accountId, filters, sort, direction, cursor, limit + 1, from, skip);
    return db.prepare(rows.sql).bind(...rows.params);
  };
  const statements = [
    pageStatement(order, "after", 0),
    // Back from the cursor's own row (the previous page's last), nearest first: `limit` rows are
    // the previous page, and the one after them, read alone, is the row that page starts after.
    ...(cursor ? [pageStatement(reversed(order), "at", limit)] : []),
    // Totals of a text search sum every match (O(matches)): a caller that shows the rows first asks for them apart.
    ...(withTotals && !totalsFromAccount ? [totalsStatement(db, accountId, filters)] : []),
  ];
  return {
    statements,
    read: async (results, account) => {
      if (account.id !== accountId) throw new Error("pageQuery: read with another account than it was planned for");
      const [page, before, totals] = cursor ? results : [results[0], undefined, results[1]];
      const all = (page?.results ?? []) as TransactionRow[];
      const rows = all.slice(0, limit);
      const more = all.length > limit;
      const previousStart = (before?.results[0] as TransactionRow | undefined) ?? null;
      const total = !withTotals ? null : totalsFromAccount ? historyTotals(account) : ((totals?.results?.[0] ?? { count: 0, inflow: 0, outflow: 0 }) as Totals);
      const running = sort === "date" && rows.length ? await runningBalances(db, account, filters, rows, order, cursor) : rows.map(() => null);
      const cursorAfter = (row: TransactionRow): string => encodeCursor({ s: sort, o: order, k: sort === "date" ? row.date : row.amount, i: row.id, f: signature(accountId, filters, sort, order) });
      return {
        rows,
        running,
        nextCursor: more ? cursorAfter(rows[rows.length - 1]!) : null,
        hasPrevious: cursor !== null,
        prevCursor: previousStart ? cursorAfter(previousStart) : null,
        totals: total,
      };
    },
  };
}

/**
 * The balance after each row of a page in date order, walking from the account's own figures:
 * its balance (newest first: interval 0 is (row 0, end of history]) or its opening balance
 * (oldest first: interval 0 is (start of history, row 0]), never from a value carried in the
 * cursor, so a page is right after any change to the history.
 */
async function runningBalances(db: D1Database, account: AccountRow, filters: Filters, rows: TransactionRow[], order: Order, cursor: Cursor | null): Promise<number[]> {
  const key = (row: TransactionRow): [string, string] => [row.date, row.id];
  const intervals: Array<[[string, string], [string, string]]> = [];
  // Interval 0 links the history's end (or start) to the first row; interval k links row k-1 to row k.
  intervals.push(order === "desc" ? [key(rows[0]!), MAX_KEY] : [MIN_KEY, key(rows[0]!)]);
  for (let k = 1; k < rows.length; k++) {
    intervals.push(order === "desc" ? [key(rows[k]!), key(rows[k - 1]!)] : [key(rows[k - 1]!), key(rows[k]!)]);
  }
  // The first page of the whole, unfiltered history holds every row of its intervals: each
  // interval's sum is one row's amount, so no query is needed (the page's common case). Elsewhere
  // interval 0 is whole days from account_days plus two partial days: O(days), not O(rows).
  const sums = !cursor && unfiltered(filters) ? contiguousSums(rows, order) : await intervalSums(db, account.id, intervals);
  const running: number[] = [];
  // Newest first: the balance minus everything after this row. Oldest first: the opening balance plus everything up to it.
  let balance = order === "desc" ? account.balance - sums[0]! : account.opening_balance + sums[0]!;
  running.push(balance);
  for (let k = 1; k < rows.length; k++) {
    balance = order === "desc" ? balance - sums[k]! : balance + sums[k]!;
    running.push(balance);
  }
  return running;
}

/** One chunk of the list's rows in its own SQL (`rowsQuery`), so the CSV export reads through the same indexes. */
export function listChunk(db: D1Database, accountId: string, filters: Filters, sort: Sort, order: Order, cursor: Pick<Cursor, "k" | "i"> | null, take: number) {
  const chunk = rowsQuery(accountId, filters, sort, order, cursor, take);
  return db
    .prepare(chunk.sql)
    .bind(...chunk.params)
    .all<TransactionRow>();
}
