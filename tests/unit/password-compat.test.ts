import { describe, expect, it } from "vitest";
import { hashPassword as hashInNode } from "../../scripts/lib/password.mjs";
import { needsRehash, parseParams, verifyPassword } from "../../workers/api/src/auth/password";

describe("password hashes made by operator scripts", () => {
  it("verify in the Worker's module, with the same parameters", () => {
    const params = parseParams("N=1024,r=8,p=1");
    const stored = hashInNode("Lima-ceviche-sol-2026", { N: 1024, r: 8, p: 1 });
    expect(verifyPassword("Lima-ceviche-sol-2026", stored)).toBe(true);
    expect(verifyPassword("lima-ceviche-sol-2026", stored)).toBe(false);
    expect(needsRehash(stored, params)).toBe(false);
    expect(needsRehash(stored, parseParams("N=2048,r=8,p=1"))).toBe(true);
  });

  it("production parameters are OWASP's N=2^14, r=8, p=5 and within workerd's limit", () => {
    const params = parseParams("N=16384,r=8,p=5");
    expect(params.N * params.r * params.p).toBeLessThanOrEqual(2 ** 20);
    expect(() => parseParams("N=1000,r=8,p=1")).toThrow();
    expect(() => parseParams("N=131072,r=8,p=2")).toThrow();
  });
});
