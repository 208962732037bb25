import type { ApiUser } from "../platform/types";
import { sha256Hex } from "../platform/crypto";

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
