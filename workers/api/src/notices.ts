/**
 * Security notices: a mail to the owner after a change that someone holding a stolen session
 * (and the password) could make to take the account over. The email's old address hears of the
 * change of email, since after it the old owner can neither sign in nor recover the password;
 * the notice carries the link that undoes it. When that link is used, the address it replaced
 * hears of it in turn, in case the old mailbox was no longer the owner's.
 * Sent after the answer: a mail provider that is down must not undo or delay the change. A
 * failing send is tried twice more (`sendWithRetries`), then logged, never returned.
 */
import type { Context } from "hono";
import { translatorFor } from "../../../app/i18n/translator";
import { formatInstant } from "../../../app/lib/dates";
import { afterAnswer, type ApiBindings } from "./hono";
import { appUrl, mailSender, paragraphsMail, sendWithRetries, type MailMessage } from "./mail";
import type { UserRow } from "./users";

export type SecurityNotice = { kind: "emailChanged"; newEmail: string; revertToken: string } | { kind: "emailRestored"; restoredEmail: string } | { kind: "passwordChanged" };

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
    return paragraphsMail(user.email, user.locale, t("mail.emailRestoredSubject"), [greeting, t("mail.emailRestoredBody", { email: notice.restoredEmail, when, zone: user.time_zone }), t("mail.emailRestoredNotYou", { email: notice.restoredEmail })]);
  }
  return paragraphsMail(user.email, user.locale, t("mail.passwordChangedSubject"), [greeting, t("mail.passwordChangedBody", { when, zone: user.time_zone }), t("mail.passwordChangedNotYou"), recover], recover);
}

/** Mails `user` (as they were before the change) about it, after the answer is sent. */
export function sendSecurityNotice(c: Context<ApiBindings>, user: UserRow, notice: SecurityNotice): Promise<void> {
  // Inside the promise: a transport that is not configured throws, and that too is only logged.
  const work = Promise.resolve()
    .then(() => sendWithRetries(mailSender(c.env), noticeMail(c, user, notice, Date.now())))
    .catch((error: unknown) => console.error(JSON.stringify({ event: "security-notice-failed", kind: notice.kind, error: String(error) })));
  return afterAnswer(c, work);
}
