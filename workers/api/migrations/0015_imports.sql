-- Each CSV import that added rows, so that it can be undone as a whole (docs/decisions/038).
-- `remaining` counts the import's rows still in the account: a trigger takes one off for each row
-- deleted (one at a time, or by the undo), so the page can list an import without counting rows.
CREATE TABLE imports (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  file_name TEXT CHECK (file_name IS NULL OR length(file_name) BETWEEN 1 AND 255),
  imported INTEGER NOT NULL DEFAULT 0,
  remaining INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  undone_at INTEGER
);
-- The account's latest imports that still have rows (the transactions page lists a few).
CREATE INDEX imports_account ON imports(account_id, created_at) WHERE undone_at IS NULL AND remaining > 0;

-- Rows imported before this have none: they stay as they are, and can be deleted one by one.
ALTER TABLE transactions ADD COLUMN import_id TEXT REFERENCES imports(id) ON DELETE SET NULL;
CREATE INDEX transactions_import ON transactions(import_id) WHERE import_id IS NOT NULL;

CREATE TRIGGER transactions_ad_import AFTER DELETE ON transactions WHEN OLD.import_id IS NOT NULL BEGIN
  UPDATE imports SET remaining = remaining - 1 WHERE id = OLD.import_id;
END;
