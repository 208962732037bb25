-- Every figure the API derives from a user's money (a running balance, a filtered total, a
-- currency's balance across accounts, a month's money in and out, spending by category) is a sum
-- of some of that user's amounts and opening balances, so it is never larger than their gross
-- volume: the opening balances, money in and money out of all their accounts, in absolute value.
-- Keeping that volume within 2^53 - 1 minor units keeps every such figure an exact JavaScript
-- number; a write that would pass it is refused (422, "out of the range Tesoro can keep exactly").
-- Only growth is checked, so a user already past the bound can still delete and edit downwards.
-- (docs/decisions/010-ledger-storage.md)

CREATE TRIGGER accounts_volume_bound_au BEFORE UPDATE OF inflow, outflow, opening_balance ON accounts
WHEN abs(NEW.opening_balance) + NEW.inflow - NEW.outflow > abs(OLD.opening_balance) + OLD.inflow - OLD.outflow
  AND abs(NEW.opening_balance) + NEW.inflow - NEW.outflow
    + COALESCE((SELECT SUM(abs(opening_balance) + inflow - outflow) FROM accounts WHERE user_id = NEW.user_id AND id <> NEW.id), 0)
    > 9007199254740991
BEGIN
  SELECT RAISE(ABORT, 'money volume out of range');
END;

CREATE TRIGGER accounts_volume_bound_bi BEFORE INSERT ON accounts
WHEN abs(NEW.opening_balance)
    + COALESCE((SELECT SUM(abs(opening_balance) + inflow - outflow) FROM accounts WHERE user_id = NEW.user_id), 0)
    > 9007199254740991
BEGIN
  SELECT RAISE(ABORT, 'money volume out of range');
END;
