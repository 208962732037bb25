/**
 * The reports' reads (ADR 059), all from the monthly summaries of migration 0028 (month_totals,
 * month_payees), so their cost follows accounts × months × categories, not the number of
 * transactions. `accounts` is a JSON array of ids to keep, or null for all the user's accounts.
 */
import { OFFICIAL_SOURCE, type OfficialOnDayRow, type OwnRateRow } from "../rates/lookup";
import { officialOnDaysForUserStatement, ownRatesOverlappingStatement } from "../rates/store";

const ACCOUNT_FILTER = "(?4 IS NULL OR account_id IN (SELECT value FROM json_each(?4)))";

export interface ReportRows {
  currency: Array<{ reporting_currency: string }>;
  accounts: Array<{ id: string; name: string; type: string; currency: string; opening_balance: number; opening_date: string; archived: number }>;
  categories: Array<{ id: string; name: string; color: string; kind: string; default_key: string | null }>;
  /** Net change per account and month of the period; month '' is everything before it. */
  balances: Array<{ account_id: string; month: string; net: number }>;
  /** Money in and out per month, account and category, transfers left out. */
  flows: Array<{ month: string; account_id: string; category: string; inflow: number; outflow: number }>;
  /**
   * Money out per payee and currency, as a positive number: per month for a currency other than
   * the reporting one (each month converts at its own rate), in one row for the period ('' as
   * month) in the reporting currency, which needs no rate. Summed in SQL, the rows follow payees,
   * not months × payees (ten years of a busy account were thousands of rows).
   */
  payees: Array<{ month: string; currency: string; payee: string; spent: number; count: number }>;
  /** The user's own rates overlapping the rate days, and the official ones on (or last before) each, for every currency of theirs: the rates ride in this batch. */
  ownRates: OwnRateRow[];
  officialRates: OfficialOnDayRow[];
}

export const REPORT_ROW_KEYS = ["currency", "accounts", "categories", "balances", "flows", "payees", "ownRates", "officialRates"] as const satisfies ReadonlyArray<keyof ReportRows>;

/** The statements, in the order of REPORT_ROW_KEYS; `rateDays` (oldest first) are the days the figures convert at (each month's end). */
export function reportStatements(db: D1Database, userId: string, from: string, to: string, accounts: string[] | null, rateDays: readonly string[]): D1PreparedStatement[] {
  const filter = accounts ? JSON.stringify(accounts) : null;
  return [
    db.prepare("SELECT reporting_currency FROM users WHERE id = ?1").bind(userId),
    db.prepare("SELECT id, name, type, currency, opening_balance, opening_date, archived FROM accounts WHERE user_id = ?1 ORDER BY name COLLATE NOCASE, id").bind(userId),
    db.prepare("SELECT id, name, color, kind, default_key FROM categories WHERE user_id = ?1").bind(userId),
    db
      .prepare(
        `SELECT account_id, CASE WHEN month < ?2 THEN '' ELSE month END AS month, SUM(inflow + outflow + transfer_in + transfer_out) AS net
           FROM month_totals WHERE user_id = ?1 AND month <= ?3 AND ${ACCOUNT_FILTER}
          GROUP BY account_id, 2`,
      )
      .bind(userId, from, to, filter),
    db
      .prepare(
        `SELECT month, account_id, category, inflow, outflow FROM month_totals
          WHERE user_id = ?1 AND month BETWEEN ?2 AND ?3 AND ${ACCOUNT_FILTER} AND (inflow <> 0 OR outflow <> 0)`,
      )
      .bind(userId, from, to, filter),
    db
      .prepare(
        `SELECT CASE WHEN a.currency = u.reporting_currency THEN '' ELSE p.month END AS month, a.currency, p.payee, -SUM(p.outflow) AS spent, SUM(p.count) AS count
           FROM month_payees p JOIN accounts a ON a.id = p.account_id JOIN users u ON u.id = p.user_id
          WHERE p.user_id = ?1 AND p.month BETWEEN ?2 AND ?3 AND (?4 IS NULL OR p.account_id IN (SELECT value FROM json_each(?4))) AND p.outflow < 0
          GROUP BY 1, 2, 3`,
      )
      .bind(userId, from, to, filter),
    ownRatesOverlappingStatement(db, userId, rateDays[0] ?? from, rateDays.at(-1) ?? to),
    officialOnDaysForUserStatement(db, OFFICIAL_SOURCE, rateDays, userId),
  ];
}

export function readReportRows(results: D1Result[]): ReportRows {
  const rows = {} as Record<keyof ReportRows, unknown[]>;
  REPORT_ROW_KEYS.forEach((key, index) => (rows[key] = results[index]?.results ?? []));
  return rows as unknown as ReportRows;
}
