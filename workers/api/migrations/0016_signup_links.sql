-- Sign-ups waiting for their address to be confirmed (docs/decisions/039). A sign-up creates no
-- account: it mails a link to the address, and the account is made when the link is used, so the
-- sign-up's answer is the same whether or not the address has an account already. Only the
-- link's SHA-256 is kept, with what the form gave (the password already hashed).
CREATE TABLE signup_links (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  email_normalized TEXT NOT NULL,
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  locale TEXT NOT NULL CHECK (locale IN ('en', 'es')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  claim TEXT
);
-- A new sign-up for an address voids its older links; the hourly upkeep deletes spent ones.
CREATE INDEX signup_links_email ON signup_links(email_normalized) WHERE used_at IS NULL;
CREATE INDEX signup_links_expires ON signup_links(expires_at);
