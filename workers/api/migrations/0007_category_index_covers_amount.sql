-- The totals of a category filter (with or without dates) sum amounts over the category's rows.
-- With (account_id, category_id, date) each matching row was a second lookup into the table for
-- its amount; with the amount in the index the sum reads the index alone. At the 1M-row bench
-- (4,308 groceries rows in 90 days) the filtered total's query went from 3.5 to 0.8 ms.
DROP INDEX transactions_account_category;
CREATE INDEX transactions_account_category ON transactions(account_id, category_id, date, amount);
