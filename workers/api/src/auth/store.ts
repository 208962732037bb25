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

/** Seconds until a lock ends, or null when there is none now. */
export function lockedForSeconds(row: { locked_until: number | null } | undefined, now: number): number | null {
  return row?.locked_until && row.locked_until > now ? Math.ceil((row.locked_until - now) / 1000) : null;
}

/** What a reservation says: whether this attempt may be checked, and the lock (seconds) it is under now. */
export interface Reservation {
  admitted: boolean;
  /** The attempt that brought the count to `max`: it set the lock (and its owner is told once). */
  locking: boolean;
  lockedFor: number | null;
}

/**
 * Reserves one attempt before the password is hashed: one statement counts it as a failure at once
 * (a guess still being checked counts, so a burst cannot all pass a lock that is not yet written)
 * and the attempt that brings the count to `max` sets the lock. Attempts refused while locked are
 * counted too, so a burst leaves a count a later success cannot bring back under the limit.
 * An attempt is admitted while the count it makes is at most `max`: at most `max` passwords are
 * checked per window, however many arrive at once. Batched with the user's lookup (one round trip).
 */
export function reserveLoginAttempt(db: D1Database, emailHash: string, lockout: Lockout, now: number): D1PreparedStatement {
  // A count older than the window, or one whose lock is over, starts again (session 24: an ended
  // lock left in place made every later failure a restart). A lock still running stays.
  const restart = "(COALESCE(locked_until, 0) <= ?2 AND (first_failed_at <= ?3 OR locked_until IS NOT NULL))";
  const counted = `(CASE WHEN ${restart} THEN 1 ELSE failures + 1 END)`;
  return db
    .prepare(
      `INSERT INTO login_failures (email_hash, failures, first_failed_at, locked_until)
       VALUES (?1, 1, ?2, CASE WHEN 1 >= ?4 THEN ?5 END)
       ON CONFLICT (email_hash) DO UPDATE SET
         failures = ${counted},
         first_failed_at = CASE WHEN ${restart} THEN ?2 ELSE first_failed_at END,
         locked_until = CASE WHEN locked_until > ?2 THEN locked_until WHEN ${counted} >= ?4 THEN ?5 ELSE NULL END
       RETURNING failures, locked_until`,
    )
    .bind(emailHash, now, now - lockout.windowMs, lockout.max, now + lockout.lockMs);
}

/** What the statement of `reserveLoginAttempt` returned, read. */
export function readReservation(row: { failures: number; locked_until: number | null } | undefined, lockout: Lockout, now: number): Reservation {
  const failures = row?.failures ?? 1;
  return { admitted: failures <= lockout.max, locking: failures === lockout.max, lockedFor: lockedForSeconds(row ?? undefined, now) };
}

/**
 * A reserved attempt whose password was right: its failure is taken back, in the same batch the
 * count is cleared, but only when that leaves the email unlocked. A lock the burst around it
 * earned (other attempts that reached `max`) stays, and the success is answered as locked.
 * Answers the seconds still locked, or null when the sign-in may go on.
 */
export async function settleLoginSuccess(db: D1Database, emailHash: string, lockout: Lockout, now = Date.now()): Promise<number | null> {
  const [refund] = await db.batch([
    db
      .prepare(
        `UPDATE login_failures SET failures = failures - 1,
           locked_until = CASE WHEN failures - 1 >= ?2 AND locked_until > ?3 THEN locked_until ELSE NULL END
         WHERE email_hash = ?1 RETURNING locked_until`,
      )
      .bind(emailHash, lockout.max, now),
    db.prepare("DELETE FROM login_failures WHERE email_hash = ?1 AND locked_until IS NULL").bind(emailHash),
  ]);
  return lockedForSeconds(refund?.results[0] as { locked_until: number | null } | undefined, now);
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
