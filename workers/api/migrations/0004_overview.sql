-- The overview reads a user's newest transactions and one month of them across accounts.
CREATE INDEX transactions_user_date ON transactions(user_id, date);
