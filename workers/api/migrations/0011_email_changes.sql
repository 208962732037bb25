-- A change of sign-in email waits here until the new address proves it is the user's: the link
-- mailed to it (token stored as SHA-256, like password links) switches the email when opened.
CREATE TABLE email_changes (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  email_normalized TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX email_changes_user ON email_changes(user_id);
