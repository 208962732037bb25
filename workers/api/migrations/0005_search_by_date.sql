-- Text search that yields matches in the list's order (docs/decisions/010-ledger-storage.md).
--
-- transactions_fts (0002) keyed its entries by transactions.seq, so a search had to gather every
-- match of the account before it could sort them by date: O(matches). transactions_search keys
-- them by (day, seq) instead:
--
--   rowid = unixepoch(date) / 86400 * 2^36 + seq
--
-- so FTS5 walks one account's matches newest or oldest first and a page stops after its rows.
-- The account is a column of the index (its id without dashes, one token), so a search never
-- walks other accounts' matches. `seq` is recovered as rowid & (2^36 - 1), also for days before
-- 1970. Contentless (the text lives in transactions); detail=column and columnsize=0 because a
-- search needs no phrases, positions or ranking; prefixes of 2 to 4 letters are indexed because
-- every word of a search is a prefix. Entries are removed with FTS5's 'delete' command, which
-- needs the values that were indexed: the triggers hand it the old row.

DROP TRIGGER transactions_ai;
DROP TRIGGER transactions_ad;
DROP TRIGGER transactions_au_text;
DROP TABLE transactions_fts;

CREATE VIRTUAL TABLE transactions_search USING fts5(
  account, description, payee, notes,
  content = '', columnsize = 0, detail = column, prefix = '2 3 4',
  tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO transactions_search (rowid, account, description, payee, notes)
  SELECT unixepoch(date) / 86400 * 68719476736 + seq, replace(account_id, '-', ''), description, payee, notes FROM transactions;

CREATE TRIGGER transactions_ai AFTER INSERT ON transactions BEGIN
  UPDATE accounts SET balance = balance + NEW.amount, transaction_count = transaction_count + 1 WHERE id = NEW.account_id;
  INSERT INTO account_days (account_id, date, inflow, outflow, count)
    VALUES (NEW.account_id, NEW.date, max(NEW.amount, 0), min(NEW.amount, 0), 1)
    ON CONFLICT (account_id, date) DO UPDATE SET inflow = inflow + excluded.inflow, outflow = outflow + excluded.outflow, count = count + 1;
  INSERT INTO transactions_search (rowid, account, description, payee, notes)
    VALUES (unixepoch(NEW.date) / 86400 * 68719476736 + NEW.seq, replace(NEW.account_id, '-', ''), NEW.description, NEW.payee, NEW.notes);
END;

CREATE TRIGGER transactions_ad AFTER DELETE ON transactions BEGIN
  UPDATE accounts SET balance = balance - OLD.amount, transaction_count = transaction_count - 1 WHERE id = OLD.account_id;
  UPDATE account_days SET inflow = inflow - max(OLD.amount, 0), outflow = outflow - min(OLD.amount, 0), count = count - 1
    WHERE account_id = OLD.account_id AND date = OLD.date;
  DELETE FROM account_days WHERE account_id = OLD.account_id AND date = OLD.date AND count = 0;
  INSERT INTO transactions_search (transactions_search, rowid, account, description, payee, notes)
    VALUES ('delete', unixepoch(OLD.date) / 86400 * 68719476736 + OLD.seq, replace(OLD.account_id, '-', ''), OLD.description, OLD.payee, OLD.notes);
END;

-- The entry's rowid holds the date and its account column the account: either change moves it.
CREATE TRIGGER transactions_au_search AFTER UPDATE OF description, payee, notes, date, account_id ON transactions BEGIN
  INSERT INTO transactions_search (transactions_search, rowid, account, description, payee, notes)
    VALUES ('delete', unixepoch(OLD.date) / 86400 * 68719476736 + OLD.seq, replace(OLD.account_id, '-', ''), OLD.description, OLD.payee, OLD.notes);
  INSERT INTO transactions_search (rowid, account, description, payee, notes)
    VALUES (unixepoch(NEW.date) / 86400 * 68719476736 + NEW.seq, replace(NEW.account_id, '-', ''), NEW.description, NEW.payee, NEW.notes);
END;
