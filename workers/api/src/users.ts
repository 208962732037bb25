import type { ApiUser } from "./hono";

export interface UserRow {
  id: string;
  email: string;
  email_normalized: string;
  name: string;
  password_hash: string;
  locale: "en" | "es";
  time_zone: string;
  theme: "system" | "light" | "dark";
  failed_logins: number;
  first_failed_at: number | null;
  locked_until: number | null;
  created_at: number;
  updated_at: number;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toApiUser(row: UserRow): ApiUser {
  return { id: row.id, email: row.email, name: row.name, locale: row.locale, timeZone: row.time_zone, theme: row.theme, createdAt: row.created_at };
}

export async function findUserByEmail(db: D1Database, email: string): Promise<UserRow | null> {
  return db.prepare("SELECT * FROM users WHERE email_normalized = ?1").bind(normalizeEmail(email)).first<UserRow>();
}

export async function findUserById(db: D1Database, id: string): Promise<UserRow | null> {
  return db.prepare("SELECT * FROM users WHERE id = ?1").bind(id).first<UserRow>();
}
