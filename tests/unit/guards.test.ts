import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { guard, guards } from "../../app/server/guards.server";
import { pageAddress } from "../../app/utils/page-address";
import { safeRedirect } from "../../app/utils/safe-redirect";

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

describe("the auth guard's redirect", () => {
  async function locationFor(url: string): Promise<string> {
    const request = new Request(url);
    try {
      await guards.auth({ request, context: new RouterContextProvider(), params: {}, url: new URL(url), pattern: "" } as never, async () => new Response());
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.headers.get("Location") ?? "";
      throw thrown;
    }
    throw new Error("no redirect");
  }

  it("carries the page and its filters to /login, and only the path of an address too long to carry", async () => {
    expect(await locationFor("http://localhost/accounts/a/transactions.data?q=caf%C3%A9&_routes=x")).toBe(`/login?redirectTo=${encodeURIComponent("/accounts/a/transactions?q=caf%C3%A9")}`);
    const long = await locationFor(`http://localhost/accounts/a/transactions?q=${"%C3%A9".repeat(3000)}`);
    expect(long).toBe(`/login?redirectTo=${encodeURIComponent("/accounts/a/transactions")}`);
  });

  it("carries, for a download, the page that offers it (a download would leave the tab on the sign-in form)", async () => {
    expect(await locationFor("http://localhost/accounts/a/transactions.csv?q=wong&status=posted")).toBe(`/login?redirectTo=${encodeURIComponent("/accounts/a/transactions?q=wong&status=posted")}`);
    expect(await locationFor("http://localhost/resources/export?format=zip")).toBe(`/login?redirectTo=${encodeURIComponent("/settings")}`);
    // A receipt is shown in the tab, not saved: it is the page to come back to.
    expect(await locationFor("http://localhost/resources/receipts/r1")).toBe(`/login?redirectTo=${encodeURIComponent("/resources/receipts/r1")}`);
    const long = await locationFor(`http://localhost/accounts/a/transactions.csv?q=${"%C3%A9".repeat(3000)}`);
    expect(long).toBe(`/login?redirectTo=${encodeURIComponent("/accounts/a/transactions")}`);
  });

  it("names the overview as `/` when a client navigation asked for its data (`/_.data`)", async () => {
    expect(await locationFor("http://localhost/_.data?_routes=root%2Croutes%2Findex")).toBe(`/login?redirectTo=${encodeURIComponent("/")}`);
  });
});

describe("pageAddress", () => {
  it.each([
    ["http://localhost/", "/", ""],
    ["http://localhost/_.data?_routes=root", "/", ""],
    ["http://localhost/accounts.data?_routes=root%2Croutes%2Faccounts&new=1", "/accounts", "?new=1"],
    ["http://localhost/accounts/a/transactions.data?q=caf%C3%A9&sort=amount", "/accounts/a/transactions", "?q=caf%C3%A9&sort=amount"],
    ["http://localhost/settings?tab=x", "/settings", "?tab=x"],
    ["http://localhost/metadata", "/metadata", ""],
  ])("%s → %s%s", (url, path, query) => {
    expect(pageAddress(new Request(url))).toEqual({ path, query });
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/accounts", "/accounts"],
    ["/accounts/1/transactions?q=café#top", "/accounts/1/transactions?q=caf%C3%A9#top"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/.//evil.example", "/"],
    ["/..//evil.example", "/"],
    ["/%2e//evil.example", "/"],
    ["/a/..//evil.example", "/"],
    ["/a/.././/evil.example/x?y=1", "/"],
    ["/a/../accounts", "/accounts"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["accounts", "/"],
    ["/\u0000x", "/"],
    ["", "/"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
