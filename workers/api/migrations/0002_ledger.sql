-- The ledger: categories, accounts, transactions, a per-day summary, full-text search.
-- Balances are kept by triggers (accounts.balance = opening_balance + SUM(amount)) so no code path
-- can make them drift; docs/decisions/010-ledger-storage.md explains the per-day table.

CREATE TABLE categories (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE,
  kind TEXT NOT NULL DEFAULT 'expense' CHECK (kind IN ('expense', 'income')),
  color TEXT NOT NULL DEFAULT '#64748b',
  default_key TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, name)
);
CREATE UNIQUE INDEX categories_user_default ON categories(user_id, default_key) WHERE default_key IS NOT NULL;

CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  type TEXT NOT NULL CHECK (type IN ('checking', 'savings', 'credit_card', 'cash', 'wallet', 'loan')),
  currency TEXT NOT NULL CHECK (length(currency) = 3),
  institution TEXT,
  number TEXT,
  cci TEXT,
  opening_balance INTEGER NOT NULL DEFAULT 0 CHECK (abs(opening_balance) <= 1000000000000000),
  opening_date TEXT NOT NULL,
  archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  -- Cached: opening_balance + SUM(transactions.amount), maintained by the triggers below.
  -- Kept inside the exact range of a JavaScript number.
  balance INTEGER NOT NULL DEFAULT 0 CHECK (balance BETWEEN -9007199254740991 AND 9007199254740991),
  transaction_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX accounts_user ON accounts(user_id, archived);

CREATE TABLE transactions (
  -- Explicit rowid: the FTS index points at it, and VACUUM may renumber an implicit one.
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  date TEXT NOT NULL CHECK (length(date) = 10),
  description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
  amount INTEGER NOT NULL CHECK (abs(amount) <= 1000000000000000),
  category_id TEXT REFERENCES categories(id) ON DELETE SET NULL,
  payee TEXT,
  notes TEXT CHECK (notes IS NULL OR length(notes) <= 1000),
  status TEXT NOT NULL DEFAULT 'posted' CHECK (status IN ('pending', 'posted')),
  transfer_id TEXT,
  receipt_key TEXT,
  import_fingerprint TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
-- Keyset pagination and running-balance range sums (amount included: covering index).
CREATE INDEX transactions_account_date ON transactions(account_id, date, id, amount);
CREATE INDEX transactions_account_amount ON transactions(account_id, amount, id);
CREATE INDEX transactions_account_category ON transactions(account_id, category_id, date);
CREATE INDEX transactions_transfer ON transactions(transfer_id) WHERE transfer_id IS NOT NULL;
CREATE INDEX transactions_user ON transactions(user_id);
CREATE INDEX transactions_category ON transactions(category_id) WHERE category_id IS NOT NULL;
CREATE UNIQUE INDEX transactions_import_fingerprint ON transactions(account_id, import_fingerprint) WHERE import_fingerprint IS NOT NULL;

-- Money in, money out and count per account and day: bounded-cost running balances and totals.
CREATE TABLE account_days (
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  date TEXT NOT NULL,
  inflow INTEGER NOT NULL DEFAULT 0,
  outflow INTEGER NOT NULL DEFAULT 0,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, date)
) WITHOUT ROWID;

CREATE VIRTUAL TABLE transactions_fts USING fts5(
  description, payee, notes,
  content = 'transactions', content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER transactions_ai AFTER INSERT ON transactions BEGIN
  UPDATE accounts SET balance = balance + NEW.amount, transaction_count = transaction_count + 1 WHERE id = NEW.account_id;
  INSERT INTO account_days (account_id, date, inflow, outflow, count)
    VALUES (NEW.account_id, NEW.date, max(NEW.amount, 0), min(NEW.amount, 0), 1)
    ON CONFLICT (account_id, date) DO UPDATE SET inflow = inflow + excluded.inflow, outflow = outflow + excluded.outflow, count = count + 1;
  INSERT INTO transactions_fts (rowid, description, payee, notes) VALUES (NEW.seq, NEW.description, NEW.payee, NEW.notes);
END;

CREATE TRIGGER transactions_ad AFTER DELETE ON transactions BEGIN
  UPDATE accounts SET balance = balance - OLD.amount, transaction_count = transaction_count - 1 WHERE id = OLD.account_id;
  UPDATE account_days SET inflow = inflow - max(OLD.amount, 0), outflow = outflow - min(OLD.amount, 0), count = count - 1
    WHERE account_id = OLD.account_id AND date = OLD.date;
  DELETE FROM account_days WHERE account_id = OLD.account_id AND date = OLD.date AND count = 0;
  INSERT INTO transactions_fts (transactions_fts, rowid, description, payee, notes) VALUES ('delete', OLD.seq, OLD.description, OLD.payee, OLD.notes);
END;

CREATE TRIGGER transactions_au_money AFTER UPDATE OF amount, date, account_id ON transactions BEGIN
  UPDATE accounts SET balance = balance - OLD.amount, transaction_count = transaction_count - 1 WHERE id = OLD.account_id;
  UPDATE accounts SET balance = balance + NEW.amount, transaction_count = transaction_count + 1 WHERE id = NEW.account_id;
  UPDATE account_days SET inflow = inflow - max(OLD.amount, 0), outflow = outflow - min(OLD.amount, 0), count = count - 1
    WHERE account_id = OLD.account_id AND date = OLD.date;
  DELETE FROM account_days WHERE account_id = OLD.account_id AND date = OLD.date AND count = 0;
  INSERT INTO account_days (account_id, date, inflow, outflow, count)
    VALUES (NEW.account_id, NEW.date, max(NEW.amount, 0), min(NEW.amount, 0), 1)
    ON CONFLICT (account_id, date) DO UPDATE SET inflow = inflow + excluded.inflow, outflow = outflow + excluded.outflow, count = count + 1;
END;

CREATE TRIGGER transactions_au_text AFTER UPDATE OF description, payee, notes ON transactions BEGIN
  INSERT INTO transactions_fts (transactions_fts, rowid, description, payee, notes) VALUES ('delete', OLD.seq, OLD.description, OLD.payee, OLD.notes);
  INSERT INTO transactions_fts (rowid, description, payee, notes) VALUES (NEW.seq, NEW.description, NEW.payee, NEW.notes);
END;

CREATE TRIGGER accounts_opening_au AFTER UPDATE OF opening_balance ON accounts BEGIN
  UPDATE accounts SET balance = balance - OLD.opening_balance + NEW.opening_balance WHERE id = NEW.id;
END;

CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
