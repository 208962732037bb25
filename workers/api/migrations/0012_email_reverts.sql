-- The way back from a change of sign-in email the owner did not make: the notice mailed to the
-- old address carries a link (token stored as SHA-256) that gives the account that address back,
-- ends every session and leads to a new password. Kept apart from email_changes, whose rows a new
-- request voids: someone holding the account must not be able to void the owner's way back.
CREATE TABLE email_reverts (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  email_normalized TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX email_reverts_user ON email_reverts(user_id, created_at);
