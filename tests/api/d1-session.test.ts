import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, signupLinkFor, STRONG_PASSWORD, uniqueEmail, uniqueIp } from "./helpers";

describe("D1 sessions", () => {
  it("answers a request that used D1 with a bookmark; a later request carrying it reads the write", async () => {
    const config = await SELF.fetch(`${BASE}/auth/sessions`, { headers: { Authorization: `Bearer ${"x".repeat(43)}` } });
    const before = config.headers.get("x-d1-bookmark");
    expect(before).toBeTruthy();
    const email = uniqueEmail();
    const asked = await SELF.fetch(`${BASE}/auth/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp(), "x-d1-bookmark": before! },
      body: JSON.stringify({ name: "Bookmark", email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }),
    });
    expect(asked.status).toBe(202);
    // The account is written by its link (ADR 039), carrying the bookmark the sign-up answered with.
    const signup = await SELF.fetch(`${BASE}/auth/signup-links/${await signupLinkFor(email)}`, { method: "POST", headers: { "CF-Connecting-IP": uniqueIp(), "x-d1-bookmark": asked.headers.get("x-d1-bookmark")! } });
    expect(signup.status).toBe(201);
    const after = signup.headers.get("x-d1-bookmark");
    expect(after).toBeTruthy();
    // Bookmarks sort oldest to newest.
    expect(after! >= before!).toBe(true);
    const { token } = (await signup.json()) as { token: string };
    // Reading with the write's bookmark sees the write.
    const me = await SELF.fetch(`${BASE}/users/me`, { headers: { Authorization: `Bearer ${token}`, "x-d1-bookmark": after! } });
    expect(me.status).toBe(200);
    expect(me.headers.get("x-d1-bookmark")! >= after!).toBe(true);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it("ignores a malformed bookmark instead of failing", async () => {
    const response = await SELF.fetch(`${BASE}/health`, { headers: { "x-d1-bookmark": "not a bookmark\u0007" } });
    expect(response.status).toBe(200);
  });
});
