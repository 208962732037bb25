/**
 * Issue 36, hole 1: the sign-in lockout against parallel guesses. Every attempt is reserved
 * (counted) before its password is hashed, so a burst gets at most LOGIN_LOCKOUT.max (5) passwords
 * checked, the right password sent with the burst gets no 200 while the burst's lock runs, and its
 * success does not clear that lock. Plus the limit per client network in front of sign-in.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApi } from "../../workers/api/src/app";
import { passwordChecks } from "../../workers/api/src/auth/password";
import { SIGNIN_PER_NETWORK } from "../../workers/api/src/auth/routes";
import { call, holdTheClock, signUp, uniqueEmail, uniqueIp } from "./helpers";

/**
 * Every password check counts in `passwordChecks` of the module this file imports; the API built
 * here (`createApi`) shares it, the Worker SELF runs does not, so the burst goes through `api.fetch`.
 */
const checks = passwordChecks;

describe("sign-in lockout under a burst", () => {
  it("checks at most 5 of 30 parallel wrong guesses, and gives the right password sent with them no 200", async () => {
    const { email, password } = await signUp();
    checks.count = 0;
    const api = createApi("/api/v1");
    const login = async (body: unknown) => {
      // Each guess from its own network, so only the per-email lockout stands in the way.
      const request = new Request("https://tesoro.test/api/v1/auth/login", { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() }, body: JSON.stringify(body) });
      const ctx = createExecutionContext();
      const response = await api.fetch(request, env, ctx);
      await waitOnExecutionContext(ctx);
      return { status: response.status };
    };
    const guesses = Array.from({ length: 30 }, (_, i) => login({ email, password: `wrong-guess-number-${i}` }));
    const right = login({ email, password });
    const answers = await Promise.all([...guesses, right]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.at(-1)).not.toBe(200);
    expect(statuses.filter((status) => status === 200)).toEqual([]);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(checks.count).toBeGreaterThan(0);
    expect(checks.count).toBeLessThanOrEqual(5);
    // The lock the burst earned holds: the right password alone is still refused, unchecked.
    const after = await login({ email, password });
    expect(after.status).toBe(429);
    expect(checks.count).toBeLessThanOrEqual(5);
  });

  it("still lets the right password in after 4 wrong ones, one after another", async () => {
    const { email, password } = await signUp();
    for (let i = 0; i < 4; i++) expect((await call("/auth/login", { body: { email, password: `wrong-guess-${i}` }, ip: uniqueIp() })).status).toBe(401);
    expect((await call("/auth/login", { body: { email, password }, ip: uniqueIp() })).status).toBe(200);
    // The success started the count afresh: four more wrong ones are 401 again.
    for (let i = 0; i < 4; i++) expect((await call("/auth/login", { body: { email, password: `wrong-again-${i}` }, ip: uniqueIp() })).status).toBe(401);
  });
});

describe("sign-in limit per client network", () => {
  afterEach(() => vi.useRealTimers());

  it("refuses attempts past the limit in a minute from one network, whatever the emails", async () => {
    holdTheClock();
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < SIGNIN_PER_NETWORK.max; i++) statuses.push((await call("/auth/login", { body: { email: uniqueEmail("spray"), password: "wrong-password-123" }, ip })).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const last = await call("/auth/login", { body: { email: uniqueEmail("spray"), password: "wrong-password-123" }, ip });
    expect(last.status).toBe(429);
    expect(last.json.type).toMatch(/rate-limited/);
  });
});
