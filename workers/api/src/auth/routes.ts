import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translatorFor } from "../../../../core/i18n/translator";
import {
  changePasswordSchema,
  LINK_ID_PATTERN,
  loginSchema,
  recoverSchema,
  resetPasswordSchema,
} from "../../../../core/schemas/auth";
import { afterAnswer, createRouter } from "../platform/router";
import type { ApiBindings } from "../platform/types";
import { appUrl, mailSender, paragraphsMail } from "../platform/mail";
import { keptNoticeInsert, prepareNotice, sendPreparedNotice, tellOwnerOfPause } from "../notices/notices";
import { hashPassword, MIN_PASSWORD_SCORE, needsRehash, parseParams, passwordStrength, verifyAgainstDummy, verifyPassword } from "./password";
import { localeOf, problem, translatedProblem, validationProblem } from "../platform/problem";
import { clearLoginFailures, hit, lockedForSeconds, lockQuery, recordLoginFailure, throttle, type Lockout } from "../platform/rate-limit";
import { coarseIp } from "../platform/ip";
import { createSession, requireSession, revokeAllSessionsStatement, sessionExpiry, type SessionRow } from "../sessions/middleware";
import { emailHashOf, findUserByEmail, findUserById, toApiUser, userByEmailQuery, type UserRow } from "../users/store";
import { claimLink, endPendingEmailChanges, endPendingLinks, findUsableLink, issueLink, voidUnusedLinks } from "../links/store";
import { json, jsonBody, problemResponse, bearer } from "../platform/openapi";

/** 5 failed sign-ins within 15 minutes lock the email for 15 minutes (PRODUCT.md). */
export const LOGIN_LOCKOUT: Lockout = { max: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
export const LINK_TTL_MS = 30 * 60_000;
export const HOUR = 3600_000;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  locale: z.enum(["en", "es"]),
  timeZone: z.string(),
  theme: z.enum(["system", "light", "dark"]),
  createdAt: z.number(),
});
export const sessionOut = z.object({ token: z.string(), remember: z.boolean(), expiresAt: z.number().nullable(), user: userSchema });
export const linkParams = z.object({ linkId: z.string().regex(LINK_ID_PATTERN) });

export function clientInfo(c: Context<ApiBindings>) {
  return { ip: coarseIp(c.req.header("CF-Connecting-IP")), userAgent: c.req.header("User-Agent") ?? null };
}

export function scrypt(c: Context<ApiBindings>) {
  return parseParams(c.env.SCRYPT_PARAMS);
}

export function weakPasswordProblem(c: Context<ApiBindings>, password: string, inputs: string[]): Response | null {
  const locale = localeOf(c);
  const strength = passwordStrength(password, inputs, locale);
  if (strength.score >= MIN_PASSWORD_SCORE) return null;
  const t = translatorFor(locale);
  const why = [t("api.passwordWeak"), strength.warning].filter(Boolean).join(" ");
  return validationProblem(c, { password: [why] });
}

export function throttled(c: Context<ApiBindings>, type: "locked" | "rate-limited", retryAfterSeconds: number): Response {
  const t = translatorFor(localeOf(c));
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return problem(c, 429, type, { retryAfter: retryAfterSeconds, detail: t(type === "locked" ? "api.locked" : "api.rateLimited", { count: minutes }) });
}

/**
 * The current password, asked again before a change to the account (its password, its email, its
 * deletion). Wrong answers count toward the same per-email lockout as sign-in, so a stolen session
 * cannot guess the password at full speed; a locked email is refused before any hashing. Answers
 * null when the password is right, else the 422 (`field`, `messageKey`) or the 429 to send.
 */
export async function checkCurrentPassword(c: Context<ApiBindings>, user: UserRow, password: string, field: string, messageKey: string): Promise<Response | null> {
  const now = Date.now();
  const emailHash = await emailHashOf(user.email);
  const lockedFor = lockedForSeconds((await lockQuery(c.env.DB, emailHash).first<{ locked_until: number | null }>()) ?? undefined, now);
  if (lockedFor !== null) return throttled(c, "locked", lockedFor);
  if (verifyPassword(password, user.password_hash)) {
    await clearLoginFailures(c.env.DB, emailHash).run();
    return null;
  }
  const nowLockedFor = await recordLoginFailure(c.env.DB, emailHash, LOGIN_LOCKOUT, now);
  if (nowLockedFor === null) return validationProblem(c, { [field]: [messageKey] });
  await tellOwnerOfPause(c, user, { failures: LOGIN_LOCKOUT.max, lockedForSeconds: nowLockedFor }, now);
  return throttled(c, "locked", nowLockedFor);
}

export function linkExpired(c: Context<ApiBindings>): Response {
  return translatedProblem(c, 410, "link-expired", "auth.linkExpired");
}

export const authRoutes = createRouter();

const recoverIpThrottle = throttle<ApiBindings>((ip) => `recover:ip:${ip}`, 10, HOUR, (c, retry) => throttled(c, "rate-limited", retry));

/** Hooks other modules add to (the ledger gives every new user the default categories). */
const userCreatedHooks: Array<(db: D1Database, userId: string, locale: string) => Promise<void>> = [];
export function onUserCreatedHook(hook: (db: D1Database, userId: string, locale: string) => Promise<void>) {
  userCreatedHooks.push(hook);
}
export async function onUserCreated(db: D1Database, userId: string, locale: string) {
  for (const hook of userCreatedHooks) await hook(db, userId, locale);
}

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/login",
    summary: "Sign in with email and password",
    request: { body: jsonBody(loginSchema) },
    responses: {
      200: { description: "Signed in", ...json(sessionOut) },
      401: problemResponse("Invalid email or password"),
      422: problemResponse("Invalid input"),
      429: problemResponse("Locked after repeated failures"),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const params = scrypt(c);
    const now = Date.now();
    const invalid = () => translatedProblem(c, 401, "invalid-credentials", "auth.invalidCredentials");
    // The lockout is kept per email, whether or not an account has it, and read in the same
    // round trip as the user: a lock, its timing and its answers say nothing about who signed up.
    const emailHash = await emailHashOf(input.email);
    const [lock, found] = await c.env.DB.batch([lockQuery(c.env.DB, emailHash), userByEmailQuery(c.env.DB, input.email)]);
    const lockedFor = lockedForSeconds(lock?.results[0] as { locked_until: number | null } | undefined, now);
    if (lockedFor !== null) return throttled(c, "locked", lockedFor);
    const user = found?.results[0] as UserRow | undefined;
    // Unknown emails spend the same hashing work as a wrong password (no timing oracle).
    const verified = user ? verifyPassword(input.password, user.password_hash) : (verifyAgainstDummy(input.password, params), false);
    if (!user || !verified) {
      const nowLockedFor = await recordLoginFailure(c.env.DB, emailHash, LOGIN_LOCKOUT, now);
      if (nowLockedFor === null) return invalid();
      // The owner is told after the answer, which is the same for every email alike.
      if (user) await tellOwnerOfPause(c, user, { failures: LOGIN_LOCKOUT.max, lockedForSeconds: nowLockedFor }, now);
      return throttled(c, "locked", nowLockedFor);
    }
    const statements = [clearLoginFailures(c.env.DB, emailHash)];
    if (needsRehash(user.password_hash, params)) {
      statements.push(c.env.DB.prepare("UPDATE users SET password_hash = ?1, updated_at = ?2 WHERE id = ?3").bind(hashPassword(input.password, params), now, user.id));
    }
    await c.env.DB.batch(statements);
    const info = clientInfo(c);
    const session = await createSession(c.env.DB, { userId: user.id, remember: input.remember, userAgent: info.userAgent, ip: info.ip, now });
    return c.json({ token: session.token, remember: session.remember, expiresAt: session.expiresAt, user: toApiUser(user) }, 200);
  },
);

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/logout",
    summary: "Sign out this session",
    security: bearer,
    middleware: [requireSession] as const,
    responses: { 204: { description: "Signed out" }, 401: problemResponse("No session") },
  }),
  async (c) => {
    await c.env.DB.prepare("UPDATE sessions SET revoked_at = ?1 WHERE id = ?2").bind(Date.now(), c.get("session").id).run();
    return c.body(null, 204);
  },
);

authRoutes.openapi(
  createRoute({
    method: "get",
    path: "/auth/session",
    summary: "The signed-in user and session",
    security: bearer,
    middleware: [requireSession] as const,
    responses: {
      200: { description: "Current session", ...json(z.object({ user: userSchema, session: z.object({ id: z.string(), remember: z.boolean() }) })) },
      401: problemResponse("No session"),
    },
  }),
  (c) => c.json({ user: c.get("user"), session: { id: c.get("session").id, remember: c.get("session").remember } }, 200),
);

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/recover",
    summary: "Send a password-change link (same answer whether or not the email exists)",
    middleware: [recoverIpThrottle] as const,
    request: { body: jsonBody(recoverSchema) },
    responses: { 202: { description: "Accepted" }, 422: problemResponse("Invalid input"), 429: problemResponse("Too many requests") },
  }),
  async (c) => {
    const { email } = c.req.valid("json");
    // Counted for unknown emails too, so a 429 says nothing about whether an account exists.
    const byEmail = await hit(c.env.DB, { key: `recover:email:${await emailHashOf(email)}`, max: 3, windowMs: HOUR });
    if (!byEmail.allowed) return throttled(c, "rate-limited", byEmail.retryAfterSeconds);
    const user = await findUserByEmail(c.env.DB, email);
    if (user) {
      // Sent after the answer, so its time does not tell whether the account exists.
      await afterAnswer(c, sendResetLink(c, user));
    }
    return c.body(null, 202);
  },
);

async function sendResetLink(c: Context<ApiBindings>, user: UserRow) {
  const link = await issueLink(c.env.DB, "password_links", { user_id: user.id }, Date.now(), LINK_TTL_MS);
  const t = translatorFor(user.locale);
  const url = appUrl(c.env, `/login/change-password/${link.token}`);
  const paragraphs = [t("mail.greeting", { name: user.name }), t("mail.resetBody"), url, t("mail.resetIgnore")];
  await mailSender(c.env).send(paragraphsMail(user.email, user.locale, t("mail.resetSubject"), paragraphs, url));
}

/** A password link that can still be used. */
function findUsablePasswordLink(db: D1Database, linkId: string, now: number) {
  return findUsableLink<{ id: string; user_id: string }>(db, "password_links", "id, user_id", linkId, now);
}

authRoutes.openapi(
  createRoute({
    method: "get",
    path: "/auth/links/{linkId}",
    summary: "Whether a password-change link can still be used",
    request: { params: linkParams },
    responses: { 204: { description: "Usable" }, 410: problemResponse("Expired or already used"), 422: problemResponse("Malformed link id") },
  }),
  async (c) => {
    const { linkId } = c.req.valid("param");
    const link = await findUsablePasswordLink(c.env.DB, linkId, Date.now());
    return link ? c.body(null, 204) : linkExpired(c);
  },
);

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/links/{linkId}/password",
    summary: "Set a new password with a link; ends every session of the user",
    request: { params: linkParams, body: jsonBody(resetPasswordSchema) },
    responses: { 204: { description: "Changed" }, 410: problemResponse("Expired or already used"), 422: problemResponse("Invalid input") },
  }),
  async (c) => {
    const { linkId } = c.req.valid("param");
    const { password } = c.req.valid("json");
    const now = Date.now();
    const found = await findUsablePasswordLink(c.env.DB, linkId, now);
    if (!found) return linkExpired(c);
    const user = await findUserById(c.env.DB, found.user_id);
    if (!user) return linkExpired(c);
    const weak = weakPasswordProblem(c, password, [user.name, user.email]);
    if (weak) return weak;
    // One batch is one transaction: the link is claimed only if still unused, and the password
    // and the sessions change only when this request claimed it (a concurrent use gets 410).
    const link = claimLink(c.env.DB, "password_links", found.id, now);
    // The same notice as a change made in Settings: whoever reads the mailbox learns of it, with
    // the time, in case the mailbox (or the link in it) was not the owner's alone.
    const notice = prepareNotice(c, user, { kind: "passwordReset" }, now);
    const results = await c.env.DB.batch([
      link.first,
      link.then((won) => `UPDATE users SET password_hash = ?3, updated_at = ?4 WHERE id = ?5 AND ${won}`, hashPassword(password, scrypt(c)), now, user.id),
      // Whoever can read the mail may sign in at once: the new password ends the lockout.
      link.then((won) => `DELETE FROM login_failures WHERE email_hash = ?3 AND ${won}`, await emailHashOf(user.email_normalized)),
      link.then((won) => `UPDATE sessions SET revoked_at = ?3 WHERE user_id = ?4 AND revoked_at IS NULL AND ${won}`, now, user.id),
      // A change of email someone asked for with the old password would otherwise still take the
      // account once its link is opened, after the owner has shut every other way in (QA, session 24).
      link.then((won) => voidUnusedLinks("email_changes", 3, won), now, user.id),
      link.then((won) => keptNoticeInsert(3, won), ...notice.kept),
    ]);
    if (!results[0]?.meta.changes) return linkExpired(c);
    await sendPreparedNotice(c, notice);
    return c.body(null, 204);
  },
);

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/password",
    summary: "Change the password with the current one; ends the user's other sessions",
    security: bearer,
    middleware: [requireSession] as const,
    request: { body: jsonBody(changePasswordSchema) },
    responses: { 204: { description: "Changed" }, 401: problemResponse("No session"), 422: problemResponse("Invalid input or wrong current password"), 429: problemResponse("Locked after repeated wrong passwords") },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const user = await findUserById(c.env.DB, c.get("user").id);
    if (!user) return problem(c, 401, "unauthenticated");
    const refused = await checkCurrentPassword(c, user, input.currentPassword, "currentPassword", "api.wrongCurrentPassword");
    if (refused) return refused;
    const weak = weakPasswordProblem(c, input.password, [user.name, user.email]);
    if (weak) return weak;
    const now = Date.now();
    const notice = prepareNotice(c, user, { kind: "passwordChanged" }, now);
    await c.env.DB.batch([
      c.env.DB.prepare("UPDATE users SET password_hash = ?1, updated_at = ?2 WHERE id = ?3").bind(hashPassword(input.password, scrypt(c)), now, user.id),
      c.env.DB.prepare("UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2 AND revoked_at IS NULL AND id <> ?3").bind(now, user.id, c.get("session").id),
      // Every other way in that the old password opened ends with it: a password link mailed
      // before, and a change of email waiting for its link (QA, session 24: either still worked).
      ...endPendingLinks(c.env.DB, user.id, now),
      c.env.DB.prepare(keptNoticeInsert(1)).bind(...notice.kept),
    ]);
    await sendPreparedNotice(c, notice);
    return c.body(null, 204);
  },
);

const sessionListItem = z.object({
  id: z.string(),
  current: z.boolean(),
  remember: z.boolean(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  expiresAt: z.number(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
});

authRoutes.openapi(
  createRoute({
    method: "get",
    path: "/auth/sessions",
    summary: "Active sessions of the signed-in user",
    security: bearer,
    middleware: [requireSession] as const,
    responses: { 200: { description: "Sessions", ...json(z.object({ sessions: z.array(sessionListItem) })) }, 401: problemResponse("No session") },
  }),
  async (c) => {
    const now = Date.now();
    const { results } = await c.env.DB.prepare("SELECT * FROM sessions WHERE user_id = ?1 AND revoked_at IS NULL ORDER BY last_seen_at DESC")
      .bind(c.get("user").id)
      .all<SessionRow>();
    const sessions = results
      .filter((row) => sessionExpiry(row) > now)
      .map((row) => ({
        id: row.id,
        current: row.id === c.get("session").id,
        remember: row.remember === 1,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        expiresAt: sessionExpiry(row),
        userAgent: row.user_agent,
        ip: row.ip,
      }));
    return c.json({ sessions }, 200);
  },
);

authRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/auth/sessions/{sessionId}",
    summary: "Revoke one of the user's sessions",
    security: bearer,
    middleware: [requireSession] as const,
    request: { params: z.object({ sessionId: z.uuid() }) },
    responses: { 204: { description: "Revoked" }, 401: problemResponse("No session"), 404: problemResponse("No such session") },
  }),
  async (c) => {
    const { sessionId } = c.req.valid("param");
    const result = await c.env.DB.prepare("UPDATE sessions SET revoked_at = ?1 WHERE id = ?2 AND user_id = ?3 AND revoked_at IS NULL")
      .bind(Date.now(), sessionId, c.get("user").id)
      .run();
    return result.meta.changes ? c.body(null, 204) : problem(c, 404, "not-found");
  },
);

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/sessions/revoke-others",
    summary: "Sign out everywhere else",
    security: bearer,
    middleware: [requireSession] as const,
    responses: { 204: { description: "Revoked" }, 401: problemResponse("No session") },
  }),
  async (c) => {
    const userId = c.get("user").id;
    // Shutting the others out also ends what they may have started: a change of email waiting for
    // its link would otherwise still move the account (QA, session 24). A password link stays: it
    // went to the owner's own address.
    await c.env.DB.batch([revokeAllSessionsStatement(c.env.DB, userId, c.get("session").id), endPendingEmailChanges(c.env.DB, userId, Date.now())]);
    return c.body(null, 204);
  },
);
