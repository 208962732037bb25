import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mail } from "../../core/i18n/locales/en/mail";
import worker from "../../workers/api/index";
import { sendWithRetries, type MailMessage } from "../../workers/api/src/platform/mail";
import { PENDING_MAX_AGE_MS } from "../../workers/api/src/notices/notices";
import { call, signUp, STRONG_PASSWORD, uniqueEmail, uniqueIp, waitForMail } from "./helpers";

const message: MailMessage = { to: "ana@example.com", subject: "s", text: "t", html: "<p>t</p>" };

/** A provider that fails `failures` times, then takes the mail. */
function flakyProvider(failures: number) {
  const tries: MailMessage[] = [];
  return {
    tries,
    async send(mail: MailMessage) {
      tries.push(mail);
      if (tries.length <= failures) throw new Error(`provider down (${tries.length})`);
    },
  };
}

afterEach(() => vi.restoreAllMocks());

const HOUR = 3600_000;
const HTTP_MAIL_ENV = { ...env, MAIL_TRANSPORT: "http", MAIL_HTTP_URL: "https://mail.provider.test/send", MAIL_HTTP_TOKEN: "test" };

/**
 * The mail provider, which is outside our system: its endpoint records each mail it is sent and
 * answers 503 while `down` or for the next `failNext` mails, else 202. Every other fetch goes through.
 */
function providerEndpoint() {
  const realFetch = globalThis.fetch;
  const state = { down: false, failNext: 0, sent: [] as Array<{ to: string; subject: string }> };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).host !== "mail.provider.test") return realFetch(input, init);
    state.sent.push((await request.json()) as { to: string; subject: string });
    const fail = state.down || state.failNext > 0;
    state.failNext = Math.max(0, state.failNext - 1);
    return new Response(null, { status: fail ? 503 : 202 });
  });
  return state;
}

function passwordChange(token: string) {
  return new Request("https://tesoro.test/api/v1/auth/password", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
    body: JSON.stringify({ currentPassword: STRONG_PASSWORD, password: "another-strong-passphrase-x", confirmPassword: "another-strong-passphrase-x" }),
  }) as unknown as Request<unknown, IncomingRequestCfProperties>; // a test-made Request lacks `cf`; the Worker never reads it
}

function confirmEmailChange(linkId: string) {
  return new Request(`https://tesoro.test/api/v1/auth/email-links/${linkId}`, { method: "POST", headers: { "CF-Connecting-IP": uniqueIp() } }) as unknown as Request<unknown, IncomingRequestCfProperties>; // as in passwordChange
}

const undoLinkIn = (text: string) => /\/login\/undo-email\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

/**
 * A user's change of email confirmed while the provider is down: the notice to the old address
 * was tried after the answer and refused. `toOwner` lists what the provider was sent for that
 * address only, since the cron may also send other tests' notices that are due.
 */
async function emailChangedWhileProviderDown() {
  const { email, token, password } = await signUp();
  const next = uniqueEmail("Moved");
  expect((await call("/users/me/email", { token, body: { email: next, password } })).status).toBe(202);
  const [confirmMail] = await waitForMail(next);
  const linkId = /\/login\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(confirmMail!.text)![1]!;
  const provider = providerEndpoint();
  provider.down = true;
  const ctx = createExecutionContext();
  expect((await worker.fetch(confirmEmailChange(linkId), HTTP_MAIL_ENV, ctx)).status).toBe(200);
  await waitOnExecutionContext(ctx);
  const toOwner = () => (provider.sent as unknown as Array<{ to: string; subject: string; text: string; html: string }>).filter((mail) => mail.to === email);
  return { email, provider, toOwner };
}

async function pendingFor(to: string) {
  const { results } = await env.DB.prepare("SELECT subject, attempts, next_attempt_at FROM pending_notices WHERE to_address = ?1").bind(to).all<{ subject: string; attempts: number; next_attempt_at: number }>();
  return results;
}

describe("mail sent after the answer", () => {
  it("is tried again after each pause while the provider fails, and stops at the first success", async () => {
    const provider = flakyProvider(2);
    await sendWithRetries(provider, message, [5, 5]);
    expect(provider.tries).toEqual([message, message, message]);
    const healthy = flakyProvider(0);
    await sendWithRetries(healthy, message, [5, 5]);
    expect(healthy.tries).toHaveLength(1);
  });

  it("gives up with the last failure once the pauses are used up", async () => {
    const provider = flakyProvider(10);
    await expect(sendWithRetries(provider, message, [5, 5])).rejects.toThrow("provider down (3)");
    expect(provider.tries).toHaveLength(3);
  });

  it("a security notice reaches the owner through a provider that failed the first time", async () => {
    const { email, token } = await signUp();
    const provider = providerEndpoint();
    provider.failNext = 1;
    const ctx = createExecutionContext();
    const response = await worker.fetch(passwordChange(token), HTTP_MAIL_ENV, ctx);
    expect(response.status).toBe(204);
    await waitOnExecutionContext(ctx);
    const sent = provider.sent;
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]).toMatchObject({ to: email, subject: mail.passwordChangedSubject });
    // Taken: nothing is left for the cron to send again.
    expect(await pendingFor(email)).toHaveLength(0);
  });

  it(
    "a notice the provider refuses for longer than the tries after the answer is sent by the hourly cron, once",
    async () => {
      const { email, token } = await signUp();
      const provider = providerEndpoint();
      provider.down = true;
      const ctx = createExecutionContext();
      const response = await worker.fetch(passwordChange(token), HTTP_MAIL_ENV, ctx);
      expect(response.status).toBe(204);
      await waitOnExecutionContext(ctx);
      expect(provider.sent).toHaveLength(3);
      const [kept] = await pendingFor(email);
      expect(kept).toMatchObject({ subject: mail.passwordChangedSubject, attempts: 0 });

      // The cron leaves it alone while the tries after the answer may still be running…
      await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }), HTTP_MAIL_ENV);
      expect(provider.sent).toHaveLength(3);
      // …then, while the provider is still down, counts the try and keeps the notice…
      const later = kept!.next_attempt_at + 1;
      await worker.scheduled(createScheduledController({ scheduledTime: later, cron: "17 * * * *" }), HTTP_MAIL_ENV);
      expect(provider.sent).toHaveLength(4);
      expect(await pendingFor(email)).toMatchObject([{ attempts: 1 }]);
      // …and sends it, the same mail, once the provider is back; then it is gone.
      provider.down = false;
      await worker.scheduled(createScheduledController({ scheduledTime: later + HOUR, cron: "17 * * * *" }), HTTP_MAIL_ENV);
      expect(provider.sent).toHaveLength(5);
      expect(provider.sent[4]).toEqual(provider.sent[0]);
      expect(await pendingFor(email)).toHaveLength(0);
      await worker.scheduled(createScheduledController({ scheduledTime: later + 2 * HOUR, cron: "17 * * * *" }), HTTP_MAIL_ENV);
      expect(provider.sent).toHaveLength(5);
    },
    30_000,
  );

  it("drops a notice still unsent after three days, without sending it", async () => {
    const provider = providerEndpoint();
    const now = Date.now();
    const id = crypto.randomUUID();
    const to = `old-${id}@example.com`;
    await env.DB.prepare("INSERT INTO pending_notices (id, to_address, subject, text_body, html_body, created_at, attempts, next_attempt_at) VALUES (?1, ?2, 's', 't', '<p>t</p>', ?3, 70, ?4)")
      .bind(id, to, now - PENDING_MAX_AGE_MS - HOUR, now - 1)
      .run();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 * * * *" }), HTTP_MAIL_ENV);
    expect(provider.sent.filter((mail) => mail.to === to)).toHaveLength(0);
    expect(await pendingFor(to)).toHaveLength(0);
  });

  it(
    "an email-change notice is kept without its undo link's token; the cron mails a new link for the same undo, and using either voids both",
    async () => {
      const { email, provider, toOwner } = await emailChangedWhileProviderDown();
      let tried = toOwner();
      expect(tried).toHaveLength(3);
      expect(tried[0]).toMatchObject({ to: email, subject: mail.emailChangedSubject });
      const first = undoLinkIn(tried[0]!.text)!;
      expect(first).toBeDefined();

      // What D1 keeps has no token that opens anything.
      const { results: kept } = await env.DB.prepare("SELECT * FROM pending_notices WHERE to_address = ?1").bind(email).all<Record<string, string | number | null>>();
      expect(kept).toHaveLength(1);
      expect(JSON.stringify(kept[0])).not.toContain(first);
      const marker = kept[0]!.link_marker as string;
      expect(kept[0]!.text_body).toContain(`/login/undo-email/${marker}`);
      expect((await call(`/auth/email-reverts/${marker}`)).status).toBe(410);

      provider.down = false;
      await worker.scheduled(createScheduledController({ scheduledTime: (kept[0]!.next_attempt_at as number) + 1, cron: "17 * * * *" }), HTTP_MAIL_ENV);
      tried = toOwner();
      const resent = tried[3]!;
      expect(tried).toHaveLength(4);
      expect(resent.subject).toBe(mail.emailChangedSubject);
      const second = undoLinkIn(resent.text)!;
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      expect(resent.text.replace(second, first)).toBe(tried[0]!.text);
      expect(resent.html).toContain(`<a href="https://tesoro.test/login/undo-email/${second}">`);
      expect(await pendingFor(email)).toHaveLength(0);

      // Both links undo the same change, once.
      expect((await call(`/auth/email-reverts/${first}`)).json).toEqual({ email });
      expect((await call(`/auth/email-reverts/${second}`)).json).toEqual({ email });
      expect((await call(`/auth/email-reverts/${second}`, { method: "POST" })).status).toBe(200);
      expect((await call(`/auth/email-reverts/${first}`, { method: "POST" })).status).toBe(410);
    },
    30_000,
  );

  it("a kept email-change notice whose undo was used meanwhile is still sent, with a link that says it can no longer be used", async () => {
    const { email, provider, toOwner } = await emailChangedWhileProviderDown();
    let tried = toOwner();
    // The provider said no, but the first mail arrived after all, and the owner undid the change.
    expect((await call(`/auth/email-reverts/${undoLinkIn(tried[0]!.text)}`, { method: "POST" })).status).toBe(200);

    provider.down = false;
    const [kept] = await pendingFor(email);
    await worker.scheduled(createScheduledController({ scheduledTime: kept!.next_attempt_at + 1, cron: "17 * * * *" }), HTTP_MAIL_ENV);
    tried = toOwner();
    expect(tried).toHaveLength(4);
    const late = undoLinkIn(tried[3]!.text)!;
    expect(late).toBeDefined();
    expect((await call(`/auth/email-reverts/${late}`)).status).toBe(410);
    expect(await pendingFor(email)).toHaveLength(0);
  });
});
