import { describe, expect, it } from "vitest";
import { guard, guards } from "../../app/guards.server";
import { safeRedirect } from "../../app/lib/safe-redirect";

describe("route guards", () => {
  it("has exactly the seed's two guards", () => {
    expect(Object.keys(guards).sort()).toEqual(["auth", "login"]);
    expect(guard("auth")).toBe(guards.auth);
    expect(guard("login")).toBe(guards.login);
  });

  it("fails with 'Unknown route middleware' for any other name", () => {
    expect(() => guard("admin")).toThrow("Unknown route middleware");
    expect(() => guard("toString")).toThrow("Unknown route middleware");
    expect(() => guard("")).toThrow("Unknown route middleware");
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/accounts", "/accounts"],
    ["/accounts/1/transactions?q=café#top", "/accounts/1/transactions?q=caf%C3%A9#top"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["accounts", "/"],
    ["/\u0000x", "/"],
    ["", "/"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
