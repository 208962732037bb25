import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/api/index";
import { signupLinkFor, STRONG_PASSWORD, uniqueEmail, uniqueIp } from "./helpers";

/** Calls the real API Worker entry with some variables changed, as another deployment would have them. */
async function callWith(vars: Partial<typeof env>, path: string, init?: RequestInit) {
  const ctx = createExecutionContext();
  // A test-made Request lacks the incoming `cf` object the handler type expects; the Worker never reads it.
  const request = new Request(`https://tesoro.test${path}`, init) as unknown as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("production switches", () => {
  it("serves the development outbox in development only", async () => {
    expect((await callWith({}, "/_dev/mail.json")).status).toBe(200);
    expect((await callWith({ ENVIRONMENT: "production" }, "/_dev/mail.json")).status).toBe(404);
    expect((await callWith({ MAIL_TRANSPORT: "cloudflare" }, "/_dev/mail.json")).status).toBe(404);
  });

  it("refuses sign-up when SIGNUP=closed, says why, and creates nobody", async () => {
    const email = uniqueEmail();
    const response = await callWith({ SIGNUP: "closed" }, "/api/v1/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp(), "Accept-Language": "es" },
      body: JSON.stringify({ name: "Ana", email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { detail: string }).detail).toBe("El registro está cerrado. Pide a quien administra este Tesoro que cree tu cuenta.");
    const config = await callWith({ SIGNUP: "closed" }, "/api/v1/auth/config");
    expect(await config.json()).toEqual({ signup: "closed" });
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email_normalized = ?1").bind(email.toLowerCase()).first<{ n: number }>();
    expect(row?.n).toBe(0);
    // A link mailed while sign-up was open makes no account once it is closed.
    const open = uniqueEmail();
    const asked = await callWith({}, "/api/v1/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
      body: JSON.stringify({ name: "Ana", email: open, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }),
    });
    expect(asked.status).toBe(202);
    const closed = await callWith({ SIGNUP: "closed" }, `/api/v1/auth/signup-links/${await signupLinkFor(open)}`, { method: "POST", headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(closed.status).toBe(403);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email_normalized = ?1").bind(open.toLowerCase()).first<{ n: number }>())!.n).toBe(0);
  });

  it("never lets the outbox transport send in production", async () => {
    const { mailSender } = await import("../../workers/api/src/platform/mail");
    expect(() => mailSender({ ...env, ENVIRONMENT: "production", MAIL_TRANSPORT: "outbox" })).toThrow();
  });
});
