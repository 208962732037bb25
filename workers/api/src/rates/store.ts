/** The rate tables (migration 0025, ADR 056): official rates, the fetch log, the user's own rates and reporting currency. SQL only here. */
import type { OfficialRate } from "./provider";

// ───────────────────────────── Official rates ─────────────────────────────

/** A published rate, written again if the source revised it. */
export function upsertOfficialRate(db: D1Database, rate: OfficialRate, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO official_rates (source, currency, day, buy, sell, fetched_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
       ON CONFLICT (source, currency, day) DO UPDATE SET buy = excluded.buy, sell = excluded.sell, fetched_at = excluded.fetched_at
       WHERE official_rates.buy <> excluded.buy OR official_rates.sell <> excluded.sell`,
    )
    .bind(rate.source, rate.currency, rate.day, rate.buy, rate.sell, now);
}

/** The newest day stored for a source, and when it was last tried. */
export function fetchStateStatements(db: D1Database, source: string): [D1PreparedStatement, D1PreparedStatement] {
  return [
    db.prepare("SELECT MAX(day) AS day FROM official_rates WHERE source = ?1").bind(source),
    db.prepare("SELECT MAX(tried_at) AS tried_at FROM rate_fetches WHERE source = ?1").bind(source),
  ];
}

export function logFetch(db: D1Database, source: string, triedAt: number, outcome: string, stored: number): D1PreparedStatement {
  return db.prepare("INSERT OR REPLACE INTO rate_fetches (source, tried_at, outcome, stored) VALUES (?1, ?2, ?3, ?4)").bind(source, triedAt, outcome, stored);
}

/** Tries older than this are dropped with the fetch that follows. */
export function dropOldFetches(db: D1Database, source: string, before: number): D1PreparedStatement {
  return db.prepare("DELETE FROM rate_fetches WHERE source = ?1 AND tried_at < ?2").bind(source, before);
}

/** Per currency, the newest official rate on or before `day` (the settings page's "today" list). */
export function latestOfficialStatement(db: D1Database, source: string, day: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT o.currency, o.day, o.buy, o.sell FROM official_rates o
        WHERE o.source = ?1 AND o.day = (SELECT MAX(p.day) FROM official_rates p WHERE p.source = ?1 AND p.currency = o.currency AND p.day <= ?2)
        ORDER BY o.currency`,
    )
    .bind(source, day);
}

/** Official rates of a source for days in a range (a list's transfers, one statement for all rows). */
export function officialRangeStatement(db: D1Database, source: string, from: string, to: string): D1PreparedStatement {
  return db.prepare("SELECT currency, day, buy, sell FROM official_rates WHERE source = ?1 AND day BETWEEN ?2 AND ?3 ORDER BY currency, day").bind(source, from, to);
}

/**
 * For each wanted day (a JSON array) and each currency of `currencies` (a SQL row source of one
 * column, `code`), the official rate of that day or, on a day without one (weekend, holiday), the
 * last one published before it: one index seek per day and currency, however long the range.
 * A currency with nothing published on or before a day gives no row for it. Rows: wanted, currency, day, sell.
 * CROSS JOIN fixes SQLite's loop order (days, then currencies, then the primary key): left free it
 * scans every official rate of the source per day.
 */
function officialOnDays(db: D1Database, currencies: string, source: string, days: readonly string[], key: string): D1PreparedStatement {
  return db
    .prepare(
      `WITH wanted(day) AS (SELECT DISTINCT value FROM json_each(?2)), codes(code) AS (${currencies})
       SELECT w.day AS wanted, o.currency, o.day, o.sell
         FROM wanted w CROSS JOIN codes c CROSS JOIN official_rates o
        WHERE o.source = ?1 AND o.currency = c.code
          AND o.day = (SELECT p.day FROM official_rates p WHERE p.source = ?1 AND p.currency = c.code AND p.day <= w.day ORDER BY p.day DESC LIMIT 1)`,
    )
    .bind(source, JSON.stringify(days), key);
}

/** Official rates on (or last before) each of `days` for the currencies named (`findRates`). */
export function officialOnDaysStatement(db: D1Database, source: string, days: readonly string[], currencies: readonly string[]): D1PreparedStatement {
  return officialOnDays(db, "SELECT DISTINCT value FROM json_each(?3)", source, days, JSON.stringify(currencies));
}

/** The same for every currency a user's accounts or reporting currency are in, read in the same statement (a report's batch, before the currencies are known). */
export function officialOnDaysForUserStatement(db: D1Database, source: string, days: readonly string[], userId: string): D1PreparedStatement {
  return officialOnDays(db, "SELECT currency FROM accounts WHERE user_id = ?3 UNION SELECT reporting_currency FROM users WHERE id = ?3", source, days, userId);
}

// ───────────────────────────── The user's own rates ─────────────────────────────

export interface UserRateRow {
  id: string;
  user_id: string;
  currency: string;
  quote: string;
  from_day: string;
  to_day: string | null;
  rate: string;
  note: string | null;
  created_at: number;
  updated_at: number;
}

export function userRatesStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("SELECT * FROM user_rates WHERE user_id = ?1 ORDER BY currency, quote, from_day DESC, updated_at DESC").bind(userId);
}

/** A user's own rates (any pair) whose range overlaps [from, to]: the rows `ownRateOn` chooses from. */
export function ownRatesOverlappingStatement(db: D1Database, userId: string, from: string, to: string): D1PreparedStatement {
  return db
    .prepare("SELECT currency, quote, rate, from_day, to_day, updated_at FROM user_rates WHERE user_id = ?1 AND from_day <= ?3 AND (to_day IS NULL OR to_day >= ?2)")
    .bind(userId, from, to);
}

/**
 * Adds a rate unless the user has one for the same pair (either way round, as `ownRateOn` reads
 * them) starting the same day: two would tie, and the later one won without a word (session 35's
 * tester). In one statement, so two posts at once cannot both pass; no change means refused.
 */
export function insertUserRate(db: D1Database, row: Omit<UserRateRow, "updated_at">): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO user_rates (id, user_id, currency, quote, from_day, to_day, rate, note, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9
        WHERE NOT EXISTS (SELECT 1 FROM user_rates WHERE user_id = ?2 AND from_day = ?5 AND ((currency = ?3 AND quote = ?4) OR (currency = ?4 AND quote = ?3)))`,
    )
    .bind(row.id, row.user_id, row.currency, row.quote, row.from_day, row.to_day, row.rate, row.note, row.created_at);
}

export function deleteUserRate(db: D1Database, userId: string, id: string): D1PreparedStatement {
  return db.prepare("DELETE FROM user_rates WHERE id = ?1 AND user_id = ?2").bind(id, userId);
}

// ───────────────────────────── Reporting currency ─────────────────────────────

export function reportingCurrencyStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("SELECT reporting_currency FROM users WHERE id = ?1").bind(userId);
}

/** Leaves updated_at alone: that stamp guards the profile form against edits from an older copy. */
export function setReportingCurrency(db: D1Database, userId: string, currency: string): D1PreparedStatement {
  return db.prepare("UPDATE users SET reporting_currency = ?2 WHERE id = ?1").bind(userId, currency);
}

// ───────────────────────────── Transfers between currencies ─────────────────────────────

/** The user's accounts in another currency than `accountId` (the list's `include=transferRates`: its transfers with them cross currencies). */
export function otherCurrencyAccountsStatement(db: D1Database, userId: string, accountId: string): D1PreparedStatement {
  return db.prepare("SELECT id FROM accounts WHERE user_id = ?1 AND currency <> (SELECT currency FROM accounts WHERE id = ?2 AND user_id = ?1)").bind(userId, accountId);
}

/** Both legs of the user's transfers among `transferIds` whose accounts' currencies differ: one row per leg. */
export function crossCurrencyLegsStatement(db: D1Database, userId: string, transferIds: readonly string[]): D1PreparedStatement {
  const marks = transferIds.map((_, i) => `?${i + 2}`).join(", ");
  return db
    .prepare(
      `SELECT t.transfer_id, t.date, t.amount, a.currency FROM transactions t JOIN accounts a ON a.id = t.account_id
        WHERE t.user_id = ?1 AND t.transfer_id IN (${marks})
          AND (SELECT COUNT(DISTINCT a2.currency) FROM transactions t2 JOIN accounts a2 ON a2.id = t2.account_id WHERE t2.transfer_id = t.transfer_id) = 2
        ORDER BY t.transfer_id, t.amount`,
    )
    .bind(userId, ...transferIds);
}

/** Official rates of a source up to `to`, from the last one published on or before `from` (a range's days and the one before it). */
export function officialCoveringStatement(db: D1Database, source: string, from: string, to: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT currency, day, buy, sell FROM official_rates o
        WHERE source = ?1 AND day <= ?3 AND day >= COALESCE((SELECT MAX(day) FROM official_rates p WHERE p.source = ?1 AND p.currency = o.currency AND p.day <= ?2), ?2)
        ORDER BY currency, day`,
    )
    .bind(source, from, to);
}
