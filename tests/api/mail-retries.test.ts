import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { en } from "../../app/i18n/locales/en";
import worker from "../../workers/api/index";
import { sendWithRetries, type MailMessage } from "../../workers/api/src/mail";
import { signUp, STRONG_PASSWORD, uniqueIp } from "./helpers";

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
    // The mail provider is outside our system: its endpoint answers 503 once, then 202.
    const realFetch = globalThis.fetch;
    const sent: Array<{ to: string; subject: string }> = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).host !== "mail.provider.test") return realFetch(input, init);
      sent.push((await request.json()) as { to: string; subject: string });
      return new Response(null, { status: sent.length === 1 ? 503 : 202 });
    });
    const ctx = createExecutionContext();
    const request = new Request("https://tesoro.test/api/v1/auth/password", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
      body: JSON.stringify({ currentPassword: STRONG_PASSWORD, password: "another-strong-passphrase-x", confirmPassword: "another-strong-passphrase-x" }),
    }) as unknown as Request<unknown, IncomingRequestCfProperties>; // a test-made Request lacks `cf`; the Worker never reads it
    const response = await worker.fetch(request, { ...env, MAIL_TRANSPORT: "http", MAIL_HTTP_URL: "https://mail.provider.test/send", MAIL_HTTP_TOKEN: "test" }, ctx);
    expect(response.status).toBe(204);
    await waitOnExecutionContext(ctx);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]).toMatchObject({ to: email, subject: en.mail.passwordChangedSubject });
  });
});
