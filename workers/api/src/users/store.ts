import { normalizeEmail, type UserRow } from "./model";

/** The prepared lookup, for callers that batch it with other reads. */
export function userByEmailQuery(db: D1Database, email: string) {
  return db.prepare("SELECT * FROM users WHERE email_normalized = ?1").bind(normalizeEmail(email));
}

export async function findUserByEmail(db: D1Database, email: string): Promise<UserRow | null> {
  return userByEmailQuery(db, email).first<UserRow>();
}

/**
 * Whether an address is taken for anyone but `exceptUserId` (null: anyone): another user signs in
 * with it, or another user's undo link holds it (ADR 032). Held addresses count: otherwise someone
 * who changed an owner's email could take the old address with a second account and leave the
 * undo nowhere to go. One query for sign-up and for a change of email.
 */
export async function addressTaken(db: D1Database, emailNormalized: string, exceptUserId: string | null, now: number): Promise<boolean> {
  const row = await db.prepare(`SELECT ${addressTakenSql("?1", "?2", "?3")} AS taken`).bind(emailNormalized, now, exceptUserId).first<{ taken: number }>();
  return row?.taken === 1;
}

/**
 * `addressTaken` as an SQL expression over the given address, time and user, for a query that
 * reads the address itself. A column given here must be qualified by its table's alias: inside
 * the subqueries a bare `email_normalized` would be the users' own.
 */
export function addressTakenSql(emailNormalized: string, now: string, exceptUserId: string): string {
  return `(EXISTS (SELECT 1 FROM users WHERE email_normalized = ${emailNormalized} AND id IS NOT ${exceptUserId})
           OR EXISTS (SELECT 1 FROM email_reverts WHERE email_normalized = ${emailNormalized} AND used_at IS NULL AND expires_at > ${now} AND user_id IS NOT ${exceptUserId}))`;
}

export async function findUserById(db: D1Database, id: string): Promise<UserRow | null> {
  return db.prepare("SELECT * FROM users WHERE id = ?1").bind(id).first<UserRow>();
}
