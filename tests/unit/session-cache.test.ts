import { describe, expect, it } from "vitest";
import { forgetSession, recallSession, rememberSession, SESSION_CACHE_TTL_MS } from "../../app/server/session-cache.server";
import type { ApiUser } from "../../core/api-types/user";

const user = (name: string) => ({ id: `id-${name}`, email: `${name}@example.com`, name, locale: "en", timeZone: "America/Lima", theme: "system", createdAt: 0 }) as unknown as ApiUser;
let n = 0;
const token = () => `token-${++n}-${"x".repeat(30)}`;

describe("the app Worker's memory of session checks (ADR 023)", () => {
  it("answers for the same token and bookmark until the TTL passes", () => {
    const t = token();
    rememberSession(t, "b1", user("ana"), 1_000);
    expect(recallSession(t, "b1", 1_000 + SESSION_CACHE_TTL_MS - 1)?.name).toBe("ana");
    expect(recallSession(t, "b1", 1_000 + SESSION_CACHE_TTL_MS)).toBeNull();
    // Expired entries are dropped, not revived.
    expect(recallSession(t, "b1", 1_000)).toBeNull();
  });

  it("never answers for another bookmark (the browser's own writes move it) or another token", () => {
    const t = token();
    rememberSession(t, "b1", user("ana"), 1_000);
    expect(recallSession(t, "b2", 1_000)).toBeNull();
    expect(recallSession(t, null, 1_000)).toBeNull();
    expect(recallSession(token(), "b1", 1_000)).toBeNull();
  });

  it("forgets every entry of a token at once, and only that token's", () => {
    const t = token();
    const other = token();
    rememberSession(t, null, user("ana"), 1_000);
    rememberSession(t, "b1", user("ana"), 1_000);
    rememberSession(other, null, user("luis"), 1_000);
    forgetSession(t);
    expect(recallSession(t, null, 1_000)).toBeNull();
    expect(recallSession(t, "b1", 1_000)).toBeNull();
    expect(recallSession(other, null, 1_000)?.name).toBe("luis");
  });

  it("stays bounded, dropping the oldest first", () => {
    const first = token();
    rememberSession(first, null, user("first"), 1_000);
    const tokens = Array.from({ length: 1_000 }, () => token());
    for (const t of tokens) rememberSession(t, null, user("many"), 1_000);
    expect(recallSession(first, null, 1_000)).toBeNull();
    expect(recallSession(tokens.at(-1)!, null, 1_000)?.name).toBe("many");
  });
});
