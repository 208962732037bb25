/**
 * What sign-in, sign-up and the account's own settings share: the user and session shapes they
 * answer, link ids, password checks and the answers to a throttle or a dead link.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translatorFor } from "../../../../core/i18n/translator";
import { LINK_ID_PATTERN } from "../../../../core/schemas/auth";
import { coarseIp } from "../platform/ip";
import { localeOf, problem, translatedProblem, validationProblem } from "../platform/problem";
import type { ApiBindings } from "../platform/types";
import { tellOwnerOfPause } from "../notices/notices";
import { emailHashOf, type UserRow } from "../users/model";
import { MIN_PASSWORD_SCORE, parseParams, passwordStrength, verifyPassword } from "./password";
import { readReservation, reserveLoginAttempt, settleLoginSuccess, type Lockout } from "./store";

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
 * cannot guess the password at full speed; the attempt is reserved before any hashing, as sign-in
 * does, so parallel guesses cannot pass it either. Answers null when the password is right, else
 * the 422 (`field`, `messageKey`) or the 429 to send.
 */
export async function checkCurrentPassword(c: Context<ApiBindings>, user: UserRow, password: string, field: string, messageKey: string): Promise<Response | null> {
  const now = Date.now();
  const emailHash = await emailHashOf(user.email);
  const row = await reserveLoginAttempt(c.env.DB, emailHash, LOGIN_LOCKOUT, now).first<{ failures: number; locked_until: number | null }>();
  const reservation = readReservation(row ?? undefined, LOGIN_LOCKOUT, now);
  if (!reservation.admitted) return throttled(c, "locked", reservation.lockedFor ?? Math.ceil(LOGIN_LOCKOUT.lockMs / 1000));
  if (verifyPassword(password, user.password_hash)) {
    const stillLocked = await settleLoginSuccess(c.env.DB, emailHash, LOGIN_LOCKOUT, now);
    return stillLocked === null ? null : throttled(c, "locked", stillLocked);
  }
  if (reservation.lockedFor === null) return validationProblem(c, { [field]: [messageKey] });
  if (reservation.locking) await tellOwnerOfPause(c, user, { failures: LOGIN_LOCKOUT.max, lockedForSeconds: reservation.lockedFor }, now);
  return throttled(c, "locked", reservation.lockedFor);
}

export function linkExpired(c: Context<ApiBindings>): Response {
  return translatedProblem(c, 410, "link-expired", "auth.linkExpired");
}

