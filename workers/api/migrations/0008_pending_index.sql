-- Pending transactions are few (card holds not yet posted) among many posted ones. Filtering a
-- list by status read the account's whole history to find them: at the 1M-row bench the page of
-- "pending" took 0.5 s and its totals 1.5 s, sorted by amount 3.2 s. This partial index holds only
-- the pending rows, in the list's (date, id) order with the amount, so the pending page and its
-- totals cost the number of pending rows; "posted" totals are then the whole set's minus these.
-- Queries name the status as a literal (`t.status = 'pending'`): SQLite uses a partial index only
-- when the query's WHERE implies the index's own.
CREATE INDEX transactions_pending ON transactions(account_id, date, id, amount) WHERE status = 'pending';
