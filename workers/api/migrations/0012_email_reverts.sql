-- The way back from a change of sign-in email the owner did not make: the notice mailed to the
-- old address carries a link (token stored as SHA-256) that gives the account that address back,
-- ends every session and leads to a new password. Kept apart from email_changes, whose rows a new
-- request voids: someone holding the account must not be able to void the owner's way back.
-- While a link is usable its address is held for the owner: no one else may sign up with it or
-- move to it (email_reverts_address).
CREATE TABLE email_reverts (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  email_normalized TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  claim TEXT
);
CREATE INDEX email_reverts_user ON email_reverts(user_id, created_at);
CREATE INDEX email_reverts_address ON email_reverts(email_normalized) WHERE used_at IS NULL;

-- Single-use links are claimed with a value of the request's own (`claim`), not with the time:
-- two requests in the same millisecond, one claiming a link and one voiding it, could otherwise
-- both see "used_at = now" and both go on.
ALTER TABLE email_changes ADD COLUMN claim TEXT;
ALTER TABLE password_links ADD COLUMN claim TEXT;
