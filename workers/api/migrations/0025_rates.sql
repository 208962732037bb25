-- Exchange rates (ADR 056). Official rates as published (BCRP: soles per unit of a currency, buy
-- and sell, on the day they are for); a user's own rates over a date range win over them for
-- that user's sums. Rates are decimal strings, never floats: core/exchange.ts reads them exactly.
CREATE TABLE official_rates (
  source TEXT NOT NULL,
  currency TEXT NOT NULL,
  day TEXT NOT NULL,
  buy TEXT NOT NULL,
  sell TEXT NOT NULL,
  fetched_at INTEGER NOT NULL,
  PRIMARY KEY (source, currency, day)
) WITHOUT ROWID;

CREATE TABLE user_rates (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency TEXT NOT NULL,
  quote TEXT NOT NULL,
  from_day TEXT NOT NULL,
  to_day TEXT,
  rate TEXT NOT NULL,
  note TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX user_rates_by_pair ON user_rates (user_id, currency, quote, from_day);

-- The currency a user's converted totals are in.
ALTER TABLE users ADD COLUMN reporting_currency TEXT NOT NULL DEFAULT 'PEN';

-- Each scheduled try to fetch official rates, so an hourly cron asks the source a few times a day
-- at most when nothing new is published (weekends, holidays), and operations can see failures.
CREATE TABLE rate_fetches (
  source TEXT NOT NULL,
  tried_at INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  stored INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (source, tried_at)
) WITHOUT ROWID;
