import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translatorFor } from "../../../../core/i18n/translator";
import { changePasswordSchema, loginSchema, recoverSchema, resetPasswordSchema } from "../../../../core/schemas/auth";
import { afterAnswer, createRouter } from "../platform/router";
import type { ApiBindings } from "../platform/types";
import { appUrl, mailSender, paragraphsMail } from "../platform/mail";
import { json, jsonBody, problemResponse, bearer } from "../platform/openapi";
import { problem, translatedProblem } from "../platform/problem";
import { hit, networkThrottle, throttle } from "../platform/rate-limit";
import { keepNotice, keptNoticeInsert } from "../notices/store";
import { prepareNotice, sendPreparedNotice, tellOwnerOfPause } from "../notices/notices";
import { createSession, requireSession, sessionExpiry } from "../sessions/middleware";
import { revokeAllSessionsIfWon, revokeAllSessionsStatement, revokeOtherSessions, revokeOwnSession, revokeSession, unrevokedSessions, type SessionRow } from "../sessions/store";
import { emailHashOf, toApiUser, type UserRow } from "../users/model";
import { findUserByEmail, findUserById, userByEmailQuery } from "../users/store";
import { claimLink, endPendingEmailChanges, endPendingLinks, findUsableLink, issueLink, voidUnusedLinks } from "../links/store";
import { checkCurrentPassword, clientInfo, HOUR, LINK_TTL_MS, linkExpired, linkParams, LOGIN_LOCKOUT, scrypt, sessionOut, throttled, userSchema, weakPasswordProblem } from "./common";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./password";
import { PASSWORD_LINK_SQL, readReservation, reserveLoginAttempt, setPasswordHash, settleLoginSuccess } from "./store";

export const authRoutes = createRouter();

/** Sign-in attempts per client network: 100 a minute (the binding's numbers, wrangler.toml), on top of the per-email lockout. */
export const SIGNIN_PER_NETWORK = { max: 100, periodSeconds: 60 } as const;
const signinIpThrottle = networkThrottle<ApiBindings>("signin", (env) => env.SIGNIN_IP_LIMIT, SIGNIN_PER_NETWORK, (c, retry) => throttled(c, "rate-limited", retry));

const recoverIpThrottle = throttle<ApiBindings>((ip) => `recover:ip:${ip}`, 10, HOUR, (c, retry) => throttled(c, "rate-limited", retry));

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/login",
    summary: "Sign in with email and password",
    middleware: [signinIpThrottle] as const,
    request: { body: jsonBody(loginSchema) },
    responses: {
      200: { description: "Signed in", ...json(sessionOut) },
      401: problemResponse("Invalid email or password"),
      422: problemResponse("Invalid input"),
      429: problemResponse("Locked after repeated failures, or too many attempts from this network"),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const params = scrypt(c);
    const now = Date.now();
    const invalid = () => translatedProblem(c, 401, "invalid-credentials", "auth.invalidCredentials");
    // The lockout is kept per email, whether or not an account has it: a lock, its timing and its
    // answers say nothing about who signed up. The attempt is reserved (counted) before any
    // hashing, in one statement, so a burst of guesses gets at most LOGIN_LOCKOUT.max checked.
    const emailHash = await emailHashOf(input.email);
    const [reserved, found] = await c.env.DB.batch([reserveLoginAttempt(c.env.DB, emailHash, LOGIN_LOCKOUT, now), userByEmailQuery(c.env.DB, input.email)]);
    const reservation = readReservation(reserved?.results[0] as { failures: number; locked_until: number | null } | undefined, LOGIN_LOCKOUT, now);
    const user = found?.results[0] as UserRow | undefined;
    if (!reservation.admitted) return throttled(c, "locked", reservation.lockedFor ?? Math.ceil(LOGIN_LOCKOUT.lockMs / 1000));
    // Unknown emails spend the same hashing work as a wrong password (no timing oracle).
    const verified = user ? verifyPassword(input.password, user.password_hash) : (verifyAgainstDummy(input.password, params), false);
    if (!user || !verified) {
      if (reservation.lockedFor === null) return invalid();
      // The owner is told after the answer, which is the same for every email alike.
      if (user && reservation.locking) await tellOwnerOfPause(c, user, { failures: LOGIN_LOCKOUT.max, lockedForSeconds: reservation.lockedFor }, now);
      return throttled(c, "locked", reservation.lockedFor);
    }
    // The right password clears the count only when the attempts around it did not earn a lock.
    const stillLocked = await settleLoginSuccess(c.env.DB, emailHash, LOGIN_LOCKOUT, now);
    if (stillLocked !== null) return throttled(c, "locked", stillLocked);
    if (needsRehash(user.password_hash, params)) await setPasswordHash(c.env.DB, user.id, hashPassword(input.password, params), now).run();
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
    await revokeSession(c.env.DB, c.get("session").id, Date.now()).run();
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
      link.then(PASSWORD_LINK_SQL.setPassword, hashPassword(password, scrypt(c)), now, user.id),
      // Whoever can read the mail may sign in at once: the new password ends the lockout.
      link.then(PASSWORD_LINK_SQL.clearLoginFailures, await emailHashOf(user.email_normalized)),
      link.then(revokeAllSessionsIfWon, now, user.id),
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
      setPasswordHash(c.env.DB, user.id, hashPassword(input.password, scrypt(c)), now),
      revokeOtherSessions(c.env.DB, user.id, c.get("session").id, now),
      // Every other way in that the old password opened ends with it: a password link mailed
      // before, and a change of email waiting for its link (QA, session 24: either still worked).
      ...endPendingLinks(c.env.DB, user.id, now),
      keepNotice(c.env.DB, notice),
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
    const { results } = await unrevokedSessions(c.env.DB, c.get("user").id).all<SessionRow>();
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
    const result = await revokeOwnSession(c.env.DB, sessionId, c.get("user").id, Date.now()).run();
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
