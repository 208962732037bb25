-- Budgets' spending per day (issue 37, docs/decisions/065-budget-day-totals.md): money out and in
-- per user, calendar day, account and category (`''` for none), transfers left out, kept by
-- triggers on transactions like month_totals (migration 0028, ADR 059), so a budget report reads
-- a row per day, account and category however many transactions there are. A day serves every
-- period kind (monthly, quincena, pay cycle) and the day's rate for another currency.
-- Outflow is the sum of the negative amounts, inflow of the others; each has its count, so the
-- report still counts exactly the transactions it leaves out for want of a rate. Whether inflow
-- is spending (a refund in an expense category) is the category's kind, read at report time.
CREATE TABLE day_totals (
  user_id TEXT NOT NULL,
  date TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  category TEXT NOT NULL,
  outflow INTEGER NOT NULL DEFAULT 0,
  out_count INTEGER NOT NULL DEFAULT 0,
  inflow INTEGER NOT NULL DEFAULT 0,
  in_count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, date, account_id, category)
) WITHOUT ROWID;
CREATE INDEX day_totals_account ON day_totals(account_id);

INSERT INTO day_totals (user_id, date, account_id, category, outflow, out_count, inflow, in_count)
  SELECT user_id, date, account_id, COALESCE(category_id, ''),
         COALESCE(SUM(CASE WHEN amount < 0 THEN amount END), 0), COUNT(CASE WHEN amount < 0 THEN 1 END),
         COALESCE(SUM(CASE WHEN amount >= 0 THEN amount END), 0), COUNT(CASE WHEN amount >= 0 THEN 1 END)
    FROM transactions WHERE transfer_id IS NULL
   GROUP BY user_id, date, account_id, COALESCE(category_id, '');

CREATE TRIGGER day_totals_ai AFTER INSERT ON transactions WHEN NEW.transfer_id IS NULL BEGIN
  INSERT INTO day_totals (user_id, date, account_id, category, outflow, out_count, inflow, in_count)
    VALUES (NEW.user_id, NEW.date, NEW.account_id, COALESCE(NEW.category_id, ''),
            min(NEW.amount, 0), NEW.amount < 0, max(NEW.amount, 0), NEW.amount >= 0)
    ON CONFLICT (user_id, date, account_id, category) DO UPDATE SET outflow = outflow + excluded.outflow, out_count = out_count + excluded.out_count,
      inflow = inflow + excluded.inflow, in_count = in_count + excluded.in_count;
END;

CREATE TRIGGER day_totals_ad AFTER DELETE ON transactions WHEN OLD.transfer_id IS NULL BEGIN
  UPDATE day_totals SET outflow = outflow - min(OLD.amount, 0), out_count = out_count - (OLD.amount < 0),
      inflow = inflow - max(OLD.amount, 0), in_count = in_count - (OLD.amount >= 0)
    WHERE user_id = OLD.user_id AND date = OLD.date AND account_id = OLD.account_id AND category = COALESCE(OLD.category_id, '');
  DELETE FROM day_totals WHERE user_id = OLD.user_id AND date = OLD.date AND account_id = OLD.account_id AND category = COALESCE(OLD.category_id, '')
    AND out_count = 0 AND in_count = 0;
END;

-- An edit is the old row taken out and the new one put in, two triggers each with its own
-- condition (a row may become or cease to be a transfer leg); in either order the totals end the same.
CREATE TRIGGER day_totals_au_old AFTER UPDATE OF amount, date, account_id, category_id, transfer_id, user_id ON transactions
WHEN OLD.transfer_id IS NULL BEGIN
  UPDATE day_totals SET outflow = outflow - min(OLD.amount, 0), out_count = out_count - (OLD.amount < 0),
      inflow = inflow - max(OLD.amount, 0), in_count = in_count - (OLD.amount >= 0)
    WHERE user_id = OLD.user_id AND date = OLD.date AND account_id = OLD.account_id AND category = COALESCE(OLD.category_id, '');
  DELETE FROM day_totals WHERE user_id = OLD.user_id AND date = OLD.date AND account_id = OLD.account_id AND category = COALESCE(OLD.category_id, '')
    AND out_count = 0 AND in_count = 0;
END;

CREATE TRIGGER day_totals_au_new AFTER UPDATE OF amount, date, account_id, category_id, transfer_id, user_id ON transactions
WHEN NEW.transfer_id IS NULL BEGIN
  INSERT INTO day_totals (user_id, date, account_id, category, outflow, out_count, inflow, in_count)
    VALUES (NEW.user_id, NEW.date, NEW.account_id, COALESCE(NEW.category_id, ''),
            min(NEW.amount, 0), NEW.amount < 0, max(NEW.amount, 0), NEW.amount >= 0)
    ON CONFLICT (user_id, date, account_id, category) DO UPDATE SET outflow = outflow + excluded.outflow, out_count = out_count + excluded.out_count,
      inflow = inflow + excluded.inflow, in_count = in_count + excluded.in_count;
END;
