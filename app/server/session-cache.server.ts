/**
 * A short memory, per isolate, of which user a session token belongs to (ADR 023), so a page
 * does not ask the API "who is this?" on every request before asking it for the page's data.
 *
 * It decides only what the page shows around the data (name, theme, time zone) and which guard
 * applies; it is never authority. Every data call still carries the token, and the API checks it
 * (revocation, expiry, idle timeout) each time: a 401 there forgets the entry and clears the
 * cookie. An entry is keyed by token and the browser's D1 bookmark, so the browser's own writes
 * (which advance its bookmark) are never hidden by an older entry on another isolate; this
 * isolate also forgets a token on any write it handles. What can lag, by at most the TTL, is a
 * change made from another device (a new name or theme), as with any read replica.
 */
import type { ApiUser } from "../../core/api-types/user";

export const SESSION_CACHE_TTL_MS = 15_000;
const SESSION_CACHE_MAX = 1_000;

const entries = new Map<string, { user: ApiUser; until: number }>();

const keyOf = (token: string, bookmark: string | null) => `${token}|${bookmark ?? ""}`;

export function recallSession(token: string, bookmark: string | null, now = Date.now()): ApiUser | null {
  const key = keyOf(token, bookmark);
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.until <= now) {
    entries.delete(key);
    return null;
  }
  return entry.user;
}

export function rememberSession(token: string, bookmark: string | null, user: ApiUser, now = Date.now()) {
  // Oldest first out: a Map iterates in insertion order.
  while (entries.size >= SESSION_CACHE_MAX) entries.delete(entries.keys().next().value!);
  entries.set(keyOf(token, bookmark), { user, until: now + SESSION_CACHE_TTL_MS });
}

/** Drops every entry of a token (a write, a sign-out, or a 401 from the API). */
export function forgetSession(token: string) {
  const prefix = `${token}|`;
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}
