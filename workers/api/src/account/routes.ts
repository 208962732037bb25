/**
 * The signed-in user's own account: profile and preferences (GET/PATCH /users/me), the sign-in
 * email (a change needs the password and a link; the old address can undo it), and deleting
 * everything (needs the password). The export of everything is export/routes.ts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translatorFor } from "../../../../core/i18n/translator";
import { changeEmailSchema, deleteAccountSchema } from "../../../../core/schemas/settings";
import { preferencesSchema } from "../../../../core/schemas/user";
import { randomToken, sha256Hex } from "../platform/crypto";
import { createRouter } from "../platform/router";
import type { ApiBindings } from "../platform/types";
import { appUrl, mailSender, paragraphsMail } from "../platform/mail";
import { bearer, json, jsonBody, problemResponse } from "../platform/openapi";
import { problem, validationProblem } from "../platform/problem";
import { keptNoticeInsert } from "../notices/store";
import { noticeOnceADay, prepareNotice, sendPreparedNotice } from "../notices/notices";
import { deleteUserReceipts } from "../receipts/objects";
import { requireSession } from "../sessions/middleware";
import { hit } from "../platform/rate-limit";
import { addressTaken, findUserByEmail, findUserById } from "../users/store";
import { normalizeEmail, toApiUser, type UserRow } from "../users/model";
import { claimLink, issueLink, voidUnusedLinks } from "../links/store";
import { revokeAllSessionsIfWon } from "../sessions/store";
import { deleteUserStatements, EMAIL_LINK_SQL, updatePreferences, findUsableChange, findUsableRevert, pendingEmailChange, setEmailSpelling } from "./store";
import { checkCurrentPassword, HOUR, LINK_TTL_MS, linkExpired, linkParams, throttled, userSchema } from "../auth/common";

export const accountRoutes = createRouter();

// ───────────────────────────── Profile and preferences ─────────────────────────────

accountRoutes.openapi(
  createRoute({
    method: "get",
    path: "/users/me",
    summary: "The signed-in user's profile and preferences",
    security: bearer,
    middleware: [requireSession] as const,
    responses: { 200: { description: "Profile", ...json(z.object({ user: userSchema })) }, 401: problemResponse("No session") },
  }),
  (c) => c.json({ user: c.get("user") }, 200),
);

accountRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/users/me",
    summary: "Change name, language, time zone or theme",
    security: bearer,
    middleware: [requireSession] as const,
    request: { body: jsonBody(preferencesSchema) },
    responses: { 200: { description: "Updated", ...json(z.object({ user: userSchema })) }, 401: problemResponse("No session"), 422: problemResponse("Invalid input") },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const id = c.get("user").id;
    await updatePreferences(c.env.DB, id, input, Date.now()).run();
    const user = await findUserById(c.env.DB, id);
    return c.json({ user: toApiUser(user!) }, 200);
  },
);

// ───────────────────────────── Change of email ─────────────────────────────

/** How long the link mailed to a new address confirms the change. */
export const EMAIL_CHANGE_TTL_MS = 24 * HOUR;
/**
 * How long the old address can undo a change it did not make: a week, because a notice may sit
 * unread over a weekend or a trip, and the link is useless to anyone without that mailbox.
 */
export const EMAIL_REVERT_TTL_MS = 7 * 24 * HOUR;
/** `taken`: another account signs in with the address now, so its link cannot confirm it unless the address is freed first. */
const pendingOut = z.object({ email: z.string(), expiresAt: z.number(), taken: z.boolean() });

accountRoutes.openapi(
  createRoute({
    method: "post",
    path: "/users/me/email",
    summary: "Change the sign-in email; needs the current password. A new address is confirmed by a link mailed to it",
    security: bearer,
    middleware: [requireSession] as const,
    request: { body: jsonBody(changeEmailSchema) },
    responses: {
      200: { description: "Changed at once (only the letters' case changed)", ...json(z.object({ user: userSchema, pending: z.null() })) },
      202: { description: "A link to confirm was mailed to the new address (the email changes when it is opened); the same answer when another account has the address, whose owner is told instead", ...json(z.object({ user: userSchema, pending: pendingOut })) },
      401: problemResponse("No session"),
      422: problemResponse("Invalid input, wrong password, or the address the user already has"),
      429: problemResponse("Locked after repeated wrong passwords, or too many changes asked for"),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    // Each change mails an address the user names: a few an hour, so a session cannot spam, and
    // counted before anything is looked at, so no answer comes faster than the limit allows.
    const limit = await hit(c.env.DB, { key: `email-change:user:${c.get("user").id}`, max: 5, windowMs: HOUR });
    if (!limit.allowed) return throttled(c, "rate-limited", limit.retryAfterSeconds);
    const user = await findUserById(c.env.DB, c.get("user").id);
    if (!user) return problem(c, 401, "unauthenticated");
    const refused = await checkCurrentPassword(c, user, input.password, "password", "api.wrongPassword");
    if (refused) return refused;
    const email = input.email.trim();
    // Nothing to change: saying "changed" would be false. A change of case alone is a change.
    if (email === user.email) return validationProblem(c, { email: ["api.sameEmail"] }, 422);
    const normalized = normalizeEmail(email);
    if (normalized === user.email_normalized) {
      // The same mailbox, written otherwise: nothing to prove.
      await setEmailSpelling(c.env.DB, user.id, email, Date.now()).run();
      return c.json({ user: toApiUser({ ...user, email }), pending: null }, 200);
    }
    const now = Date.now();
    const answer = () => c.json({ user: toApiUser(user), pending: { email, expiresAt: now + EMAIL_CHANGE_TTL_MS, taken: false } }, 202);
    // An address another account has (or an undo holds) answers exactly as a free one (issue 36:
    // a 409 told any signed-in user who has an account). No link is made; the owner is told, at
    // most once a day, as a sign-up with their address does; an address held by an undo is told
    // nothing (its own mail went to it).
    if (await addressTaken(c.env.DB, normalized, user.id, now)) {
      const owner = await findUserByEmail(c.env.DB, normalized);
      if (owner) await noticeOnceADay(c, owner, "email-claim-tried", { kind: "emailClaimTried" }, now);
      return answer();
    }
    const link = await issueLink(c.env.DB, "email_changes", { user_id: user.id }, now, EMAIL_CHANGE_TTL_MS, { email, email_normalized: normalized });
    // Awaited: the answer says the link was sent, so a failure to send is a failure to answer.
    await mailSender(c.env).send(emailChangeMail(c, user, email, link.token));
    return answer();
  },
);

function emailChangeMail(c: Context<ApiBindings>, user: UserRow, email: string, token: string) {
  const t = translatorFor(user.locale);
  const url = appUrl(c.env, `/login/confirm-email/${token}`);
  return paragraphsMail(email, user.locale, t("mail.confirmEmailSubject"), [t("mail.greeting", { name: user.name }), t("mail.confirmEmailBody"), url, t("mail.confirmEmailIgnore")], url);
}

/** A batch that gave a user an address refused by the users' UNIQUE index answers as the "taken" check does; any other failure is thrown. */
function emailTakenOrThrow(c: Context<ApiBindings>, error: unknown): Response {
  if (String(error).includes("UNIQUE")) return validationProblem(c, { email: ["api.emailTaken"] }, 409);
  throw error;
}

accountRoutes.openapi(
  createRoute({
    method: "get",
    path: "/users/me/email",
    summary: "The change of email waiting for its link to be opened, if any",
    security: bearer,
    middleware: [requireSession] as const,
    responses: { 200: { description: "Pending change or null", ...json(z.object({ pending: pendingOut.nullable() })) }, 401: problemResponse("No session") },
  }),
  async (c) => {
    // With whether the address is taken, in the same query: Settings asks on every load.
    const row = await pendingEmailChange(c.env.DB, c.get("user").id, Date.now());
    return c.json({ pending: row ? { email: row.email, expiresAt: row.expires_at, taken: row.taken === 1 } : null }, 200);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "get",
    path: "/auth/email-links/{linkId}",
    summary: "The new address a change-of-email link confirms, while it can still be used",
    request: { params: linkParams },
    responses: {
      200: { description: "Usable", ...json(z.object({ email: z.string() })) },
      409: problemResponse("Another account signs in with the address now: confirming it would be refused"),
      410: problemResponse("Expired or already used"),
      422: problemResponse("Malformed link id"),
    },
  }),
  async (c) => {
    const now = Date.now();
    const change = await findUsableChange(c.env.DB, c.req.valid("param").linkId, now);
    if (!change) return linkExpired(c);
    // Said before the button is offered, so the page does not ask a question it would refuse.
    if (await addressTaken(c.env.DB, change.email_normalized, change.user_id, now)) return validationProblem(c, { email: ["api.emailTaken"] }, 409);
    return c.json({ email: change.email }, 200);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/email-links/{linkId}",
    summary: "Confirm a change of email with the link mailed to the new address; the old address is told",
    request: { params: linkParams },
    responses: {
      200: { description: "Changed", ...json(z.object({ email: z.string() })) },
      409: problemResponse("Another account took this email meanwhile"),
      410: problemResponse("Expired or already used"),
      422: problemResponse("Malformed link id"),
    },
  }),
  async (c) => {
    const now = Date.now();
    const change = await findUsableChange(c.env.DB, c.req.valid("param").linkId, now);
    if (!change) return linkExpired(c);
    const user = await findUserById(c.env.DB, change.user_id);
    if (!user) return linkExpired(c);
    // A taker's second account cannot take the address the owner's undo link holds (ADR 032).
    if (await addressTaken(c.env.DB, change.email_normalized, user.id, now)) return validationProblem(c, { email: ["api.emailTaken"] }, 409);
    const revertToken = randomToken();
    const revertId = crypto.randomUUID();
    // The old address hears of it: after this, it can neither sign in nor recover the password.
    const notice = prepareNotice(c, user, { kind: "emailChanged", newEmail: change.email, revertToken, revertId }, now);
    const link = claimLink(c.env.DB, "email_changes", change.id, now);
    let results: D1Result[];
    try {
      // The email changes (and the old address gets its way back, and hears of it) only if this
      // request claimed the link: a second open gets 410.
      results = await c.env.DB.batch([
        link.first,
        link.then(EMAIL_LINK_SQL.setEmail, change.email, change.email_normalized, now, user.id),
        link.then(
          EMAIL_LINK_SQL.insertRevert,
          revertId,
          await sha256Hex(revertToken),
          user.id,
          user.email,
          user.email_normalized,
          now,
          now + EMAIL_REVERT_TTL_MS,
        ),
        // A password link mailed to the old address would set the password of the account that
        // address no longer names (QA, session 24): after this it can neither sign in nor recover.
        link.then((won) => voidUnusedLinks("password_links", 3, won), now, user.id),
        link.then((won) => keptNoticeInsert(3, won), ...notice.kept),
      ]);
    } catch (error) {
      // Another account took the address between the check above and this batch.
      return emailTakenOrThrow(c, error);
    }
    if (!results[0]?.meta.changes) return linkExpired(c);
    await sendPreparedNotice(c, notice);
    return c.json({ email: change.email }, 200);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "get",
    path: "/auth/email-reverts/{linkId}",
    summary: "The address an undo link (mailed to the old address after a change of email) gives back, while it can still be used",
    request: { params: linkParams },
    responses: { 200: { description: "Usable", ...json(z.object({ email: z.string() })) }, 410: problemResponse("Expired or already used"), 422: problemResponse("Malformed link id") },
  }),
  async (c) => {
    const revert = await findUsableRevert(c.env.DB, c.req.valid("param").linkId, Date.now());
    return revert ? c.json({ email: revert.email }, 200) : linkExpired(c);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/email-reverts/{linkId}",
    summary:
      "Undo a change of email from the old address: it signs in with that address again, every session ends, pending changes and password links are void, and a new password link is answered",
    request: { params: linkParams },
    responses: {
      200: { description: "Restored; `passwordLinkId` opens /login/change-password/{linkId}", ...json(z.object({ email: z.string(), passwordLinkId: z.string() })) },
      409: problemResponse("Another account took the old address meanwhile"),
      410: problemResponse("Expired or already used"),
      422: problemResponse("Malformed link id"),
    },
  }),
  async (c) => {
    const now = Date.now();
    const revert = await findUsableRevert(c.env.DB, c.req.valid("param").linkId, now);
    if (!revert) return linkExpired(c);
    const before = await findUserById(c.env.DB, revert.user_id);
    if (!before) return linkExpired(c);
    const passwordLinkId = randomToken();
    const link = claimLink(c.env.DB, "email_reverts", revert.id, now);
    const userId = revert.user_id;
    // The address it replaced hears of it: if that was the owner's (and the old mailbox is no
    // longer theirs), they learn at once that the account went back to an address they had left.
    const notice = before.email_normalized !== revert.email_normalized ? prepareNotice(c, before, { kind: "emailRestored", restoredEmail: revert.email }, now) : null;
    let results: D1Result[];
    try {
      // Every step only if this request claimed the link. Whoever changed the email may hold the
      // password, a session, a password link sent to their address, a change waiting for its
      // link, or the undo links of later changes: all of it ends here, and the password cannot
      // sign in until the owner sets a new one. Undo links of earlier changes stay, so undoing a
      // later change cannot take the first owner's away.
      results = await c.env.DB.batch([
        link.first,
        link.then(
          EMAIL_LINK_SQL.restoreEmail,
          revert.email,
          revert.email_normalized,
          now,
          userId,
        ),
        link.then((won) => voidUnusedLinks("email_reverts", 3, `created_at >= ?5 AND ${won}`), now, userId, revert.created_at),
        link.then((won) => voidUnusedLinks("email_changes", 3, won), now, userId),
        link.then(revokeAllSessionsIfWon, now, userId),
        link.then((won) => voidUnusedLinks("password_links", 3, won), now, userId),
        link.then(
          EMAIL_LINK_SQL.insertPasswordLink,
          crypto.randomUUID(),
          await sha256Hex(passwordLinkId),
          userId,
          now,
          now + LINK_TTL_MS,
        ),
        ...(notice ? [link.then((won) => keptNoticeInsert(3, won), ...notice.kept)] : []),
      ]);
    } catch (error) {
      // An account with the old address: it is held while the link is usable, so only an account
      // from before the holding began (none since migration 0012) can be in the way.
      return emailTakenOrThrow(c, error);
    }
    if (!results[0]?.meta.changes) return linkExpired(c);
    if (notice) await sendPreparedNotice(c, notice);
    return c.json({ email: revert.email, passwordLinkId }, 200);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/users/me",
    summary: "Delete the account: every row of the user and every receipt image; needs the password",
    security: bearer,
    middleware: [requireSession] as const,
    request: { body: jsonBody(deleteAccountSchema) },
    responses: { 204: { description: "Deleted" }, 401: problemResponse("No session"), 422: problemResponse("Wrong password or not confirmed"), 429: problemResponse("Locked after repeated wrong passwords") },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const user = await findUserById(c.env.DB, c.get("user").id);
    if (!user) return problem(c, 401, "unauthenticated");
    const refused = await checkCurrentPassword(c, user, input.password, "password", "api.wrongPassword");
    if (refused) return refused;
    // Images first: if this fails the rows are still there and the user can try again; the
    // other way round could leave images nobody can reach or delete.
    await deleteUserReceipts(c.env.RECEIPTS, user.id);
    // Sessions, links, accounts, transactions and categories go with the user (ON DELETE CASCADE).
    await c.env.DB.batch(deleteUserStatements(c.env.DB, user.id));
    return c.body(null, 204);
  },
);
