-- What an imported row was when its file brought it: a hash of its day, amount and description,
-- kept through later edits (docs/decisions/012-csv.md). A statement imported again, with its
-- reference column mapped otherwise, finds the row by it even after the user edited the row.
-- Rows imported before this have none: they are compared by what they are now, as before.
ALTER TABLE transactions ADD COLUMN import_content TEXT;
CREATE INDEX transactions_import_content ON transactions(account_id, import_content) WHERE import_content IS NOT NULL;
