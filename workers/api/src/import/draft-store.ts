/**
 * The SQL of import drafts (migration 0019): a file kept in R2 while its columns are mapped. Every
 * read is scoped by the user; a deleted row queues its file's key in the R2 trash (a trigger).
 */
import { accountAsRead } from "../accounts/store";

export type DraftRow = { id: string; account_id: string; object_key: string; file_name: string | null; size: number; created_at: number; expires_at: number };

/** How long a draft is kept after its upload. */
export const DRAFT_TTL_MS = 24 * 3600_000;
/** A user's drafts kept at once: a new upload drops the oldest past these (each is up to 5 MB). */
export const DRAFTS_KEPT = 5;

export function insertDraft(db: D1Database, row: { id: string; userId: string; accountId: string; key: string; fileName: string | null; size: number; now: number }) {
  return db
    .prepare("INSERT INTO import_drafts (id, user_id, account_id, object_key, file_name, size, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
    .bind(row.id, row.userId, row.accountId, row.key, row.fileName, row.size, row.now, row.now + DRAFT_TTL_MS);
}

/** The user's draft for this account, expired or not (the caller tells). */
export function findDraft(db: D1Database, userId: string, accountId: string, id: string) {
  return db
    .prepare("SELECT id, account_id, object_key, file_name, size, created_at, expires_at FROM import_drafts WHERE id = ?1 AND user_id = ?2 AND account_id = ?3")
    .bind(id, userId, accountId)
    .first<DraftRow>();
}

export function deleteDraft(db: D1Database, userId: string, id: string) {
  return db.prepare("DELETE FROM import_drafts WHERE id = ?1 AND user_id = ?2").bind(id, userId);
}

/**
 * Deletes the draft only while its account is as the import read it (`accountAsRead`): the same
 * guard as the import's rows, so an import refused by it keeps its draft for another try.
 */
export function deleteDraftWithImport(db: D1Database, userId: string, id: string, accountId: string, currency: string) {
  return db.prepare(`DELETE FROM import_drafts WHERE id = ?1 AND user_id = ?2 AND ${accountAsRead(3, 2, 4)}`).bind(id, userId, accountId, currency);
}

/** The user's expired drafts, and those past the newest `DRAFTS_KEPT`. */
export function dropStaleDrafts(db: D1Database, userId: string, now: number) {
  return db
    .prepare("DELETE FROM import_drafts WHERE user_id = ?1 AND (expires_at <= ?2 OR id NOT IN (SELECT id FROM import_drafts WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?3))")
    .bind(userId, now, DRAFTS_KEPT);
}

/** Everyone's expired drafts (the hourly sweep). */
export function dropExpiredDrafts(db: D1Database, now: number) {
  return db.prepare("DELETE FROM import_drafts WHERE expires_at <= ?1").bind(now);
}
