-- Import matching and file checks (ADR 049): an import made although the lines above the file's
-- table disagreed with the account (its currency, its account number) keeps what disagreed, e.g.
-- "currency:USD" or "number:0011-0123-0200123456", so the choice made knowingly is on record.
ALTER TABLE imports ADD COLUMN file_check TEXT CHECK (file_check IS NULL OR length(file_check) <= 200);
