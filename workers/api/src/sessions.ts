import type { MiddlewareHandler } from "hono";
import { randomToken, sha256Hex } from "./crypto";
import type { ApiBindings } from "./hono";
import { problem } from "./problem";
import { toApiUser, type UserRow } from "./users";

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const REMEMBER_MS = 30 * 24 * 3600_000;
/** A browser session also ends a day after sign-in, however busy. */
export const BROWSER_SESSION_MAX_MS = 24 * 3600_000;
/** last_seen is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

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

/** Without "Remember me" a session lives while it is used: 30 minutes after the last request. */
export function sessionExpiry(row: Pick<SessionRow, "remember" | "expires_at" | "last_seen_at">): number {
  return row.remember ? row.expires_at : Math.min(row.expires_at, row.last_seen_at + IDLE_TIMEOUT_MS);
}

export async function createSession(db: D1Database, args: { userId: string; remember: boolean; userAgent: string | null; ip: string | null; now?: number }) {
  const now = args.now ?? Date.now();
  const token = randomToken();
  const id = crypto.randomUUID();
  const expiresAt = now + (args.remember ? REMEMBER_MS : BROWSER_SESSION_MAX_MS);
  await db
    .prepare("INSERT INTO sessions (id, token_hash, user_id, remember, created_at, last_seen_at, expires_at, user_agent, ip) VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, ?7, ?8)")
    .bind(id, await sha256Hex(token), args.userId, args.remember ? 1 : 0, now, expiresAt, args.userAgent?.slice(0, 300) ?? null, args.ip)
    .run();
  return { id, token, remember: args.remember, expiresAt: args.remember ? expiresAt : null };
}

/** The IP as people should see it: IPv4 /24 or IPv6 /48, never the full address. */
export function coarseIp(ip: string | undefined | null): string | null {
  if (!ip) return null;
  if (ip.includes(".")) return ip.split(".").slice(0, 3).join(".") + ".0";
  if (ip.includes(":")) return ip.split(":").slice(0, 3).join(":") + "::";
  return null;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(header ?? "");
  return match?.[1] ?? null;
}

/** Authenticates the bearer token, slides last-seen, and puts user and session in the context. */
export const requireSession: MiddlewareHandler<ApiBindings> = async (c, next) => {
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) return problem(c, 401, "unauthenticated");
  const now = Date.now();
  const hash = await sha256Hex(token);
  // Session and user in one round trip to D1: every authenticated request pays for this.
  const [sessions, users] = await c.env.DB.batch([
    c.env.DB.prepare("SELECT * FROM sessions WHERE token_hash = ?1").bind(hash),
    c.env.DB.prepare("SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?1").bind(hash),
  ]);
  const row = (sessions?.results[0] as SessionRow | undefined) ?? null;
  if (!row || row.revoked_at !== null || sessionExpiry(row) <= now) return problem(c, 401, "unauthenticated");
  const user = (users?.results[0] as UserRow | undefined) ?? null;
  if (!user) return problem(c, 401, "unauthenticated");
  if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
    await c.env.DB.prepare("UPDATE sessions SET last_seen_at = ?1 WHERE id = ?2").bind(now, row.id).run();
  }
  c.set("user", toApiUser(user));
  c.set("session", { id: row.id, userId: row.user_id, remember: row.remember === 1 });
  await next();
};

export async function revokeAllSessions(db: D1Database, userId: string, exceptSessionId?: string) {
  await db
    .prepare("UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2 AND revoked_at IS NULL AND id IS NOT ?3")
    .bind(Date.now(), userId, exceptSessionId ?? null)
    .run();
}
