-- Budgets by period (issue 37, docs/decisions/057-budgets-by-period.md): a budget per user, in one
-- currency, for a period kind; lines per expense category (category_id NULL: everything else).
CREATE TABLE budgets (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  currency TEXT NOT NULL CHECK (length(currency) = 3),
  period TEXT NOT NULL CHECK (period IN ('monthly', 'quincena', 'payCycle')),
  cycle_day INTEGER NOT NULL DEFAULT 1 CHECK (cycle_day BETWEEN 1 AND 31),
  -- Rollover counts from the period that contains this day.
  starts_on TEXT NOT NULL CHECK (length(starts_on) = 10),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX budgets_user ON budgets(user_id, created_at);

CREATE TABLE budget_lines (
  id TEXT PRIMARY KEY,
  budget_id TEXT NOT NULL REFERENCES budgets(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- A deleted category takes its line along: its transactions become uncategorized (everything else).
  category_id TEXT REFERENCES categories(id) ON DELETE CASCADE,
  amount INTEGER NOT NULL CHECK (amount BETWEEN 0 AND 1000000000000000),
  rollover TEXT NOT NULL DEFAULT 'none' CHECK (rollover IN ('none', 'unspent', 'all')),
  position INTEGER NOT NULL DEFAULT 0
);
-- One line per category per budget, and one "everything else".
CREATE UNIQUE INDEX budget_lines_category ON budget_lines(budget_id, COALESCE(category_id, ''));
CREATE INDEX budget_lines_category_ref ON budget_lines(category_id) WHERE category_id IS NOT NULL;

-- A period's (and a rollover history's) spending per category read from the index alone:
-- transactions_user_date (user_id, date, id, amount) lacks the category and the account, so each
-- row of the range was a table lookup. Transfers are never spending: the partial index leaves them out
-- (transfer_id is a column only so that SQLite sees the index covers the query; it is always NULL there).
CREATE INDEX transactions_user_spending ON transactions(user_id, date, category_id, account_id, amount, transfer_id) WHERE transfer_id IS NULL;
