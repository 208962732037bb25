-- The register across accounts (GET /transactions, ADR 054) pages a user's rows in (date, id)
-- order and checks a page's amount filters on the index entry. transactions_user_date (0004) held
-- (user_id, date) only: each row's id came from the table and a page sorted each day's rows.
-- The same name, with id and amount: the overview and the export read it as before.
DROP INDEX transactions_user_date;
CREATE INDEX transactions_user_date ON transactions(user_id, date, id, amount);
