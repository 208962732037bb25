import type { MiddlewareHandler } from "hono";
import { throttleNetwork } from "./ip";

/**
 * Fixed-window throttles kept in D1. The Workers Rate Limiting binding only offers 10 s and 60 s
 * periods and cannot be exercised in local tests; hour-long windows and per-account lockouts need
 * state we can read back (docs/decisions/004-throttles.md).
 */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one hit and says whether it is within the limit. One statement, so concurrent hits cannot both slip under. */
export async function hit(db: D1Database, limit: Limit, now = Date.now()): Promise<LimitResult> {
  const windowStart = now - (now % limit.windowMs);
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
       RETURNING count`,
    )
    .bind(limit.key, windowStart)
    .first<{ count: number }>();
  const count = row?.count ?? 1;
  return { allowed: count <= limit.max, retryAfterSeconds: Math.ceil((windowStart + limit.windowMs - now) / 1000) };
}

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

/**
 * A throttle in front of a route, before its body is validated, so malformed attempts count too.
 * `onLimited` builds the 429 (in the caller's language).
 */
export function throttle<E extends { Bindings: { DB: D1Database } }>(
  keyOf: (ip: string) => string,
  max: number,
  windowMs: number,
  onLimited: (c: Parameters<MiddlewareHandler<E>>[0], retryAfterSeconds: number) => Response,
): MiddlewareHandler<E> {
  return async (c, next) => {
    const ip = throttleNetwork(c.req.header("CF-Connecting-IP") ?? "unknown");
    const result = await hit(c.env.DB, { key: keyOf(ip), max, windowMs });
    if (!result.allowed) return onLimited(c, result.retryAfterSeconds);
    await next();
  };
}
