-- A CSV file sent once and kept while the user maps its columns (docs/decisions/047): the file is
-- in R2 (`object_key`, under `drafts/<userId>/`), this row says whose it is, for which account,
-- and until when. Mapping changes, the preview and the import name the draft by its id; the import
-- deletes it in its own batch, and a draft past `expires_at` (24 hours) is refused and deleted.
CREATE TABLE import_drafts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  object_key TEXT NOT NULL UNIQUE,
  file_name TEXT CHECK (file_name IS NULL OR length(file_name) BETWEEN 1 AND 255),
  size INTEGER NOT NULL CHECK (size > 0),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
-- A user's drafts, newest last (a new one drops those past the few kept), and the hourly sweep's.
CREATE INDEX import_drafts_user ON import_drafts(user_id, created_at);
CREATE INDEX import_drafts_expiry ON import_drafts(expires_at);

-- A deleted draft (imported, discarded, expired, or gone with its account or user by a cascade)
-- leaves its file's key in the R2 trash of migration 0003, which the API empties after the
-- request: no path that deletes drafts has to remember R2.
CREATE TRIGGER import_drafts_ad AFTER DELETE ON import_drafts BEGIN
  INSERT OR IGNORE INTO receipt_trash (key, queued_at) VALUES (OLD.object_key, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;
