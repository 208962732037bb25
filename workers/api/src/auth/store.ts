/**
 * The SQL of signing in and of passwords: the per-email lockout (login_failures), a user's
 * password, and the statements a password link's claim runs in its batch.
 */

/**
 * The sign-in lockout: `max` failures within `windowMs` of the first one lock for `lockMs`. Kept
 * per hash of the normalized email, never per user row, and counted whether or not an account
 * has that email, so a lock tells nothing about who has an account (docs/decisions/004-throttles.md).
 */
export interface Lockout {
  max: number;
  windowMs: number;
  lockMs: number;
}

/** The prepared read of a lock, to batch with the user lookup (one round trip either way). */
export function lockQuery(db: D1Database, emailHash: string) {
  return db.prepare("SELECT locked_until FROM login_failures WHERE email_hash = ?1").bind(emailHash);
}

/** Seconds until the lock read by `lockQuery` ends, or null when there is none now. */
export function lockedForSeconds(row: { locked_until: number | null } | undefined, now: number): number | null {
  return row?.locked_until && row.locked_until > now ? Math.ceil((row.locked_until - now) / 1000) : null;
}

/**
 * Counts one failure in one statement (concurrent failures cannot slip past the count) and
 * says for how many seconds the email is now locked: the failure that reaches `max` locks.
 */
export async function recordLoginFailure(db: D1Database, emailHash: string, lockout: Lockout, now = Date.now()): Promise<number | null> {
  // A count older than the window, or one that already locked (and the lock is over), starts again,
  // and an ended lock goes with it: left in place, it made every later failure a restart, so the
  // count never reached the limit again (found in session 24, "locks again after a lock ends").
  // A lock still running stays (a failure that passed the lock check before the lock began).
  const restart = "(first_failed_at <= ?3 OR locked_until <= ?2)";
  const row = await db
    .prepare(
      `INSERT INTO login_failures (email_hash, failures, first_failed_at, locked_until)
       VALUES (?1, 1, ?2, CASE WHEN 1 >= ?4 THEN ?5 END)
       ON CONFLICT (email_hash) DO UPDATE SET
         failures = CASE WHEN ${restart} THEN 1 ELSE failures + 1 END,
         first_failed_at = CASE WHEN ${restart} THEN ?2 ELSE first_failed_at END,
         locked_until = CASE WHEN (CASE WHEN ${restart} THEN 1 ELSE failures + 1 END) >= ?4 THEN ?5 WHEN locked_until <= ?2 THEN NULL ELSE locked_until END
       RETURNING locked_until`,
    )
    .bind(emailHash, now, now - lockout.windowMs, lockout.max, now + lockout.lockMs)
    .first<{ locked_until: number | null }>();
  return lockedForSeconds(row ?? undefined, now);
}

/** A successful sign-in (or a password set through a mailed link) starts the count afresh. */
export function clearLoginFailures(db: D1Database, emailHash: string) {
  return db.prepare("DELETE FROM login_failures WHERE email_hash = ?1").bind(emailHash);
}

/** A user's new password hash (a rehash at sign-in, or a change in Settings). */
export function setPasswordHash(db: D1Database, userId: string, passwordHash: string, now: number) {
  return db.prepare("UPDATE users SET password_hash = ?1, updated_at = ?2 WHERE id = ?3").bind(passwordHash, now, userId);
}

/**
 * The writes of a password link's claim (`claimLink(…).then`): each takes `won`, the claim's
 * condition, and its parameters from ?3 on.
 */
export const PASSWORD_LINK_SQL = {
  /** ?3 hash, ?4 now, ?5 user id. */
  setPassword: (won: string) => `UPDATE users SET password_hash = ?3, updated_at = ?4 WHERE id = ?5 AND ${won}`,
  /** ?3 email hash. */
  clearLoginFailures: (won: string) => `DELETE FROM login_failures WHERE email_hash = ?3 AND ${won}`,
};
