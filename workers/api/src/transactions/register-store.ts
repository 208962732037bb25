/**
 * The register: one user's transactions across accounts (GET /transactions, ADR 054), with the
 * filters of an account's list. Amounts are compared in thousandths of a unit (`MILLI_AMOUNT`),
 * so a bound or a searched amount means the same size in every currency; totals are per currency,
 * never summed across them. No running balance: rows of different accounts have none in common.
 *
 * Pages walk transactions_user_date (user_id, date, id, amount; migration 0023) and check the
 * filters on each row until a page is full: a date page costs its rows. A text search gathers the
 * user's matches first (O(matches)), as an account's totals do (ADR 010).
 */
import { TRANSACTION_COLUMNS, TRANSACTION_FROM, type TransactionRow } from "../ledger/model";
import { comparison, conditionsOf, encodeCursor, ftsQuery, limitClause, MILLI_AMOUNT, reversed, signature, type Cursor, type CursorBound, type Filters, type Order, type Sort, type Totals } from "./list-store";

export type CurrencyTotals = Totals & { currency: string };

/** The FTS5 query of a search over the user's accounts (or the one filtered to): each account's token, then the words. */
function matchOf(userId: string, filters: Filters): { sql: string; params: unknown[] } | null {
  const words = filters.q ? ftsQuery(filters.q) : null;
  if (!words) return null;
  const text = `{description payee notes} : (${words})`;
  if (filters.accountId) return { sql: "?", params: [`account : "${filters.accountId.replace(/-/g, "")}" AND ${text}`] };
  // Built in SQL from the user's own accounts, so the statement rides in the session's batch.
  return {
    sql: `(SELECT 'account : (' || COALESCE(group_concat('"' || replace(id, '-', '') || '"', ' OR '), '"0"') || ') AND ' || ? FROM accounts WHERE user_id = ?)`,
    params: [text, userId],
  };
}

/** WHERE clause (over `t` and `a`) of the user's rows that pass the filters. */
export function registerWhere(userId: string, filters: Filters): { sql: string; params: unknown[] } {
  const clauses = ["t.user_id = ?"];
  const params: unknown[] = [userId];
  if (filters.accountId) {
    clauses.push("t.account_id = ?");
    params.push(filters.accountId);
  }
  const rest = conditionsOf(filters, "milli", matchOf(userId, filters));
  return { sql: [...clauses, ...rest.clauses].join(" AND "), params: [...params, ...rest.params] };
}

/** The SQL of a page's rows after (or from) `cursor` (tests read its query plan). */
export function registerRowsQuery(userId: string, filters: Filters, sort: Sort, order: Order, cursor: Pick<Cursor, "k" | "i"> | null, take: number, from: CursorBound = "after", skip = 0) {
  const where = registerWhere(userId, filters);
  const clauses = [where.sql];
  const params = [...where.params];
  const column = sort === "date" ? "t.date" : MILLI_AMOUNT;
  const dir = order === "desc" ? "DESC" : "ASC";
  if (cursor) {
    clauses.push(`(${column}, t.id) ${comparison(order, from)} (?, ?)`);
    params.push(cursor.k, cursor.i);
  }
  const limit = limitClause(take, skip);
  return { sql: `SELECT ${TRANSACTION_COLUMNS}, ${MILLI_AMOUNT} AS milli FROM ${TRANSACTION_FROM} WHERE ${clauses.join(" AND ")} ORDER BY ${column} ${dir}, t.id ${dir} ${limit.sql}`, params: [...params, ...limit.params] };
}

/** Only dates (or nothing) bound the set: its totals come from the accounts' own figures or their days. */
function onlyDates(filters: Filters): boolean {
  return !filters.q && !filters.category && !filters.status && !filters.direction && [filters.min, filters.max, filters.signedMin, filters.signedMax].every((v) => v === undefined);
}

/** The SQL of the filtered set's count, money in and money out, per currency (tests read its query plan). */
export function registerTotalsQuery(userId: string, filters: Filters): { sql: string; params: unknown[] } {
  if (onlyDates(filters)) {
    const account = filters.accountId ? " AND a.id = ?" : "";
    const accountParams = filters.accountId ? [filters.accountId] : [];
    if (!filters.from && !filters.to) {
      // The whole history: the accounts' own counts and sums, which the triggers keep (migration 0006).
      return {
        sql: `SELECT a.currency AS currency, SUM(a.transaction_count) AS count, SUM(a.inflow) AS inflow, SUM(a.outflow) AS outflow FROM accounts a WHERE a.user_id = ?${account} GROUP BY a.currency HAVING SUM(a.transaction_count) > 0`,
        params: [userId, ...accountParams],
      };
    }
    const range: string[] = [];
    const rangeParams: unknown[] = [];
    if (filters.from) {
      range.push(" AND d.date >= ?");
      rangeParams.push(filters.from);
    }
    if (filters.to) {
      range.push(" AND d.date <= ?");
      rangeParams.push(filters.to);
    }
    return {
      sql: `SELECT a.currency AS currency, SUM(d.count) AS count, SUM(d.inflow) AS inflow, SUM(d.outflow) AS outflow
              FROM accounts a JOIN account_days d ON d.account_id = a.id WHERE a.user_id = ?${account}${range.join("")} GROUP BY a.currency`,
      params: [userId, ...accountParams, ...rangeParams],
    };
  }
  const where = registerWhere(userId, filters);
  return {
    sql: `SELECT a.currency AS currency, COUNT(*) AS count, COALESCE(SUM(CASE WHEN t.amount > 0 THEN t.amount ELSE 0 END), 0) AS inflow, COALESCE(SUM(CASE WHEN t.amount < 0 THEN t.amount ELSE 0 END), 0) AS outflow
            FROM transactions t JOIN accounts a ON a.id = t.account_id WHERE ${where.sql} GROUP BY a.currency`,
    params: where.params,
  };
}

export interface RegisterPage {
  rows: TransactionRow[];
  nextCursor: string | null;
  hasPrevious: boolean;
  prevCursor: string | null;
  totals: CurrencyTotals[];
}

/** The cursor's signature: the register's own, so an account list's cursor does not fit it. */
export function registerSignature(filters: Filters, sort: Sort, order: Order): string {
  return signature(`register:${filters.accountId ?? ""}`, filters, sort, order);
}

/** A page as D1 statements (for the session's batch) and the way to read their results. */
export function registerPageQuery(db: D1Database, userId: string, filters: Filters, options: { sort: Sort; order: Order; limit: number; cursor: Cursor | null }) {
  const { sort, order, limit, cursor } = options;
  const statement = (direction: Order, from: CursorBound, skip: number) => {
    const rows = registerRowsQuery(userId, filters, sort, direction, cursor, limit + 1, from, skip);
    return db.prepare(rows.sql).bind(...rows.params);
  };
  const totals = registerTotalsQuery(userId, filters);
  const statements = [statement(order, "after", 0), ...(cursor ? [statement(reversed(order), "at", limit)] : []), db.prepare(totals.sql).bind(...totals.params)];
  return {
    statements,
    read(results: D1Result[]): RegisterPage {
      const [page, before, sums] = cursor ? results : [results[0], undefined, results[1]];
      const all = (page?.results ?? []) as Array<TransactionRow & { milli: number }>;
      const rows = all.slice(0, limit);
      const previousStart = (before?.results[0] as (TransactionRow & { milli: number }) | undefined) ?? null;
      const cursorAfter = (row: TransactionRow & { milli: number }) => encodeCursor({ s: sort, o: order, k: sort === "date" ? row.date : row.milli, i: row.id, f: registerSignature(filters, sort, order) });
      return {
        rows,
        nextCursor: all.length > limit ? cursorAfter(rows[rows.length - 1]!) : null,
        hasPrevious: cursor !== null,
        prevCursor: previousStart ? cursorAfter(previousStart) : null,
        totals: ((sums?.results ?? []) as CurrencyTotals[]).filter((row) => row.count > 0),
      };
    },
  };
}
