-- Security notices the mail provider has not taken yet (docs/decisions/034). A notice is written
-- here before it is sent and deleted once the provider takes it; what is left (a provider down
-- for longer than the tries after the answer) the hourly cron sends again, for up to three days.
-- No reference to users: a notice about a change must reach the owner's address even if whoever
-- made the change deletes the account next. The undo link in an email-change notice sits here in
-- the clear only until the mail is sent.
CREATE TABLE pending_notices (
  id TEXT PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL
);
CREATE INDEX pending_notices_due ON pending_notices(next_attempt_at);
