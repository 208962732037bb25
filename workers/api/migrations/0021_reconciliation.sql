-- Reconciliation (issue 35, docs/decisions/052-transfers-from-movements-and-reconciliation.md):
-- a movement the user has agreed with the bank carries the time they did; each agreement is kept
-- as a balance checkpoint: the account's balance at the end of a day, as the bank gave it.
-- "Reconciled" is a flag beside the status, not a third status: pending/posted is what the bank
-- says of a movement, reconciled is what the user checked against the bank's balance.

ALTER TABLE transactions ADD COLUMN reconciled_at INTEGER;

CREATE TABLE balance_checkpoints (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  date TEXT NOT NULL CHECK (length(date) = 10),
  -- The bank's balance at the end of `date`, in the account's minor units.
  balance INTEGER NOT NULL CHECK (abs(balance) <= 9007199254740991),
  -- 'reconcile': the user agreed with it; 'import': a bank file's balance column (not wired yet).
  source TEXT NOT NULL DEFAULT 'reconcile' CHECK (source IN ('reconcile', 'import')),
  created_at INTEGER NOT NULL
);
CREATE INDEX balance_checkpoints_account ON balance_checkpoints(account_id, date);
CREATE INDEX balance_checkpoints_user ON balance_checkpoints(user_id);
