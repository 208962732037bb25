-- The sign-in lockout moves off the user row to a table keyed by a hash of the normalized email,
-- written for emails without an account too: a lock then looks the same whether or not the
-- account exists (docs/decisions/004-throttles.md). Locks in flight when this runs are dropped;
-- they would have ended within 15 minutes anyway.
CREATE TABLE login_failures (
  email_hash TEXT PRIMARY KEY,
  -- Failures since first_failed_at; a failure 15 minutes or more after it starts a new count.
  failures INTEGER NOT NULL,
  first_failed_at INTEGER NOT NULL,
  locked_until INTEGER
);

ALTER TABLE users DROP COLUMN failed_logins;
ALTER TABLE users DROP COLUMN first_failed_at;
ALTER TABLE users DROP COLUMN locked_until;
