-- The data-page floor's tables: Tesoro's sessions and transactions columns (workers/api/migrations
-- 0001_auth.sql, 0002_ledger.sql) and the indexes a read of them uses. No users, accounts or
-- triggers: they cost on writes, and the floor's route only reads.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL,
  remember INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  user_agent TEXT,
  ip TEXT,
  revoked_at INTEGER
);

CREATE TABLE transactions (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  account_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  date TEXT NOT NULL CHECK (length(date) = 10),
  description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
  amount INTEGER NOT NULL,
  category_id TEXT,
  payee TEXT,
  notes TEXT,
  status TEXT NOT NULL DEFAULT 'posted' CHECK (status IN ('pending', 'posted')),
  transfer_id TEXT,
  receipt_key TEXT,
  import_fingerprint TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX transactions_account_date ON transactions(account_id, date, id, amount);
