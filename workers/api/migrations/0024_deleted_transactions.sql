-- Deleted transactions kept for undo (docs/decisions/053). A bulk delete moves each row here as a
-- JSON snapshot of all its columns (whatever columns later migrations add), in the batch that
-- deletes it, so balances, day totals, search and import counts are kept by the usual triggers and
-- no query has to skip deleted rows. A restore puts the row back with its own id and values.
-- Kept for a day, then purged; the receipt image (R2) stays while its snapshot does.
CREATE TABLE deleted_transactions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  receipt_key TEXT,
  deleted_at INTEGER NOT NULL,
  row TEXT NOT NULL CHECK (json_valid(row))
);
CREATE INDEX deleted_transactions_user ON deleted_transactions(user_id, deleted_at);

-- A snapshot that goes (purged, or with its account or user) takes its receipt image along; a
-- restore, which also deletes the snapshot, takes the key out of the trash in the same batch.
CREATE TRIGGER deleted_transactions_receipt_ad AFTER DELETE ON deleted_transactions
WHEN OLD.receipt_key IS NOT NULL BEGIN
  INSERT OR IGNORE INTO receipt_trash (key, queued_at) VALUES (OLD.receipt_key, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;
