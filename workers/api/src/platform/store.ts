/**
 * The SQL of the generic pieces: Idempotency-Key records (idempotency.ts), fixed-window rate
 * limits (rate-limit.ts) and the development outbox a mail transport writes to (mail.ts).
 */

export interface IdempotencyKeyRow {
  request_hash: string;
  status: number | null;
  response_body: string | null;
  created_at: number;
}

/** Claims a key for a request: an expired claim goes first; the insert's `meta.changes` is 0 when the key is held. */
export function claimIdempotencyKey(db: D1Database, userId: string, key: string, requestHash: string, now: number, ttlMs: number) {
  return [
    db.prepare("DELETE FROM idempotency_keys WHERE user_id = ?1 AND key = ?2 AND created_at < ?3").bind(userId, key, now - ttlMs),
    db.prepare("INSERT INTO idempotency_keys (user_id, key, request_hash, status, response_body, created_at) VALUES (?1, ?2, ?3, NULL, NULL, ?4) ON CONFLICT DO NOTHING").bind(userId, key, requestHash, now),
  ];
}

export function idempotencyKey(db: D1Database, userId: string, key: string) {
  return db.prepare("SELECT request_hash, status, response_body, created_at FROM idempotency_keys WHERE user_id = ?1 AND key = ?2").bind(userId, key).first<IdempotencyKeyRow>();
}

export function dropExpiredIdempotencyKeys(db: D1Database, before: number) {
  return db.prepare("DELETE FROM idempotency_keys WHERE created_at < ?1").bind(before);
}

export function storeIdempotentAnswer(db: D1Database, userId: string, key: string, status: number, body: string) {
  return db.prepare("UPDATE idempotency_keys SET status = ?1, response_body = ?2 WHERE user_id = ?3 AND key = ?4").bind(status, body, userId, key);
}

export function releaseIdempotencyKey(db: D1Database, userId: string, key: string) {
  return db.prepare("DELETE FROM idempotency_keys WHERE user_id = ?1 AND key = ?2").bind(userId, key);
}

/** Counts one hit of a window in one statement (concurrent hits cannot both slip under) and returns the count. */
export function countHit(db: D1Database, key: string, windowStart: number) {
  return db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
       RETURNING count`,
    )
    .bind(key, windowStart)
    .first<{ count: number }>();
}

export function outboxInsert(db: D1Database, message: { to: string; subject: string; text: string; html: string }, now: number) {
  return db.prepare("INSERT INTO outbox (to_address, subject, text_body, html_body, sent_at) VALUES (?1, ?2, ?3, ?4, ?5)").bind(message.to, message.subject, message.text, message.html, now);
}
