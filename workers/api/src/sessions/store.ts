/** The sessions table: sign-in writes a row, every request checks one, sign-out and changes of password revoke them. */

export interface SessionRow {
  id: string;
  token_hash: string;
  user_id: string;
  remember: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  user_agent: string | null;
  ip: string | null;
  revoked_at: number | null;
}

export function insertSession(
  db: D1Database,
  row: { id: string; tokenHash: string; userId: string; remember: boolean; now: number; expiresAt: number; userAgent: string | null; ip: string | null },
) {
  return db
    .prepare("INSERT INTO sessions (id, token_hash, user_id, remember, created_at, last_seen_at, expires_at, user_agent, ip) VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, ?7, ?8)")
    .bind(row.id, row.tokenHash, row.userId, row.remember ? 1 : 0, row.now, row.expiresAt, row.userAgent, row.ip);
}

/** The two statements that check a token: its session, and the user it belongs to. */
export function sessionStatements(db: D1Database, hash: string): [D1PreparedStatement, D1PreparedStatement] {
  return [
    db.prepare("SELECT * FROM sessions WHERE token_hash = ?1").bind(hash),
    db.prepare("SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?1").bind(hash),
  ];
}

export function touchSession(db: D1Database, id: string, now: number) {
  return db.prepare("UPDATE sessions SET last_seen_at = ?1 WHERE id = ?2").bind(now, id);
}

export function revokeAllSessionsStatement(db: D1Database, userId: string, exceptSessionId?: string) {
  return db.prepare("UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2 AND revoked_at IS NULL AND id IS NOT ?3").bind(Date.now(), userId, exceptSessionId ?? null);
}

/** Sign-out of one session by its id (the caller's own). */
export function revokeSession(db: D1Database, id: string, now: number) {
  return db.prepare("UPDATE sessions SET revoked_at = ?1 WHERE id = ?2").bind(now, id);
}

/** Revokes one of the user's sessions; `meta.changes` is 0 when it is not theirs or already revoked. */
export function revokeOwnSession(db: D1Database, sessionId: string, userId: string, now: number) {
  return db.prepare("UPDATE sessions SET revoked_at = ?1 WHERE id = ?2 AND user_id = ?3 AND revoked_at IS NULL").bind(now, sessionId, userId);
}

/** The user's sessions not revoked, most recently used first (expired ones are filtered by the caller). */
export function unrevokedSessions(db: D1Database, userId: string) {
  return db.prepare("SELECT * FROM sessions WHERE user_id = ?1 AND revoked_at IS NULL ORDER BY last_seen_at DESC").bind(userId);
}

/** Every other session of the user ends (a new password). */
export function revokeOtherSessions(db: D1Database, userId: string, exceptSessionId: string, now: number) {
  return db.prepare("UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2 AND revoked_at IS NULL AND id <> ?3").bind(now, userId, exceptSessionId);
}

/** For a link's claim (`claimLink(…).then`): every session of the user ends, if the claim won. ?3 now, ?4 user id. */
export const revokeAllSessionsIfWon = (won: string) => `UPDATE sessions SET revoked_at = ?3 WHERE user_id = ?4 AND revoked_at IS NULL AND ${won}`;
