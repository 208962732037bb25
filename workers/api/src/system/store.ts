/** The SQL of housekeeping: the hourly sweep, and the development outbox's reads. */

/**
 * Old windows and ended lockouts are useless; dropped now and then on the write path. So are
 * sign-up links a day past their end: a sign-up's form (its hashed password too) is kept no longer.
 */
export async function sweep(db: D1Database, now = Date.now()): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM rate_limits WHERE window_start < ?1").bind(now - 24 * 3600_000),
    db.prepare("DELETE FROM login_failures WHERE first_failed_at < ?1 AND COALESCE(locked_until, 0) < ?2").bind(now - 24 * 3600_000, now),
    db.prepare("DELETE FROM signup_links WHERE expires_at < ?1").bind(now - 24 * 3600_000),
  ]);
}

/** Newest first, the latest 200, or with `to` the latest 200 to that address (as stored, any case). */
export function outboxMail(db: D1Database, to: string | null) {
  return db
    .prepare(
      "SELECT to_address AS \"to\", subject, text_body AS text, html_body AS html, sent_at AS sentAt FROM outbox WHERE ?1 IS NULL OR lower(to_address) = lower(?1) ORDER BY id DESC LIMIT 200",
    )
    .bind(to)
    .all();
}
