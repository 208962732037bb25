-- Reports (ADR 059): money in and out per user, month (YYYY-MM), account and category, and per
-- month, account and payee, kept by triggers on transactions like account_days (ADR 010), so a
-- report reads one row per account, month and category however many transactions there are.
-- Every path that writes transactions (the form, transfers, imports and their undo, bulk edits,
-- bulk delete and its restore, an account or category deleted) goes through these triggers.
-- Transfers between own accounts are kept apart (transfer_in, transfer_out): they change a
-- balance (net worth) but are not money in or out (cash flow). `category` is '' for none.
CREATE TABLE month_totals (
  user_id TEXT NOT NULL,
  month TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  category TEXT NOT NULL,
  inflow INTEGER NOT NULL DEFAULT 0,
  outflow INTEGER NOT NULL DEFAULT 0,
  transfer_in INTEGER NOT NULL DEFAULT 0,
  transfer_out INTEGER NOT NULL DEFAULT 0,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, month, account_id, category)
) WITHOUT ROWID;
CREATE INDEX month_totals_account ON month_totals(account_id);

-- Money in and out per payee (transfers and rows without a payee left out): the top payees.
CREATE TABLE month_payees (
  user_id TEXT NOT NULL,
  month TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  payee TEXT NOT NULL,
  inflow INTEGER NOT NULL DEFAULT 0,
  outflow INTEGER NOT NULL DEFAULT 0,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, month, account_id, payee)
) WITHOUT ROWID;
CREATE INDEX month_payees_account ON month_payees(account_id);

INSERT INTO month_totals (user_id, month, account_id, category, inflow, outflow, transfer_in, transfer_out, count)
  SELECT user_id, substr(date, 1, 7), account_id, COALESCE(category_id, ''),
         COALESCE(SUM(CASE WHEN transfer_id IS NULL AND amount > 0 THEN amount END), 0),
         COALESCE(SUM(CASE WHEN transfer_id IS NULL AND amount < 0 THEN amount END), 0),
         COALESCE(SUM(CASE WHEN transfer_id IS NOT NULL AND amount > 0 THEN amount END), 0),
         COALESCE(SUM(CASE WHEN transfer_id IS NOT NULL AND amount < 0 THEN amount END), 0),
         COUNT(*)
    FROM transactions GROUP BY user_id, substr(date, 1, 7), account_id, COALESCE(category_id, '');

INSERT INTO month_payees (user_id, month, account_id, payee, inflow, outflow, count)
  SELECT user_id, substr(date, 1, 7), account_id, payee, SUM(max(amount, 0)), SUM(min(amount, 0)), COUNT(*)
    FROM transactions WHERE transfer_id IS NULL AND payee IS NOT NULL
   GROUP BY user_id, substr(date, 1, 7), account_id, payee;

CREATE TRIGGER month_totals_ai AFTER INSERT ON transactions BEGIN
  INSERT INTO month_totals (user_id, month, account_id, category, inflow, outflow, transfer_in, transfer_out, count)
    VALUES (NEW.user_id, substr(NEW.date, 1, 7), NEW.account_id, COALESCE(NEW.category_id, ''),
            CASE WHEN NEW.transfer_id IS NULL THEN max(NEW.amount, 0) ELSE 0 END, CASE WHEN NEW.transfer_id IS NULL THEN min(NEW.amount, 0) ELSE 0 END,
            CASE WHEN NEW.transfer_id IS NULL THEN 0 ELSE max(NEW.amount, 0) END, CASE WHEN NEW.transfer_id IS NULL THEN 0 ELSE min(NEW.amount, 0) END, 1)
    ON CONFLICT (user_id, month, account_id, category) DO UPDATE SET inflow = inflow + excluded.inflow, outflow = outflow + excluded.outflow,
      transfer_in = transfer_in + excluded.transfer_in, transfer_out = transfer_out + excluded.transfer_out, count = count + 1;
END;

CREATE TRIGGER month_totals_ad AFTER DELETE ON transactions BEGIN
  UPDATE month_totals SET
      inflow = inflow - CASE WHEN OLD.transfer_id IS NULL THEN max(OLD.amount, 0) ELSE 0 END,
      outflow = outflow - CASE WHEN OLD.transfer_id IS NULL THEN min(OLD.amount, 0) ELSE 0 END,
      transfer_in = transfer_in - CASE WHEN OLD.transfer_id IS NULL THEN 0 ELSE max(OLD.amount, 0) END,
      transfer_out = transfer_out - CASE WHEN OLD.transfer_id IS NULL THEN 0 ELSE min(OLD.amount, 0) END,
      count = count - 1
    WHERE user_id = OLD.user_id AND month = substr(OLD.date, 1, 7) AND account_id = OLD.account_id AND category = COALESCE(OLD.category_id, '');
  DELETE FROM month_totals WHERE user_id = OLD.user_id AND month = substr(OLD.date, 1, 7) AND account_id = OLD.account_id AND category = COALESCE(OLD.category_id, '') AND count = 0;
END;

-- An edit is the old row taken out and the new one put in (its month, account, category or being a transfer may change).
CREATE TRIGGER month_totals_au AFTER UPDATE OF amount, date, account_id, category_id, transfer_id, user_id ON transactions BEGIN
  UPDATE month_totals SET
      inflow = inflow - CASE WHEN OLD.transfer_id IS NULL THEN max(OLD.amount, 0) ELSE 0 END,
      outflow = outflow - CASE WHEN OLD.transfer_id IS NULL THEN min(OLD.amount, 0) ELSE 0 END,
      transfer_in = transfer_in - CASE WHEN OLD.transfer_id IS NULL THEN 0 ELSE max(OLD.amount, 0) END,
      transfer_out = transfer_out - CASE WHEN OLD.transfer_id IS NULL THEN 0 ELSE min(OLD.amount, 0) END,
      count = count - 1
    WHERE user_id = OLD.user_id AND month = substr(OLD.date, 1, 7) AND account_id = OLD.account_id AND category = COALESCE(OLD.category_id, '');
  DELETE FROM month_totals WHERE user_id = OLD.user_id AND month = substr(OLD.date, 1, 7) AND account_id = OLD.account_id AND category = COALESCE(OLD.category_id, '') AND count = 0;
  INSERT INTO month_totals (user_id, month, account_id, category, inflow, outflow, transfer_in, transfer_out, count)
    VALUES (NEW.user_id, substr(NEW.date, 1, 7), NEW.account_id, COALESCE(NEW.category_id, ''),
            CASE WHEN NEW.transfer_id IS NULL THEN max(NEW.amount, 0) ELSE 0 END, CASE WHEN NEW.transfer_id IS NULL THEN min(NEW.amount, 0) ELSE 0 END,
            CASE WHEN NEW.transfer_id IS NULL THEN 0 ELSE max(NEW.amount, 0) END, CASE WHEN NEW.transfer_id IS NULL THEN 0 ELSE min(NEW.amount, 0) END, 1)
    ON CONFLICT (user_id, month, account_id, category) DO UPDATE SET inflow = inflow + excluded.inflow, outflow = outflow + excluded.outflow,
      transfer_in = transfer_in + excluded.transfer_in, transfer_out = transfer_out + excluded.transfer_out, count = count + 1;
END;

CREATE TRIGGER month_payees_ai AFTER INSERT ON transactions WHEN NEW.transfer_id IS NULL AND NEW.payee IS NOT NULL BEGIN
  INSERT INTO month_payees (user_id, month, account_id, payee, inflow, outflow, count)
    VALUES (NEW.user_id, substr(NEW.date, 1, 7), NEW.account_id, NEW.payee, max(NEW.amount, 0), min(NEW.amount, 0), 1)
    ON CONFLICT (user_id, month, account_id, payee) DO UPDATE SET inflow = inflow + excluded.inflow, outflow = outflow + excluded.outflow, count = count + 1;
END;

CREATE TRIGGER month_payees_ad AFTER DELETE ON transactions WHEN OLD.transfer_id IS NULL AND OLD.payee IS NOT NULL BEGIN
  UPDATE month_payees SET inflow = inflow - max(OLD.amount, 0), outflow = outflow - min(OLD.amount, 0), count = count - 1
    WHERE user_id = OLD.user_id AND month = substr(OLD.date, 1, 7) AND account_id = OLD.account_id AND payee = OLD.payee;
  DELETE FROM month_payees WHERE user_id = OLD.user_id AND month = substr(OLD.date, 1, 7) AND account_id = OLD.account_id AND payee = OLD.payee AND count = 0;
END;

-- Taking the old row out and putting the new one in are two triggers, each with its own condition;
-- in either order the counts end the same.
CREATE TRIGGER month_payees_au_old AFTER UPDATE OF amount, date, account_id, payee, transfer_id, user_id ON transactions
WHEN OLD.transfer_id IS NULL AND OLD.payee IS NOT NULL BEGIN
  UPDATE month_payees SET inflow = inflow - max(OLD.amount, 0), outflow = outflow - min(OLD.amount, 0), count = count - 1
    WHERE user_id = OLD.user_id AND month = substr(OLD.date, 1, 7) AND account_id = OLD.account_id AND payee = OLD.payee;
  DELETE FROM month_payees WHERE user_id = OLD.user_id AND month = substr(OLD.date, 1, 7) AND account_id = OLD.account_id AND payee = OLD.payee AND count = 0;
END;

CREATE TRIGGER month_payees_au_new AFTER UPDATE OF amount, date, account_id, payee, transfer_id, user_id ON transactions
WHEN NEW.transfer_id IS NULL AND NEW.payee IS NOT NULL BEGIN
  INSERT INTO month_payees (user_id, month, account_id, payee, inflow, outflow, count)
    VALUES (NEW.user_id, substr(NEW.date, 1, 7), NEW.account_id, NEW.payee, max(NEW.amount, 0), min(NEW.amount, 0), 1)
    ON CONFLICT (user_id, month, account_id, payee) DO UPDATE SET inflow = inflow + excluded.inflow, outflow = outflow + excluded.outflow, count = count + 1;
END;
