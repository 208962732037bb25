/**
 * Security notices: a mail to the owner after a change that someone holding a stolen session
 * (and the password) could make to take the account over. The email's old address hears of the
 * change of email, since after it the old owner can neither sign in nor recover the password.
 * Sent after the answer: a mail provider that is down must not undo or delay the change, so a
 * failure is logged, never returned.
 */
import type { Context } from "hono";
import { translatorFor } from "../../../app/i18n/translator";
import { formatInstant } from "../../../app/lib/dates";
import type { ApiBindings } from "./hono";
import { escapeHtml, mailSender } from "./mail";
import type { UserRow } from "./users";

export type SecurityNotice = { kind: "emailChanged"; newEmail: string } | { kind: "passwordChanged" };

function noticeMail(c: Context<ApiBindings>, user: UserRow, notice: SecurityNotice, at: number) {
  const t = translatorFor(user.locale);
  const when = formatInstant(at, user.locale, user.time_zone);
  const recover = `${c.env.APP_ORIGIN.replace(/\/$/, "")}/login/recover`;
  const paragraphs =
    notice.kind === "emailChanged"
      ? [t("mail.greeting", { name: user.name }), t("mail.emailChangedBody", { email: notice.newEmail, when }), t("mail.emailChangedNotYou")]
      : [t("mail.greeting", { name: user.name }), t("mail.passwordChangedBody", { when }), t("mail.passwordChangedNotYou"), recover];
  const html = paragraphs.map((line) => (line === recover ? `<p><a href="${escapeHtml(recover)}">${escapeHtml(recover)}</a></p>` : `<p>${escapeHtml(line)}</p>`)).join("");
  return {
    to: user.email,
    subject: t(notice.kind === "emailChanged" ? "mail.emailChangedSubject" : "mail.passwordChangedSubject"),
    text: paragraphs.join("\n\n"),
    html: `<!doctype html><html lang="${user.locale}"><body>${html}</body></html>`,
  };
}

/** Mails `user` (as they were before the change) about it, after the answer is sent. */
export function sendSecurityNotice(c: Context<ApiBindings>, user: UserRow, notice: SecurityNotice): void {
  const work = mailSender(c.env)
    .send(noticeMail(c, user, notice, Date.now()))
    .catch((error: unknown) => console.error(JSON.stringify({ event: "security-notice-failed", kind: notice.kind, error: String(error) })));
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (a direct call in a test): the promise still runs to its end.
  }
}
