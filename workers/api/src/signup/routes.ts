/**
 * Sign-up with the address confirmed (ADR 039). `POST /auth/signup` creates no account: it checks
 * the form, answers 202, and then (after the answer, so neither the answer nor its timing says
 * whether the address has an account) mails the address a link that creates the account, or, when
 * the address already has one, tells its owner that someone tried. The account is made when the
 * link is used (`POST /auth/signup-links/{linkId}`), which signs in.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translatorFor } from "../../../../core/i18n/translator";
import { signupSchema } from "../../../../core/schemas/auth";
import { afterAnswer, createRouter } from "../platform/router";
import type { ApiBindings } from "../platform/types";
import { appUrl, mailSender, paragraphsMail, sendWithRetries } from "../platform/mail";
import { json, jsonBody, problemResponse } from "../platform/openapi";
import { hashPassword } from "../auth/password";
import { localeOf, translatedProblem, validationProblem } from "../platform/problem";
import { hit, throttle } from "../platform/rate-limit";
import { createSession } from "../sessions/middleware";
import { noticeOnceADay } from "../notices/notices";
import { claimLink, issueLink } from "../links/store";
import { addressHeldQuery, createUserFromLink, findUsableSignup } from "./store";
import { findUserById, userByEmailQuery } from "../users/store";
import { emailHashOf, normalizeEmail, toApiUser, type UserRow } from "../users/model";
import { clientInfo, HOUR, linkExpired, linkParams, scrypt, sessionOut, throttled, weakPasswordProblem } from "../auth/common";
import { createDefaultCategories } from "../categories/store";

export const signupRoutes = createRouter();
type C = Context<ApiBindings>;

/** How long a sign-up link works: a day, as a change-of-email link (the mail may wait in a spam folder). */
export const SIGNUP_LINK_TTL_MS = 24 * HOUR;
/** Sign-ups per address an hour, counted for every address alike so a 429 tells nothing: a mailbox cannot be flooded. */
const SIGNUPS_PER_ADDRESS = { max: 3, windowMs: HOUR };

const signupThrottle = throttle<ApiBindings>((ip) => `signup:ip:${ip}`, 10, HOUR, (c, retry) => throttled(c, "rate-limited", retry));

function signupClosed(c: C): Response | null {
  return c.env.SIGNUP === "closed" ? translatedProblem(c, 403, "signup-closed", "auth.signupClosed") : null;
}

signupRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/signup",
    summary: "Ask for an account: a link that creates it is mailed to the address (the same answer whether or not the address has an account)",
    middleware: [signupThrottle] as const,
    request: { body: jsonBody(signupSchema) },
    responses: {
      202: { description: "A link was mailed to the address, or its owner was told", ...json(z.object({ email: z.string(), expiresAt: z.number() })) },
      403: problemResponse("Sign-up is closed"),
      422: problemResponse("Invalid input, or a password too easy to guess"),
      429: problemResponse("Too many sign-ups from this network or for this address"),
    },
  }),
  async (c) => {
    const closed = signupClosed(c);
    if (closed) return closed;
    const input = c.req.valid("json");
    const weak = weakPasswordProblem(c, input.password, [input.name, input.email]);
    if (weak) return weak;
    const email = input.email.trim();
    const byAddress = await hit(c.env.DB, { key: `signup:email:${await emailHashOf(email)}`, ...SIGNUPS_PER_ADDRESS });
    if (!byAddress.allowed) return throttled(c, "rate-limited", byAddress.retryAfterSeconds);
    const now = Date.now();
    // Hashed before the answer whether or not the address has an account (an owner's notice does
    // not need it): the hash is the one costly step, and run after the answer only for a new
    // address it still made that answer ~200 ms slower (issue 36), its CPU in the same isolate.
    const passwordHash = hashPassword(input.password, scrypt(c));
    await afterAnswer(c, startSignup(c, { email, name: input.name, passwordHash, locale: localeOf(c) }, now));
    return c.json({ email, expiresAt: now + SIGNUP_LINK_TTL_MS }, 202);
  },
);

/**
 * After the answer: the link, or the owner's notice. Failures are logged, never answered (the
 * answer is sent); the person can ask again.
 */
async function startSignup(c: C, form: { email: string; name: string; passwordHash: string; locale: string }, now: number): Promise<void> {
  try {
    const db = c.env.DB;
    const normalized = normalizeEmail(form.email);
    // Its owner, and whether anyone holds the address (an undo of a change of email, ADR 032, holds
    // it without an account: nobody may take it meanwhile, and nobody is told; the undo's own mail
    // went to it), in one round trip.
    const [owners, held] = await db.batch([userByEmailQuery(db, normalized), addressHeldQuery(db, normalized, now)]);
    const owner = owners?.results[0] as UserRow | undefined;
    if (owner) return await noticeOnceADay(c, owner, "signup-tried", { kind: "signupTried" }, now);
    if ((held?.results[0] as { taken: number } | undefined)?.taken === 1) return;
    // Only the latest link for an address works: an older one, mailed to a mistyped or shared
    // mailbox, cannot create the account with an older password.
    const link = await issueLink(db, "signup_links", { email_normalized: normalized }, now, SIGNUP_LINK_TTL_MS, {
      email: form.email,
      name: form.name,
      password_hash: form.passwordHash,
      locale: form.locale,
    });
    const t = translatorFor(form.locale);
    const url = appUrl(c.env, `/signup/confirm/${link.token}`);
    await sendWithRetries(mailSender(c.env), paragraphsMail(form.email, form.locale, t("mail.signupSubject"), [t("mail.greeting", { name: form.name }), t("mail.signupBody"), url, t("mail.signupIgnore")], url));
  } catch (error) {
    console.error(JSON.stringify({ event: "signup-mail-failed", error: String(error) }));
  }
}

signupRoutes.openapi(
  createRoute({
    method: "get",
    path: "/auth/signup-links/{linkId}",
    summary: "The address a sign-up link creates an account for, while it can still be used",
    request: { params: linkParams },
    responses: {
      200: { description: "Usable", ...json(z.object({ email: z.string(), name: z.string() })) },
      409: problemResponse("The address has an account now"),
      410: problemResponse("Expired or already used"),
      422: problemResponse("Malformed link id"),
    },
  }),
  async (c) => {
    const now = Date.now();
    const signup = await findUsableSignup(c.env.DB, c.req.valid("param").linkId, now);
    if (!signup) return linkExpired(c);
    // Said before the button is offered, so the page does not ask a question it would refuse.
    if (signup.taken === 1) return validationProblem(c, { email: ["api.emailTaken"] }, 409);
    return c.json({ email: signup.email, name: signup.name }, 200);
  },
);

signupRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/signup-links/{linkId}",
    summary: "Create the account a sign-up link was mailed for, and sign in",
    request: { params: linkParams },
    responses: {
      201: { description: "Created and signed in", ...json(sessionOut) },
      403: problemResponse("Sign-up is closed"),
      409: problemResponse("The address has an account now"),
      410: problemResponse("Expired or already used"),
      422: problemResponse("Malformed link id"),
    },
  }),
  async (c) => {
    const closed = signupClosed(c);
    if (closed) return closed;
    const now = Date.now();
    const signup = await findUsableSignup(c.env.DB, c.req.valid("param").linkId, now);
    if (!signup) return linkExpired(c);
    if (signup.taken === 1) return validationProblem(c, { email: ["api.emailTaken"] }, 409);
    const id = crypto.randomUUID();
    const link = claimLink(c.env.DB, "signup_links", signup.id, now);
    // The account is made only if this request claimed the link (a second press gets 410), from
    // what the link holds, and only if the address is still free (its UNIQUE index; 409).
    const [claimed, created] = await c.env.DB.batch([
      link.first,
      link.then(createUserFromLink, id, now),
    ]);
    if (!claimed?.meta.changes) return linkExpired(c);
    if (!created?.meta.changes) return validationProblem(c, { email: ["api.emailTaken"] }, 409);
    // Every new user starts with the default categories, named in the language they signed up in.
    await createDefaultCategories(c.env.DB, id, signup.locale);
    const user = (await findUserById(c.env.DB, id))!;
    const info = clientInfo(c);
    const session = await createSession(c.env.DB, { userId: id, remember: false, userAgent: info.userAgent, ip: info.ip });
    return c.json({ token: session.token, remember: session.remember, expiresAt: session.expiresAt, user: toApiUser(user) }, 201);
  },
);
