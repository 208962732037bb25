-- The payee field's suggestions (GET /payees, issue 35): one user's payees with their dates and
-- categories, read from this index alone, in payee order for the GROUP BY.
CREATE INDEX transactions_user_payee ON transactions(user_id, payee, date, category_id) WHERE payee IS NOT NULL;
