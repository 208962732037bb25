import type { Context, MiddlewareHandler } from "hono";
import { randomToken, sha256Hex } from "../platform/crypto";
import type { ApiBindings } from "../platform/types";
import { problem } from "../platform/problem";
import { toApiUser, type UserRow } from "../users/model";
import { insertSession, sessionStatements, touchSession, type SessionRow } from "./store";

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const REMEMBER_MS = 30 * 24 * 3600_000;
/** A browser session also ends a day after sign-in, however busy. */
export const BROWSER_SESSION_MAX_MS = 24 * 3600_000;
/** last_seen is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

/** Without "Remember me" a session lives while it is used: 30 minutes after the last request. */
export function sessionExpiry(row: Pick<SessionRow, "remember" | "expires_at" | "last_seen_at">): number {
  return row.remember ? row.expires_at : Math.min(row.expires_at, row.last_seen_at + IDLE_TIMEOUT_MS);
}

export async function createSession(db: D1Database, args: { userId: string; remember: boolean; userAgent: string | null; ip: string | null; now?: number }) {
  const now = args.now ?? Date.now();
  const token = randomToken();
  const id = crypto.randomUUID();
  const expiresAt = now + (args.remember ? REMEMBER_MS : BROWSER_SESSION_MAX_MS);
  await insertSession(db, { id, tokenHash: await sha256Hex(token), userId: args.userId, remember: args.remember, now, expiresAt, userAgent: args.userAgent?.slice(0, 300) ?? null, ip: args.ip }).run();
  return { id, token, remember: args.remember, expiresAt: args.remember ? expiresAt : null };
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(header ?? "");
  return match?.[1] ?? null;
}

/** The session and user of a checked token, or null when the token no longer opens anything. */
function validSession(sessions: D1Result | undefined, users: D1Result | undefined, now: number): { row: SessionRow; user: UserRow } | null {
  const row = (sessions?.results[0] as SessionRow | undefined) ?? null;
  if (!row || row.revoked_at !== null || sessionExpiry(row) <= now) return null;
  const user = (users?.results[0] as UserRow | undefined) ?? null;
  return user ? { row, user } : null;
}

/** Slides last-seen (at most once a minute, so reads stay reads) and puts user and session in the context. */
async function admit(c: Context<ApiBindings>, hash: string, { row, user }: { row: SessionRow; user: UserRow }, now: number) {
  rememberOwner(hash, row.user_id);
  if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
    await touchSession(c.env.DB, row.id, now).run();
  }
  c.set("user", toApiUser(user));
  c.set("session", { id: row.id, userId: row.user_id, remember: row.remember === 1 });
}

/**
 * Which user each recently checked token belonged to, per isolate (token hash → user id). Never
 * authority: it lets a read send its statements in the same D1 batch as the session check
 * (`sessionBatch`), and the session row of that batch decides whether they are answered. A
 * session's user never changes, so an entry can only be gone (revoked, expired), never wrong.
 */
const owners = new Map<string, string>();
const OWNERS_MAX = 10_000;

function rememberOwner(hash: string, userId: string) {
  if (owners.get(hash) === userId) return;
  while (owners.size >= OWNERS_MAX) owners.delete(owners.keys().next().value!);
  owners.set(hash, userId);
}

/** A dead token's answer; the isolate forgets whose it was. */
function refuse(c: Context<ApiBindings>, hash: string): Response {
  owners.delete(hash);
  return problem(c, 401, "unauthenticated");
}

/** Checks a token on its own (session and user in one round trip): the 401 to answer, or null once admitted. */
async function checkSession(c: Context<ApiBindings>, hash: string): Promise<Response | null> {
  const now = Date.now();
  const [sessions, users] = await c.env.DB.batch(sessionStatements(c.env.DB, hash));
  const valid = validSession(sessions, users, now);
  if (!valid) return refuse(c, hash);
  await admit(c, hash, valid, now);
  return null;
}

/** The hash of the request's bearer token, the only form of it the API keeps; null without a well-formed one. */
async function tokenHashOf(c: Context<ApiBindings>): Promise<string | null> {
  const token = bearerToken(c.req.header("Authorization"));
  return token ? sha256Hex(token) : null;
}

/** Authenticates the bearer token, slides last-seen, and puts user and session in the context. */
export const requireSession: MiddlewareHandler<ApiBindings> = async (c, next) => {
  const hash = await tokenHashOf(c);
  if (!hash) return problem(c, 401, "unauthenticated");
  const refused = await checkSession(c, hash);
  if (refused) return refused;
  await next();
};

/**
 * For reads that are a page's data: checks the token only when the handler asks, so the check
 * can share a D1 batch with the handler's first statements (ADR 026). Until `sessionBatch`
 * answers, the context has no user: a handler behind this reads nothing before calling it.
 */
export const deferSession: MiddlewareHandler<ApiBindings> = async (c, next) => {
  const hash = await tokenHashOf(c);
  if (!hash) return problem(c, 401, "unauthenticated");
  c.set("tokenHash", hash);
  await next();
};

/**
 * The session check and the statements `build` makes for its user, in one D1 batch when this
 * isolate has seen the token before (one round trip instead of two), one after the other when
 * not. The statements' results are returned only for a session that is valid in that same batch
 * and belongs to the user they were made for; otherwise the answer is the 401 (or, should the
 * owner somehow differ, the statements run again for the right user).
 */
export async function sessionBatch(c: Context<ApiBindings>, build: (userId: string) => D1PreparedStatement[]): Promise<{ results: D1Result[] } | { response: Response }> {
  const hash = c.get("tokenHash");
  const db = c.env.DB;
  const known = owners.get(hash);
  if (known) {
    const now = Date.now();
    const [sessions, users, ...results] = await db.batch([...sessionStatements(db, hash), ...build(known)]);
    const valid = validSession(sessions, users, now);
    if (!valid) return { response: refuse(c, hash) };
    await admit(c, hash, valid, now);
    if (valid.row.user_id === known) return { results };
  } else {
    const refused = await checkSession(c, hash);
    if (refused) return { response: refused };
  }
  const statements = build(c.get("session").userId);
  return { results: statements.length ? await db.batch(statements) : [] };
}

/**
 * A request behind `deferSession` refused before its handler ran (invalid input): a dead token
 * still gets its 401 first, as behind `requireSession`, so a 422 never answers for one. Null when
 * there is nothing to refuse.
 */
export async function refuseDeadDeferredSession(c: Context<ApiBindings>): Promise<Response | null> {
  const hash = c.get("tokenHash");
  return !hash || c.get("session") ? null : checkSession(c, hash);
}

/** Forgets every remembered owner (tests: a fresh isolate). */
export function forgetOwners() {
  owners.clear();
}
