-- Scheduled transactions (ADR 058): a rule (core/schedule-rules.ts) that makes a transaction, or a
-- transfer between two of the user's accounts, on each of its days. Amounts are integer minor
-- units of the account's currency; the sign is the direction (a transfer's amount is what leaves
-- `account_id`, positive, and `to_amount` what arrives when the other account's currency differs).
CREATE TABLE schedules (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  to_account_id TEXT REFERENCES accounts(id) ON DELETE CASCADE,
  amount INTEGER NOT NULL CHECK (amount <> 0 AND abs(amount) <= 1000000000000000),
  to_amount INTEGER CHECK (to_amount IS NULL OR (to_amount > 0 AND to_amount <= 1000000000000000)),
  description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
  category_id TEXT REFERENCES categories(id) ON DELETE SET NULL,
  payee TEXT,
  rule_kind TEXT NOT NULL CHECK (rule_kind IN ('days', 'weeks', 'months', 'monthlyDay', 'quincena', 'yearly')),
  rule_interval INTEGER NOT NULL DEFAULT 1 CHECK (rule_interval BETWEEN 1 AND 366),
  rule_day INTEGER CHECK (rule_day IS NULL OR rule_day BETWEEN 1 AND 31),
  start_date TEXT NOT NULL CHECK (length(start_date) = 10),
  end_date TEXT CHECK (end_date IS NULL OR length(end_date) = 10),
  max_count INTEGER CHECK (max_count IS NULL OR max_count BETWEEN 1 AND 1000),
  -- Occurrences before this day (the user's today when the schedule was made) are never posted:
  -- a schedule started in the past does not fill in months the user has already recorded.
  first_due TEXT NOT NULL CHECK (length(first_due) = 10),
  estimate INTEGER NOT NULL DEFAULT 0 CHECK (estimate IN (0, 1)),
  mode TEXT NOT NULL CHECK (mode IN ('auto', 'confirm')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX schedules_user ON schedules(user_id, id);
CREATE INDEX schedules_account ON schedules(account_id);
CREATE INDEX schedules_to_account ON schedules(to_account_id) WHERE to_account_id IS NOT NULL;
CREATE INDEX schedules_category ON schedules(category_id) WHERE category_id IS NOT NULL;

-- One occurrence changed: skipped, or another amount or description for that day only.
CREATE TABLE schedule_overrides (
  schedule_id TEXT NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
  date TEXT NOT NULL,
  skip INTEGER NOT NULL DEFAULT 0 CHECK (skip IN (0, 1)),
  amount INTEGER CHECK (amount IS NULL OR (amount <> 0 AND abs(amount) <= 1000000000000000)),
  description TEXT CHECK (description IS NULL OR length(description) BETWEEN 1 AND 200),
  PRIMARY KEY (schedule_id, date)
) WITHOUT ROWID;

-- Exactly once: an occurrence is posted only by writing its row here, in the same batch as its
-- transaction, and the key allows one row per schedule and day. The transaction's id is kept (no
-- reference: deleting the transaction later does not make the day post again).
CREATE TABLE schedule_postings (
  schedule_id TEXT NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
  date TEXT NOT NULL,
  transaction_id TEXT NOT NULL,
  posted_at INTEGER NOT NULL,
  PRIMARY KEY (schedule_id, date)
) WITHOUT ROWID;

-- "Found for you" suggestions the user dismissed (a key made from the payee or description).
CREATE TABLE schedule_dismissals (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  dismissed_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
