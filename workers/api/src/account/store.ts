/**
 * The SQL of the signed-in user's own account: preferences, a change of email and its undo
 * (ADR 032), and deleting everything.
 */
import { UNUSABLE_PASSWORD_HASH } from "../auth/password";
import { findUsableLink } from "../links/store";
import { addressTakenSql } from "../users/store";

export function updatePreferences(db: D1Database, userId: string, input: { name?: string; locale?: string; timeZone?: string; theme?: string }, now: number) {
  return db
    .prepare(
      "UPDATE users SET name = COALESCE(?1, name), locale = COALESCE(?2, locale), time_zone = COALESCE(?3, time_zone), theme = COALESCE(?4, theme), updated_at = ?5 WHERE id = ?6",
    )
    .bind(input.name ?? null, input.locale ?? null, input.timeZone ?? null, input.theme ?? null, now, userId);
}

/** The same mailbox written otherwise (only the letters' case): no link needed. */
export function setEmailSpelling(db: D1Database, userId: string, email: string, now: number) {
  return db.prepare("UPDATE users SET email = ?1, updated_at = ?2 WHERE id = ?3").bind(email, now, userId);
}

/** The latest change of email still waiting for its link, with whether another account holds the address now. */
export function pendingEmailChange(db: D1Database, userId: string, now: number) {
  return db
    .prepare(
      `SELECT c.email, c.expires_at, ${addressTakenSql("c.email_normalized", "?2", "?1")} AS taken FROM email_changes c WHERE c.user_id = ?1 AND c.used_at IS NULL AND c.expires_at > ?2 ORDER BY c.created_at DESC LIMIT 1`,
    )
    .bind(userId, now)
    .first<{ email: string; expires_at: number; taken: number }>();
}

export type ChangeRow = { id: string; user_id: string; email: string; email_normalized: string };
export function findUsableChange(db: D1Database, linkId: string, now: number) {
  return findUsableLink<ChangeRow>(db, "email_changes", "id, user_id, email, email_normalized", linkId, now);
}

export function findUsableRevert(db: D1Database, linkId: string, now: number) {
  return findUsableLink<ChangeRow & { created_at: number }>(db, "email_reverts", "id, user_id, email, email_normalized, created_at", linkId, now);
}

/** The writes of a link's claim (`claimLink(…).then`): each takes `won`, the claim's condition, and its parameters from ?3 on. */
export const EMAIL_LINK_SQL = {
  /** ?3 email, ?4 normalized, ?5 now, ?6 user id. */
  setEmail: (won: string) => `UPDATE users SET email = ?3, email_normalized = ?4, updated_at = ?5 WHERE id = ?6 AND ${won}`,
  /** ?3 id, ?4 token hash, ?5 user id, ?6 the old email, ?7 normalized, ?8 now, ?9 expiry. */
  insertRevert: (won: string) => `INSERT INTO email_reverts (id, token_hash, user_id, email, email_normalized, created_at, expires_at) SELECT ?3, ?4, ?5, ?6, ?7, ?8, ?9 WHERE ${won}`,
  /** The undo: the old address back and a password that cannot sign in. ?3 email, ?4 normalized, ?5 now, ?6 user id. */
  restoreEmail: (won: string) => `UPDATE users SET email = ?3, email_normalized = ?4, password_hash = '${UNUSABLE_PASSWORD_HASH}', updated_at = ?5 WHERE id = ?6 AND ${won}`,
  /** ?3 id, ?4 token hash, ?5 user id, ?6 now, ?7 expiry. */
  insertPasswordLink: (won: string) => `INSERT INTO password_links (id, token_hash, user_id, created_at, expires_at) SELECT ?3, ?4, ?5, ?6, ?7 WHERE ${won}`,
};

/** Every row of the user: sessions, links, accounts, transactions and categories go with it (ON DELETE CASCADE). */
export function deleteUserStatements(db: D1Database, userId: string) {
  return [db.prepare("DELETE FROM idempotency_keys WHERE user_id = ?1").bind(userId), db.prepare("DELETE FROM users WHERE id = ?1").bind(userId)];
}
