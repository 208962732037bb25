import { sha256Hex } from "../platform/crypto";
import type { ApiUser } from "../platform/types";

export interface UserRow {
  id: string;
  email: string;
  email_normalized: string;
  name: string;
  password_hash: string;
  locale: "en" | "es";
  time_zone: string;
  theme: "system" | "light" | "dark";
  created_at: number;
  updated_at: number;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toApiUser(row: UserRow): ApiUser {
  return { id: row.id, email: row.email, name: row.name, locale: row.locale, timeZone: row.time_zone, theme: row.theme, createdAt: row.created_at };
}

/**
 * The key of an email where the address itself is not to be kept (sign-in lockouts, the recovery
 * throttle): the SHA-256 of its normalized form, so every spelling of one address is one key.
 */
export function emailHashOf(email: string): Promise<string> {
  return sha256Hex(normalizeEmail(email));
}

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
