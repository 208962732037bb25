-- Money in and money out of each account's whole history, kept by the same triggers as its balance
-- and transaction count (docs/decisions/010-ledger-storage.md). The totals of an unfiltered list
-- are then read from the account's own row instead of summed over every day of its history
-- (account_days: one row per day, 7,300 rows for twenty years).

ALTER TABLE accounts ADD COLUMN inflow INTEGER NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN outflow INTEGER NOT NULL DEFAULT 0;

UPDATE accounts SET
  inflow = COALESCE((SELECT SUM(d.inflow) FROM account_days d WHERE d.account_id = accounts.id), 0),
  outflow = COALESCE((SELECT SUM(d.outflow) FROM account_days d WHERE d.account_id = accounts.id), 0);

DROP TRIGGER transactions_ai;
DROP TRIGGER transactions_ad;
DROP TRIGGER transactions_au_money;

CREATE TRIGGER transactions_ai AFTER INSERT ON transactions BEGIN
  UPDATE accounts SET balance = balance + NEW.amount, transaction_count = transaction_count + 1,
    inflow = inflow + max(NEW.amount, 0), outflow = outflow + min(NEW.amount, 0)
    WHERE id = NEW.account_id;
  INSERT INTO account_days (account_id, date, inflow, outflow, count)
    VALUES (NEW.account_id, NEW.date, max(NEW.amount, 0), min(NEW.amount, 0), 1)
    ON CONFLICT (account_id, date) DO UPDATE SET inflow = inflow + excluded.inflow, outflow = outflow + excluded.outflow, count = count + 1;
  INSERT INTO transactions_search (rowid, account, description, payee, notes)
    VALUES (unixepoch(NEW.date) / 86400 * 68719476736 + NEW.seq, replace(NEW.account_id, '-', ''), NEW.description, NEW.payee, NEW.notes);
END;

CREATE TRIGGER transactions_ad AFTER DELETE ON transactions BEGIN
  UPDATE accounts SET balance = balance - OLD.amount, transaction_count = transaction_count - 1,
    inflow = inflow - max(OLD.amount, 0), outflow = outflow - min(OLD.amount, 0)
    WHERE id = OLD.account_id;
  UPDATE account_days SET inflow = inflow - max(OLD.amount, 0), outflow = outflow - min(OLD.amount, 0), count = count - 1
    WHERE account_id = OLD.account_id AND date = OLD.date;
  DELETE FROM account_days WHERE account_id = OLD.account_id AND date = OLD.date AND count = 0;
  INSERT INTO transactions_search (transactions_search, rowid, account, description, payee, notes)
    VALUES ('delete', unixepoch(OLD.date) / 86400 * 68719476736 + OLD.seq, replace(OLD.account_id, '-', ''), OLD.description, OLD.payee, OLD.notes);
END;

CREATE TRIGGER transactions_au_money AFTER UPDATE OF amount, date, account_id ON transactions BEGIN
  UPDATE accounts SET balance = balance - OLD.amount, transaction_count = transaction_count - 1,
    inflow = inflow - max(OLD.amount, 0), outflow = outflow - min(OLD.amount, 0)
    WHERE id = OLD.account_id;
  UPDATE accounts SET balance = balance + NEW.amount, transaction_count = transaction_count + 1,
    inflow = inflow + max(NEW.amount, 0), outflow = outflow + min(NEW.amount, 0)
    WHERE id = NEW.account_id;
  UPDATE account_days SET inflow = inflow - max(OLD.amount, 0), outflow = outflow - min(OLD.amount, 0), count = count - 1
    WHERE account_id = OLD.account_id AND date = OLD.date;
  DELETE FROM account_days WHERE account_id = OLD.account_id AND date = OLD.date AND count = 0;
  INSERT INTO account_days (account_id, date, inflow, outflow, count)
    VALUES (NEW.account_id, NEW.date, max(NEW.amount, 0), min(NEW.amount, 0), 1)
    ON CONFLICT (account_id, date) DO UPDATE SET inflow = inflow + excluded.inflow, outflow = outflow + excluded.outflow, count = count + 1;
END;
