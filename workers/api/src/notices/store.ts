/**
 * The pending_notices table (ADR 034): a security notice is kept by a statement in its change's
 * own batch, deleted once the provider takes it, and sent again by the hourly cron until then.
 */

const KEPT_COLUMNS = ["id", "to_address", "subject", "text_body", "html_body", "created_at", "next_attempt_at", "revert_id", "link_marker"] as const;

export type PendingRow = { id: string; to_address: string; subject: string; text_body: string; html_body: string; created_at: number; attempts: number; revert_id: string | null; link_marker: string | null };

/**
 * The statement that keeps a prepared notice, for the change's batch: its parameters are
 * `notice.kept` (in `KEPT_COLUMNS`' order) from `?first` on, and it writes only where `condition`
 * holds (a link's claim).
 */
export function keptNoticeInsert(first: number, condition = "1"): string {
  return `INSERT INTO pending_notices (${KEPT_COLUMNS.join(", ")}) SELECT ${KEPT_COLUMNS.map((_, i) => `?${first + i}`).join(", ")} WHERE ${condition}`;
}

/** Keeps a prepared notice unconditionally (a change without a link to claim). */
export function keepNotice(db: D1Database, notice: { kept: unknown[] }) {
  return db.prepare(keptNoticeInsert(1)).bind(...notice.kept);
}

/** A kept notice is forgotten once sent, or once too old to send. */
export function forgetNotice(db: D1Database, id: string): Promise<unknown> {
  return db.prepare("DELETE FROM pending_notices WHERE id = ?1").bind(id).run();
}

/** Kept notices due by `now`, the oldest due first, at most `limit`. */
export function dueNotices(db: D1Database, now: number, limit: number) {
  return db
    .prepare("SELECT id, to_address, subject, text_body, html_body, created_at, attempts, revert_id, link_marker FROM pending_notices WHERE next_attempt_at <= ?1 ORDER BY next_attempt_at LIMIT ?2")
    .bind(now, limit)
    .all<PendingRow>();
}

/** A notice the provider refused again waits for the next run. */
export function noticeRetryLater(db: D1Database, id: string, nextAttemptAt: number) {
  return db.prepare("UPDATE pending_notices SET attempts = attempts + 1, next_attempt_at = ?2 WHERE id = ?1").bind(id, nextAttemptAt);
}

/** A new link for the same undo (same address, same expiry), while the undo is still usable. */
export function reissueUndoLink(db: D1Database, revertId: string, tokenHash: string, now: number) {
  return db
    .prepare(
      `INSERT INTO email_reverts (id, token_hash, user_id, email, email_normalized, created_at, expires_at)
       SELECT ?1, ?2, user_id, email, email_normalized, created_at, expires_at FROM email_reverts WHERE id = ?3 AND used_at IS NULL AND expires_at > ?4`,
    )
    .bind(crypto.randomUUID(), tokenHash, revertId, now);
}
