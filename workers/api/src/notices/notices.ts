/**
 * Security notices: a mail to the owner after a change that someone holding a stolen session
 * (and the password) could make to take the account over. The email's old address hears of the
 * change of email, since after it the old owner can neither sign in nor recover the password;
 * the notice carries the link that undoes it. When that link is used, the address it replaced
 * hears of it in turn, in case the old mailbox was no longer the owner's.
 * Sent after the answer: a mail provider that is down must not undo or delay the change. A
 * failing send is tried twice more (`sendWithRetries`), then logged, never returned. The notice
 * is kept in D1 (`pending_notices`) by a statement in the change's own batch, so no change is
 * written without its notice, and deleted once the provider takes it; one the provider has not
 * taken by then, the hourly cron sends again (`sendPendingNotices`), so a provider down for hours
 * delays a notice but does not lose it (ADR 034). An undo link is a credential (it leads to a new
 * password), and like every link token it is never stored: the kept copy holds a marker where the
 * token goes, and the cron issues a new link for the same undo before it sends.
 */
import type { Context } from "hono";
import { translatorFor } from "../../../../core/i18n/translator";
import { formatInstant } from "../../../../core/dates";
import { afterAnswer } from "../platform/router";
import type { ApiBindings } from "../platform/types";
import type { ApiEnv } from "../platform/env";
import { randomToken, sha256Hex } from "../platform/crypto";
import { hit } from "../platform/rate-limit";
import { appUrl, mailSender, paragraphsMail, sendWithRetries, type MailMessage, type MailSender } from "../platform/mail";
import type { UserRow } from "../users/model";
import { dueNotices, forgetNotice, keepNotice, noticeRetryLater, reissueUndoLink, type PendingRow } from "./store";

/** `revertId` is the `email_reverts` row the token opens. */
export type SecurityNotice = { kind: "emailChanged"; newEmail: string; revertToken: string; revertId: string } | { kind: "emailRestored"; restoredEmail: string } | { kind: "passwordChanged" } | { kind: "passwordReset" } | { kind: "signInPaused"; failures: number; minutes: number } | { kind: "signupTried" } | { kind: "emailClaimTried" };

function noticeMail(c: Context<ApiBindings>, user: UserRow, notice: SecurityNotice, at: number): MailMessage {
  const t = translatorFor(user.locale);
  // The time in the user's zone, named: the reader may be elsewhere, and so may the change.
  const when = formatInstant(at, user.locale, user.time_zone);
  const recover = appUrl(c.env, "/login/recover");
  const greeting = t("mail.greeting", { name: user.name });
  if (notice.kind === "emailChanged") {
    const undo = appUrl(c.env, `/login/undo-email/${notice.revertToken}`);
    return paragraphsMail(user.email, user.locale, t("mail.emailChangedSubject"), [greeting, t("mail.emailChangedBody", { email: notice.newEmail, when, zone: user.time_zone }), t("mail.emailChangedNotYou"), undo], undo);
  }
  if (notice.kind === "emailRestored") {
    return paragraphsMail(user.email, user.locale, t("mail.emailRestoredSubject"), [greeting, t("mail.emailRestoredBody", { email: notice.restoredEmail, when, zone: user.time_zone }), t("mail.emailRestoredNotYou", { email: notice.restoredEmail, support: c.env.SUPPORT_EMAIL })]);
  }
  if (notice.kind === "signupTried") {
    return paragraphsMail(user.email, user.locale, t("mail.signupTriedSubject"), [greeting, t("mail.signupTriedBody", { when, zone: user.time_zone }), t("mail.signupTriedNotYou"), recover], recover);
  }
  if (notice.kind === "emailClaimTried") {
    return paragraphsMail(user.email, user.locale, t("mail.emailClaimTriedSubject"), [greeting, t("mail.emailClaimTriedBody", { when, zone: user.time_zone }), t("mail.signupTriedNotYou"), recover], recover);
  }
  if (notice.kind === "signInPaused") {
    return paragraphsMail(user.email, user.locale, t("mail.signInPausedSubject"), [greeting, t("mail.signInPausedBody", { when, zone: user.time_zone, count: notice.failures, minutes: notice.minutes }), t("mail.signInPausedNotYou"), recover], recover);
  }
  // Changed in Settings (the other devices signed out), or with a mailed link (every device).
  const body = notice.kind === "passwordReset" ? "mail.passwordResetBody" : "mail.passwordChangedBody";
  return paragraphsMail(user.email, user.locale, t("mail.passwordChangedSubject"), [greeting, t(body, { when, zone: user.time_zone }), t("mail.passwordChangedNotYou"), recover], recover);
}

/** The cron leaves a kept notice alone this long: the tries after the answer may still be running. */
const PENDING_FIRST_RETRY_MS = 10 * 60_000;
/** Past this a notice is dropped (logged): the undo link it may carry is valid for a week (ADR 032). */
export const PENDING_MAX_AGE_MS = 3 * 24 * 3600_000;
/** Notices the cron sends in one run, so one run stays short whatever piled up. */
const PENDING_PER_RUN = 50;

/** A notice made before its change is written: the mail to send, and the values of the row that keeps it. */
export interface PreparedNotice {
  kind: SecurityNotice["kind"];
  id: string;
  message: MailMessage;
  /** In the kept columns' order, for `keptNoticeInsert` (store.ts). */
  kept: unknown[];
}

/** `mail` with the undo link's token where its marker is (the kept copy holds the marker). */
function withToken(mail: MailMessage, marker: string | null, token: string): MailMessage {
  return marker ? { ...mail, text: mail.text.replaceAll(marker, token), html: mail.html.replaceAll(marker, token) } : mail;
}

/** Mails `user` (as they were before the change) about it: `sendPreparedNotice` once the change and `kept` are written. */
export function prepareNotice(c: Context<ApiBindings>, user: UserRow, notice: SecurityNotice, now: number): PreparedNotice {
  const id = crypto.randomUUID();
  const changed = notice.kind === "emailChanged" ? notice : null;
  const marker = changed ? randomToken() : null;
  const kept = noticeMail(c, user, changed ? { ...changed, revertToken: marker! } : notice, now);
  const message = changed ? withToken(kept, marker, changed.revertToken) : kept;
  return { kind: notice.kind, id, message, kept: [id, kept.to, kept.subject, kept.text, kept.html, now, now + PENDING_FIRST_RETRY_MS, changed?.revertId ?? null, marker] };
}

function logNotice(event: string, fields: Record<string, unknown>): void {
  console.error(JSON.stringify({ event, ...fields }));
}

/** Sends a prepared notice after the answer; taken by the provider, its kept copy is forgotten. */
export function sendPreparedNotice(c: Context<ApiBindings>, notice: PreparedNotice): Promise<void> {
  return afterAnswer(c, sendAndForget(c, notice));
}

function sendAndForget(c: Context<ApiBindings>, notice: PreparedNotice): Promise<void> {
  // Inside the chain: a transport that is not configured throws, and that too is only logged. A
  // notice the provider did not take is not forgotten: the cron sends its kept copy.
  return Promise.resolve()
    .then(() => sendWithRetries(mailSender(c.env), notice.message))
    .then(() => forgetNotice(c.env.DB, notice.id))
    .then(
      () => undefined,
      (error: unknown) => logNotice("security-notice-failed", { kind: notice.kind, error: String(error) }),
    );
}

/**
 * Notices anyone who knows an address can cause, so the owner hears of them once a day at most:
 * a paused sign-in (ADR 004: a pause can be started every 15 minutes, and 96 mails a day would be a
 * flood of their own), a sign-up tried with the address (ADR 039). `key` names the allowance.
 */
const OWNER_NOTICES_PER_DAY = { max: 1, windowMs: 24 * 3600_000 };

/** The once-a-day notice itself, kept until sent like every security notice; failures are logged. */
export function noticeOnceADay(c: Context<ApiBindings>, user: UserRow, key: string, notice: SecurityNotice, now: number): Promise<void> {
  return (async () => {
    const { allowed } = await hit(c.env.DB, { key: `${key}:${user.id}`, ...OWNER_NOTICES_PER_DAY }, now);
    if (!allowed) return;
    const prepared = prepareNotice(c, user, notice, now);
    await keepNotice(c.env.DB, prepared).run();
    await sendAndForget(c, prepared);
  })().catch((error: unknown) => logNotice("security-notice-failed", { kind: notice.kind, error: String(error) }));
}

/**
 * A paused sign-in's notice, all of it after the answer: the answer and its timing are the same for
 * an address without an account, which gets no mail (ADR 004).
 */
export function tellOwnerOfPause(c: Context<ApiBindings>, user: UserRow, pause: { failures: number; lockedForSeconds: number }, now: number): Promise<void> {
  return afterAnswer(c, noticeOnceADay(c, user, "pause-notice", { kind: "signInPaused", failures: pause.failures, minutes: Math.ceil(pause.lockedForSeconds / 60) }, now));
}

/**
 * The kept copy's mail with a working link where its marker is: a new link for the same undo
 * (same address, same expiry; using either voids both, as undo voids its later links), or, if the
 * undo was used or is gone with its account, a token that opens nothing, so the link says what
 * the first mail's would: that it can no longer be used. The notice is sent either way.
 */
async function withUndoLink(db: D1Database, row: PendingRow, now: number): Promise<MailMessage> {
  const mail = { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body };
  if (!row.link_marker) return mail;
  const token = randomToken();
  if (row.revert_id) {
    await reissueUndoLink(db, row.revert_id, await sha256Hex(token), now).run();
  }
  return withToken(mail, row.link_marker, token);
}

/**
 * The hourly cron's part: each kept notice that is due is sent once more; taken, it is deleted;
 * refused, it waits for the next run. A notice still unsent after `PENDING_MAX_AGE_MS` is dropped
 * and logged.
 */
export async function sendPendingNotices(env: ApiEnv, now = Date.now()): Promise<void> {
  const { results } = await dueNotices(env.DB, now, PENDING_PER_RUN);
  if (!results.length) return;
  let sender: MailSender;
  try {
    sender = mailSender(env);
  } catch (error) {
    logNotice("security-notice-no-transport", { pending: results.length, error: String(error) });
    return;
  }
  for (const row of results) {
    if (now - row.created_at > PENDING_MAX_AGE_MS) {
      logNotice("security-notice-dropped", { id: row.id, attempts: row.attempts, createdAt: row.created_at });
      await forgetNotice(env.DB, row.id);
      continue;
    }
    try {
      await sender.send(await withUndoLink(env.DB, row, now));
    } catch (error) {
      logNotice("security-notice-retry-failed", { id: row.id, attempts: row.attempts + 1, error: String(error) });
      await noticeRetryLater(env.DB, row.id, now + 1).run();
      continue;
    }
    await forgetNotice(env.DB, row.id);
  }
}
