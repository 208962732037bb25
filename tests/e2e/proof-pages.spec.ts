/**
 * Issue 6, page level:
 * - authorization matrix generated from the route table (app/routes.ts): every route whose module
 *   uses guard("auth") sends a signed-out visitor to /login?redirectTo=…, and every route with an
 *   `:id` param answers another user's id with 404 — a route added later is covered by itself;
 * - stored HTML and script payloads (user name, account name, category, transaction description,
 *   payee, notes) are shown as text on every page, and nothing injected runs or exists in the DOM;
 * - no CSP violation and no console error on any page, signed in and signed out.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createUser, encodeCookieValue, expect, hydrated, signInAs, test, type TestUser } from "./support/fixtures";
import type { APIRequestContext, Page } from "@playwright/test";

interface PageRoute {
  id: string;
  path: string;
  file: string;
  guard: string | null;
}

/**
 * The route table, read from app/routes.ts's source (Playwright's loader cannot import
 * @react-router/dev/routes). Layouts add no path segment; routes are not nested inside routes, which
 * the count check below makes sure of, so a change in that shape fails here instead of hiding pages.
 */
function readRoutes(): PageRoute[] {
  const source = readFileSync("app/routes.ts", "utf8").replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, "");
  const found: PageRoute[] = [];
  for (const m of source.matchAll(/\b(index|route)\(\s*(?:"([^"]*)",\s*)?"([^"]+\.tsx?)",\s*\{\s*id:\s*"([^"]+)"\s*\}\s*\)/g)) {
    const [, kind, routePath, file, id] = m;
    const guard = /guard\("(\w+)"\)/.exec(readFileSync(path.join("app", file!), "utf8"))?.[1] ?? null;
    found.push({ id: id!, path: kind === "index" ? "/" : `/${routePath}`, file: file!, guard });
  }
  const calls = (source.match(/\b(index|route)\(/g) ?? []).length;
  if (calls !== found.length) throw new Error(`app/routes.ts has ${calls} routes, parsed ${found.length}: update readRoutes()`);
  return found;
}
const PAGE_ROUTES = readRoutes().filter((r) => r.path !== "/*");

/** Routes with an id param that are not guarded by `auth`, each with the reason. */
const UNGUARDED_ID_ROUTES: Record<string, string> = {
  // A password-change link: the link id itself is the credential (guard "login": signed-out only).
  "login-change-password-linkId": "link id is the credential",
  // A change-of-email link, opened in any browser, signed in or not: the link id is the credential.
  "login-confirm-email-linkId": "link id is the credential",
  // The undo link in the notice to the old address: its owner has no session any more.
  "login-undo-email-linkId": "link id is the credential",
  // A sign-up link (ADR 039): there is no account yet; the link id is the credential (guard "login": signed-out only).
  "signup-confirm-linkId": "link id is the credential",
  // The receipt image: no redirect for an <img>; signed out or not the owner is a plain 404 (checked below).
  "resources-receipts": "answers 404 without a session instead of redirecting",
};

/** Downloads come back, after sign-in, to the page that offers them (a download would leave the tab on the sign-in form). */
const RETURN_PAGES: Record<string, string> = {
  "accounts-accountId-transactions-csv": "/accounts/:accountId/transactions",
  "resources-export": "/settings",
  "reports-csv": "/reports",
};

async function api(request: APIRequestContext, user: TestUser, method: string, url: string, data?: unknown) {
  const response = await request.fetch(`/api/v1${url}`, { method, data, headers: { Authorization: `Bearer ${user.token}` } });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

/** User A with an account, a categorised transaction (with a receipt), for the id routes. */
async function owner(request: APIRequestContext, names: Partial<Record<"user" | "account" | "category" | "description" | "payee" | "notes", string>> = {}) {
  const user = await createUser(request, names.user ? { name: names.user } : {});
  const { account } = await api(request, user, "POST", "/accounts", { name: names.account ?? "BCP Soles", type: "checking", currency: "PEN", openingBalance: "100.00" });
  const { category } = await api(request, user, "POST", "/categories", { name: names.category ?? "Mercado" });
  const { transaction } = await api(request, user, "POST", `/accounts/${account.id}/transactions`, {
    date: "2026-11-20",
    description: names.description ?? "Wong",
    payee: names.payee ?? "Wong",
    notes: names.notes ?? "",
    amount: "-12.50",
    categoryId: category.id,
  });
  const receipt = await request.put(`/api/v1/transactions/${transaction.id}/receipt`, { data: JPEG, headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "image/jpeg" } });
  expect(receipt.status()).toBe(200);
  return { user, ids: { accountId: account.id as string, transactionId: transaction.id as string } };
}

function fill(routePath: string, ids: Record<string, string>) {
  return routePath.replace(/:(\w+)/g, (_, name: string) => {
    const id = ids[name];
    if (!id) throw new Error(`${routePath}: no fixture id for :${name} (add one in owner())`);
    return id;
  });
}

test.describe("authorization matrix from the route table", () => {
  test("finds the pages and their guards", () => {
    expect(PAGE_ROUTES.map((r) => r.path)).toEqual(expect.arrayContaining(["/", "/accounts", "/settings", "/accounts/:accountId/transactions", "/login", "/camera"]));
    for (const r of PAGE_ROUTES.filter((r) => r.path.includes(":") && r.guard !== "auth")) expect(Object.keys(UNGUARDED_ID_ROUTES), `${r.id} takes an id without guard("auth")`).toContain(r.id);
  });

  test("signed out: every auth-guarded route redirects to /login with redirectTo", async ({ request }) => {
    const { ids } = await owner(request);
    const guarded = PAGE_ROUTES.filter((r) => r.guard === "auth");
    expect(guarded.length).toBeGreaterThanOrEqual(5);
    for (const r of guarded) {
      const url = fill(r.path, ids);
      const response = await request.get(url, { maxRedirects: 0, headers: { Cookie: "" } });
      expect(response.status(), url).toBe(302);
      const back = RETURN_PAGES[r.id] ? fill(RETURN_PAGES[r.id]!, ids) : url;
      expect(response.headers().location, url).toBe(`/login?redirectTo=${encodeURIComponent(back)}`);
    }
    const receipt = await request.get(`/resources/receipts/${ids.transactionId}`, { maxRedirects: 0 });
    expect(receipt.status()).toBe(404);
  });

  test("another user: every route with an id answers 404 for the owner's ids", async ({ page, request, baseURL }) => {
    const a = await owner(request);
    const b = await createUser(request);
    const withIds = PAGE_ROUTES.filter((r) => /:(accountId|transactionId)/.test(r.path));
    expect(withIds.length).toBeGreaterThanOrEqual(3);
    await signInAs(page, b, baseURL!);
    for (const r of withIds) {
      const url = fill(r.path, a.ids);
      const response = await page.request.get(url, { maxRedirects: 0 });
      expect(response.status(), `${url} as another user`).toBe(404);
    }
    // The owner gets them (the ids are real).
    await page.context().clearCookies();
    await signInAs(page, a.user, baseURL!);
    for (const r of withIds) {
      const url = fill(r.path, a.ids);
      expect((await page.request.get(url, { maxRedirects: 0 })).status(), `${url} as its owner`).toBe(200);
    }
  });
});

const PAYLOADS = {
  user: `<b data-xss>Ana</b><img src=x onerror=alert(1)>`,
  account: `"><img data-xss src=x onerror=alert(1)>`,
  category: `<svg data-xss onload=alert(2)>`,
  description: `</script><script data-xss>alert(3)</script>`,
  payee: `' onmouseover='alert(4)' data-xss='`,
  notes: `<iframe data-xss src="javascript:alert(5)"></iframe>{{7*7}}`,
};

/** Collects CSP violations, console errors, uncaught errors and dialogs of a page. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("dialog", async (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return problems;
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

test("a post whose body is not a form gets a 4xx on every route, signed in and out: never a 500", async ({ request, baseURL }) => {
  const { user, ids } = await owner(request);
  const bodies: Array<[string, string | Buffer]> = [
    ["application/json", '{"intent":'],
    ["multipart/form-data; boundary=x", "--x\r\nbroken"],
    ["text/plain", "intent=name"],
    ["application/octet-stream", Buffer.alloc(64, 7)],
  ];
  const failures: string[] = [];
  for (const route of PAGE_ROUTES)
    for (const token of [null, user.token])
      for (const [type, body] of bodies) {
        const url = fill(route.path, { ...ids, linkId: "A".repeat(43) });
        const headers = { "Content-Type": type, Origin: baseURL!, "Sec-Fetch-Site": "same-origin", ...(token ? { Cookie: `tesoro_session=${encodeCookieValue(token)}` } : {}) };
        const response = await request.fetch(url, { method: "POST", data: body, headers, maxRedirects: 0 });
        if (response.status() >= 500) failures.push(`${url} ${token ? "signed in" : "signed out"} ${type}: ${response.status()}`);
      }
  expect(failures).toEqual([]);
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
    });
  });
});

test("stored HTML and script payloads are shown as text on every page and never run", async ({ page, request, baseURL }) => {
  const { user, ids } = await owner(request, PAYLOADS);
  await signInAs(page, user, baseURL!);
  const problems = watch(page);
  for (const url of ["/", "/accounts", `/accounts/${ids.accountId}/transactions`, "/settings"]) {
    await page.goto(url);
    await hydrated(page);
    await page.mouse.move(200, 300);
    await expect(page.locator("[data-xss]"), `${url}: an injected element`).toHaveCount(0);
    expect(await page.locator("iframe, object, embed").count(), url).toBe(0);
    expect(await page.evaluate(() => [...document.scripts].every((s) => s.nonce !== "" || s.src !== "")), `${url}: a script without nonce or src`).toBe(true);
    expect(await cspViolations(page), url).toEqual([]);
  }
  // The text itself is there, as typed.
  await page.goto(`/accounts/${ids.accountId}/transactions`);
  await expect(page.getByText(PAYLOADS.description).first()).toBeVisible();
  await page.goto("/accounts");
  await expect(page.getByText(PAYLOADS.account).first()).toBeVisible();
  await page.goto("/settings");
  await expect(page.locator(`#profile input[name="name"]`)).toHaveValue(PAYLOADS.user);
  expect(problems).toEqual([]);
});

test("no CSP violation and no console error on any page, signed out and signed in", async ({ page, request, baseURL }) => {
  const { user, ids } = await owner(request);
  const problems = watch(page);
  const visit = async (url: string, expectStatus: number) => {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(expectStatus);
    await page.waitForLoadState("networkidle");
    expect(await cspViolations(page), url).toEqual([]);
  };
  for (const url of ["/login", "/signup", "/login/recover", "/camera"]) await visit(url, 200);
  await signInAs(page, user, baseURL!);
  for (const url of ["/", "/accounts", `/accounts/${ids.accountId}/transactions`, "/settings", "/camera"]) await visit(url, 200);
  expect(problems).toEqual([]);
  // Error pages: the only console line allowed is Chromium's note of the document's own status.
  await visit("/no-such-page", 404);
  await visit(`/accounts/${crypto.randomUUID()}/transactions`, 404);
  expect(problems.filter((p) => !/Failed to load resource: the server responded with a status of 404/.test(p))).toEqual([]);
});
