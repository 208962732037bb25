/**
 * One sender interface, three transports:
 * - `outbox`: development and tests; mail lands in D1 and is served at /_dev/mail.json.
 * - `cloudflare`: Cloudflare Email Routing's `send_email` binding (production).
 * - `http`: a provider's JSON endpoint (MAIL_HTTP_URL + MAIL_HTTP_TOKEN), production.
 */
import type { ApiEnv } from "./env";
import { outboxInsert } from "./store";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

/**
 * Pauses before trying a mail sent after the answer again (a security notice). A provider's
 * passing failure (a 5xx, a dropped connection) must not lose the only copy of an undo link; the
 * tries end well inside the 30 s a Worker may keep working after its answer.
 */
const AFTER_ANSWER_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000];

/**
 * Sends `message`, trying again after each delay while the transport fails; the last failure is
 * thrown. A provider that took the mail but failed to say so may deliver it twice: for a security
 * notice, twice is better than never.
 */
export async function sendWithRetries(sender: MailSender, message: MailMessage, delaysMs: readonly number[] = AFTER_ANSWER_RETRY_DELAYS_MS): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await sender.send(message);
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export function outboxEnabled(env: ApiEnv): boolean {
  return env.MAIL_TRANSPORT === "outbox" && env.ENVIRONMENT !== "production";
}

export function mailSender(env: ApiEnv): MailSender {
  switch (env.MAIL_TRANSPORT) {
    case "outbox":
      if (env.ENVIRONMENT === "production") throw new Error("The outbox transport is for development only");
      return {
        async send(message) {
          await outboxInsert(env.DB, message, Date.now()).run();
        },
      };
    case "cloudflare":
      return {
        async send(message) {
          if (!env.MAIL) throw new Error("MAIL binding (send_email) is not configured");
          const { EmailMessage } = await import("cloudflare:email");
          const from = addressOf(env.MAIL_FROM);
          await env.MAIL.send(new EmailMessage(from, message.to, mime(env.MAIL_FROM, env.SUPPORT_EMAIL, message)));
        },
      };
    case "http":
      return {
        async send(message) {
          if (!env.MAIL_HTTP_URL) throw new Error("MAIL_HTTP_URL is not set");
          const response = await fetch(env.MAIL_HTTP_URL, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${env.MAIL_HTTP_TOKEN ?? ""}` },
            body: JSON.stringify({ from: env.MAIL_FROM, replyTo: env.SUPPORT_EMAIL, ...message }),
          });
          if (!response.ok) throw new Error(`Mail provider answered ${response.status}`);
        },
      };
    default:
      throw new Error(`Unknown MAIL_TRANSPORT: ${env.MAIL_TRANSPORT}`);
  }
}

function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

function encodeHeader(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(text)))}?=`;
}

function base64Lines(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/.{76}/g, "$&\r\n");
}

/** A multipart/alternative message, the raw form the send_email binding takes; a reply goes to `replyTo`, not the no-reply sender. */
export function mime(from: string, replyTo: string, message: MailMessage): string {
  const boundary = `tesoro-${crypto.randomUUID()}`;
  return [
    `From: ${from}`,
    ...(replyTo.trim() ? [`Reply-To: ${replyTo}`] : []),
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Message-ID: <${crypto.randomUUID()}@tesoro>`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    'Content-Type: text/plain; charset="utf-8"',
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset="utf-8"',
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(message.html),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/** An address of the web app for a mail (a link to open, a page to go to): `path` starts with "/". */
export function appUrl(env: Pick<ApiEnv, "APP_ORIGIN">, path: string): string {
  return env.APP_ORIGIN.replace(/\/$/, "") + path;
}

/** A plain message of paragraphs, one of which may be a link: the text and the HTML say the same. */
export function paragraphsMail(to: string, locale: string, subject: string, paragraphs: string[], link?: string): MailMessage {
  const html = paragraphs.map((line) => (line === link ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>` : `<p>${escapeHtml(line)}</p>`)).join("");
  return { to, subject, text: paragraphs.join("\n\n"), html: `<!doctype html><html lang="${escapeHtml(locale)}"><body>${html}</body></html>` };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}
