/**
 * Faults at the service-binding boundary (issue 6). The production build of the app Worker runs in
 * local workerd with its `API` binding pointing at a test double (tests/faults/api-double.ts,
 * named `tesoro-api`) instead of the real API. The app's code is not mocked: its loaders, actions
 * and API client run as in production, and the double records every request that crosses the
 * binding, so the retry policy is observed from outside:
 * - the API answering 500 or 503, hanging past the app's timeout, or crashing: the page answers
 *   503 with the seed's error page (title from the status text), never a crash or a blank page;
 * - a GET is sent twice (one retry); a body without Idempotency-Key once; a body with one twice,
 *   with the same key.
 * The server is started here (port FAULTS_PORT, default 8798) from a private copy of build/, with
 * API_TIMEOUT_MS=1500 so the hang case takes seconds, not the default 10 s per attempt.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { encodeCookieValue, hydrated } from "./support/fixtures";
import { qrPng } from "./support/fake-camera";

const PORT = Number(process.env.FAULTS_PORT ?? 8798);
const ORIGIN = `http://localhost:${PORT}`;
const TIMEOUT_MS = 1500;
const root = process.cwd();
let server: ChildProcess | null = null;
let serverOutput = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const copy = path.join(root, ".wrangler", "proof-faults-build");
  if (!existsSync(path.join(root, "build/server/wrangler.json"))) throw new Error("build/ is missing: run `npx react-router build` first");
  rmSync(copy, { recursive: true, force: true });
  cpSync(path.join(root, "build"), path.join(copy, "build"), { recursive: true });
  server = spawn(
    path.join(root, "node_modules/.bin/wrangler"),
    [
      "dev",
      "-c",
      path.join(copy, "build/server/wrangler.json"),
      "-c",
      "tests/faults/wrangler.toml",
      "--port",
      String(PORT),
      "--ip",
      "localhost",
      "--persist-to",
      ".wrangler/proof-faults-state",
      "--var",
      `API_TIMEOUT_MS:${TIMEOUT_MS}`,
      "--show-interactive-dev-session=false",
    ],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PATH: `${path.join(root, "node_modules/.bin")}:${process.env.PATH}` } },
  );
  server.stdout!.on("data", (chunk) => (serverOutput = (serverOutput + chunk).slice(-4000)));
  server.stderr!.on("data", (chunk) => (serverOutput = (serverOutput + chunk).slice(-4000)));
  for (let i = 0; i < 200; i++) {
    if (server.exitCode !== null) throw new Error(`fault server exited\n${serverOutput}`);
    try {
      if ((await fetch(`${ORIGIN}/api/v1/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`fault server did not start\n${serverOutput}`);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server!.once("exit", r));
  }
});

type Scenario = "ok" | "s500" | "s503" | "hang" | "crash" | "session" | "w503" | "i503" | "c503" | "f503";

/** A credential the double reads its scenario and run id from (a valid-looking 43-character token). */
function credential(scenario: Scenario) {
  const run = Math.random().toString(36).slice(2, 12).replace(/[^a-z0-9]/g, "x");
  return { run, token: `${scenario}_${run}_`.padEnd(43, "0") };
}

async function doubleLog(request: APIRequestContext, run: string) {
  const response = await request.get(`${ORIGIN}/api/v1/__double/log?run=${run}`);
  return (await response.json()) as Array<{ method: string; path: string; idempotencyKey: string | null }>;
}

/** The writes (every method but GET) the double received for a run. */
async function writesOf(request: APIRequestContext, run: string) {
  return (await doubleLog(request, run)).filter((e) => e.method !== "GET");
}

/** A signed-in page of the app, hydrated, with the API double answering as `scenario` says. */
async function openIn(page: Page, scenario: Scenario, path: string) {
  const { run, token } = credential(scenario);
  await signedIn(page, token);
  expect((await page.goto(`${ORIGIN}${path}`))?.status()).toBe(200);
  await hydrated(page);
  return run;
}

/** The app's one retry of a write: the same call twice, under one Idempotency-Key. */
async function expectTriedTwiceUnderOneKey(request: APIRequestContext, run: string, call: string) {
  const writes = await writesOf(request, run);
  expect(writes.map((e) => `${e.method} ${e.path}`)).toEqual([call, call]);
  expect(writes[1]!.idempotencyKey).toBe(writes[0]!.idempotencyKey);
  return writes;
}

/** Clicks, and waits for the answer to the form POST it sends (to a URL containing `path`). */
async function postWith(page: Page, click: () => Promise<void>, path = "") {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes(path) && r.request().method() === "POST"), click()]);
  return response;
}

function countBy(log: Array<{ method: string; path: string }>) {
  const counts = new Map<string, number>();
  for (const entry of log) counts.set(`${entry.method} ${entry.path}`, (counts.get(`${entry.method} ${entry.path}`) ?? 0) + 1);
  return counts;
}

async function signedIn(page: Page, token: string) {
  await page.context().addCookies([{ name: "tesoro_session", value: encodeCookieValue(token), url: ORIGIN, httpOnly: true, sameSite: "Lax" }]);
}

/** The seed's error page with the status text as its title, still there after scripts ran. */
async function expectErrorPage(page: Page, status: number, title: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(title));
  await expect(page.getByText(String(status), { exact: false }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the overview" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

test("a healthy double renders the overview (the set-up itself works)", async ({ page, request }) => {
  const { run, token } = credential("ok");
  await signedIn(page, token);
  const response = await page.goto(`${ORIGIN}/`);
  expect(response?.status()).toBe(200);
  const log = await doubleLog(request, run);
  expect(log.filter((e) => e.path === "/auth/session")).toHaveLength(1);
  for (const [call, n] of countBy(log)) expect(n, call).toBe(1);
});

for (const scenario of ["s500", "s503", "hang", "crash"] as const) {
  for (const pagePath of ["/", "/accounts"]) {
    test(`API ${scenario === "hang" ? "slow past the timeout" : scenario === "crash" ? "down (its Worker throws)" : `answering ${scenario.slice(1)}`}: ${pagePath} is the 503 error page, each GET tried twice`, async ({ page, request }) => {
      const { run, token } = credential(scenario);
      await signedIn(page, token);
      const started = Date.now();
      const response = await page.goto(`${ORIGIN}${pagePath}`);
      const elapsed = Date.now() - started;
      expect(response?.status()).toBe(503);
      await expectErrorPage(page, 503, "Service Unavailable");
      const calls = countBy((await doubleLog(request, run)).filter((e) => e.path !== "/auth/session"));
      expect(calls.size, "the page asked the API for something").toBeGreaterThan(0);
      for (const [call, n] of calls) {
        expect(call.startsWith("GET "), call).toBe(true);
        expect(n, `${call}: one try and one retry`).toBe(2);
      }
      // Two attempts per GET bound the wait: the app gave up instead of hanging with the API.
      if (scenario === "hang") expect(elapsed).toBeLessThan(2 * TIMEOUT_MS + 5_000);
    });
  }
}

test("the session check failing is the 503 error page too, after one retry", async ({ page, request }) => {
  const { run, token } = credential("session");
  await signedIn(page, token);
  const response = await page.goto(`${ORIGIN}/settings`);
  expect(response?.status()).toBe(503);
  await expectErrorPage(page, 503, "Service Unavailable");
  expect(countBy(await doubleLog(request, run)).get("GET /auth/session")).toBe(2);
});

test("a body without an Idempotency-Key is sent once (sign-in); without JavaScript the failure is the error page", async ({ browser, request }) => {
  const { run } = credential("s503");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/login`);
  await page.getByLabel("Email").fill(`s503_${run}_@example.com`);
  await page.getByLabel("Password").fill("correct-horse-battery-staple-lima");
  const response = await postWith(page, () => page.getByRole("button", { name: /sign in/i }).click(), "/login");
  expect(response.status()).toBe(503);
  await expectErrorPage(page, 503, "Service Unavailable");
  const log = await doubleLog(request, run);
  expect(log.map((e) => `${e.method} ${e.path}`)).toEqual(["POST /auth/login"]);
  expect(log[0]!.idempotencyKey).toBeNull();
  await context.close();
});

test("with JavaScript, sign-in meeting an outage stays on the form with what was typed and says so; sent once", async ({ page, request }) => {
  const { run } = credential("s503");
  await page.goto(`${ORIGIN}/login`);
  await hydrated(page);
  const email = `s503_${run}_@example.com`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct-horse-battery-staple-lima");
  const response = await postWith(page, () => page.getByRole("button", { name: /sign in/i }).click(), "/login");
  expect(response.status()).toBe(503);
  await expect(page.getByRole("alert").filter({ hasText: "The service is not answering right now" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("correct-horse-battery-staple-lima");
  expect(new URL(page.url()).pathname).toBe("/login");
  const log = await doubleLog(request, run);
  expect(log.map((e) => `${e.method} ${e.path}`)).toEqual(["POST /auth/login"]);
  expect(log[0]!.idempotencyKey).toBeNull();
});

test("with JavaScript, a settings form meeting an outage keeps what was typed and says so; its write was tried twice under one key", async ({ page, request }) => {
  const run = await openIn(page, "w503", "/settings");
  const profile = page.locator("#profile");
  await profile.getByLabel("Name").fill("Rosa Quispe");
  const post = await postWith(page, () => profile.getByRole("button", { name: "Save name" }).click(), "/settings");
  expect(post.status()).toBe(503);
  await expect(profile.getByRole("alert").filter({ hasText: "The service is not answering right now" })).toBeVisible();
  await expect(profile.getByLabel("Name")).toHaveValue("Rosa Quispe");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Service Unavailable");
  await expectTriedTwiceUnderOneKey(request, run, "PATCH /users/me");
});

test("with JavaScript, the preferences form meeting an outage keeps the chosen language and theme and says so, in the page's language", async ({ page, request }) => {
  const run = await openIn(page, "w503", "/settings");
  const preferences = page.locator("#preferences");
  await preferences.getByLabel("Language", { exact: true }).selectOption("es");
  await preferences.getByLabel("Dark").check();
  const post = await postWith(page, () => preferences.getByRole("button", { name: "Save preferences" }).click(), "/settings");
  expect(post.status()).toBe(503);
  await expect(preferences.getByRole("alert").filter({ hasText: "The service is not answering right now" })).toBeVisible();
  await expect(preferences.getByLabel("Language", { exact: true })).toHaveValue("es");
  await expect(preferences.getByLabel("Dark")).toBeChecked();
  // Nothing was saved, so nothing changed: still English, still the light theme.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", "dark");
  await expectTriedTwiceUnderOneKey(request, run, "PATCH /users/me");
});

test("with JavaScript, the category forms meeting an outage say so beside the form that was sent and keep what was typed", async ({ page, request }) => {
  const run = await openIn(page, "w503", "/settings");
  const categories = page.locator("#categories");
  const row = categories.getByTestId("category").filter({ hasText: "Mercado" });
  await row.locator('summary[aria-label="Edit Mercado"]').click();
  const edit = row.getByRole("form", { name: "Edit Mercado" });
  await edit.getByLabel("Category name").fill("Mercado central");
  expect((await postWith(page, () => edit.getByRole("button", { name: "Save category" }).click(), "/settings")).status()).toBe(503);
  await expect(edit.getByRole("alert").filter({ hasText: "The service is not answering right now" })).toBeVisible();
  await expect(edit.getByLabel("Category name")).toHaveValue("Mercado central");
  // The name on the row is still the saved one: nothing was saved.
  await expect(row.locator("span").first()).toContainText("Mercado");
  await expect(row.locator("span").first()).not.toContainText("central");

  const add = categories.getByRole("form", { name: "New category" });
  await add.getByLabel("Category name").fill("Mascotas");
  expect((await postWith(page, () => add.getByRole("button", { name: "Add category" }).click(), "/settings")).status()).toBe(503);
  await expect(add.getByRole("alert").filter({ hasText: "The service is not answering right now" })).toBeVisible();
  await expect(add.getByLabel("Category name")).toHaveValue("Mascotas");
  // Only the form that was sent says so.
  await expect(categories.getByRole("alert")).toHaveCount(1);

  page.once("dialog", (dialog) => void dialog.accept());
  expect((await postWith(page, () => row.getByRole("button", { name: "Delete Mercado" }).click(), "/settings")).status()).toBe(503);
  await expect(row.getByRole("alert").filter({ hasText: "The service is not answering right now" })).toBeVisible();
  await expect(categories.getByRole("alert")).toHaveCount(1);
  const writes = await writesOf(request, run);
  expect(writes.map((write) => `${write.method} ${write.path}`)).toEqual([
    ...Array(2).fill("PATCH /categories/00000000-0000-4000-8000-00000000d0b5"),
    ...Array(2).fill("POST /categories"),
    ...Array(2).fill("DELETE /categories/00000000-0000-4000-8000-00000000d0b5"),
  ]);
});

test("with JavaScript, a receipt photo whose transaction cannot be created stays on screen with the fields, and the message is scrolled into view", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 667 }); // a small phone: the message sits above the form it answers
  const run = await openIn(page, "c503", "/camera");
  await page.getByRole("button", { name: "Receipt photo" }).click();
  await page.getByLabel("Choose or take a photo").setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: await qrPng("boleta 0042") });
  await expect(page.getByTestId("photo-preview")).toBeVisible();
  await page.getByLabel("Account").selectOption("00000000-0000-4000-8000-00000000d0b4");
  const create = page.getByRole("form", { name: "Or create a transaction with it" });
  await create.getByLabel("Description").fill("Menú Doña Rosa");
  await create.getByLabel("Amount").fill("-18.50");
  const post = await postWith(page, () => create.getByRole("button", { name: "Create with photo" }).click(), "/camera");
  expect(post.status()).toBe(503);
  await expect(page.getByRole("alert").filter({ hasText: "The service is not answering right now" })).toBeInViewport();
  await expect(page.getByTestId("photo-preview")).toBeVisible();
  await expect(create.getByLabel("Description")).toHaveValue("Menú Doña Rosa");
  await expect(create.getByLabel("Amount")).toHaveValue("-18.50");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Service Unavailable");
  const [first] = await expectTriedTwiceUnderOneKey(request, run, "POST /accounts/00000000-0000-4000-8000-00000000d0b4/transactions/with-receipt");
  // Trying again is the same create: the same key, so an answer lost on the way cannot post it twice.
  expect((await postWith(page, () => create.getByRole("button", { name: "Create with photo" }).click(), "/camera")).status()).toBe(503);
  const writes = await writesOf(request, run);
  expect(writes.map((write) => write.idempotencyKey)).toEqual(Array(4).fill(first!.idempotencyKey));
});

test("a body with an Idempotency-Key is retried once with the same key (settings form, no JavaScript)", async ({ request }) => {
  const { run, token } = credential("s503");
  const response = await request.post(`${ORIGIN}/settings`, {
    form: { intent: "name", name: "Rosa" },
    headers: { Cookie: `tesoro_session=${encodeCookieValue(token)}`, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(503);
  expect(await response.text()).toContain("Service Unavailable");
  const writes = await expectTriedTwiceUnderOneKey(request, run, "PATCH /users/me");
  expect(writes[0]!.idempotencyKey).toMatch(/^[\x21-\x7e]{1,200}$/);
});

test("with JavaScript, a ledger form meeting an outage stays with what was typed and says so; its write was tried twice under one key", async ({ page, request }) => {
  const run = await openIn(page, "w503", "/accounts");
  // No accounts yet: the create form is open.
  await page.getByLabel("Name").fill("Ahorros BCP");
  const post = await postWith(page, () => page.getByRole("button", { name: "Create account" }).click(), "/accounts");
  expect(post.status()).toBe(503);
  await expect(page.getByRole("alert").filter({ hasText: "The service is not answering right now" }).first()).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Ahorros BCP");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Service Unavailable");
  expect(new URL(page.url()).pathname).toBe("/accounts");
  await expectTriedTwiceUnderOneKey(request, run, "POST /accounts");

  // Trying again sends the same key: a write that did land the first time is not made twice.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect.poll(async () => (await writesOf(request, run)).length).toBe(4);
  expect(new Set((await writesOf(request, run)).map((e) => e.idempotencyKey)).size).toBe(1);
  await expect(page.getByLabel("Name")).toHaveValue("Ahorros BCP");
});

test("the CSV export meeting an outage brings the browser back to the list with the message, not a bare 503; a script still gets the 503", async ({ page, request }) => {
  const list = "/accounts/00000000-0000-4000-8000-00000000d0b4/transactions?status=posted";
  const run = await openIn(page, "f503", list);
  await page.getByTestId("export").click();
  await expect(page.getByTestId("toast").filter({ hasText: "The service is not answering right now" })).toBeVisible();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(list);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Service Unavailable");
  const exports = (await doubleLog(request, run)).filter((e) => e.path.endsWith("/export.csv"));
  expect(exports.map((e) => `${e.method} ${e.path}`), "one try and one retry").toEqual([`GET ${list.split("?")[0]}/export.csv`, `GET ${list.split("?")[0]}/export.csv`]);

  // Back means the page the link was on (its Referer)…
  const csv = list.split("?")[0]!.replace(/\/transactions$/, "/transactions.csv");
  await page.goto(`${ORIGIN}${csv}?q=wong`, { referer: `${ORIGIN}/accounts` });
  await expect(page).toHaveURL(`${ORIGIN}/accounts`);
  await expect(page.getByTestId("toast").filter({ hasText: "The service is not answering right now" })).toBeVisible();
  // …but never a sign-in page, which would send the signed-in browser on to this file again.
  await page.goto(`${ORIGIN}${csv}?q=wong`, { referer: `${ORIGIN}/login?redirectTo=${encodeURIComponent(`${csv}?q=wong`)}` });
  await expect(page).toHaveURL(`${ORIGIN}${list.split("?")[0]}?q=wong`);
  await expect(page.getByTestId("toast").filter({ hasText: "The service is not answering right now" })).toBeVisible();

  const script = await page.request.get(`${ORIGIN}${csv}?status=posted`, { headers: { "Sec-Fetch-Dest": "empty" }, maxRedirects: 0 });
  expect(script.status()).toBe(503);
});

test("with JavaScript, an in-place edit and a delete meeting an outage keep the row: the edit keeps what was typed, the deleted row comes back", async ({ page, request }) => {
  const run = await openIn(page, "w503", "/accounts/00000000-0000-4000-8000-00000000d0b4/transactions");
  const row = page.getByTestId("transaction-row").filter({ hasText: "Wong San Isidro" });
  await row.getByRole("link", { name: "Edit Wong San Isidro" }).click();
  const edit = page.getByRole("form", { name: "Edit Wong San Isidro" });
  await edit.getByLabel("Description").fill("Wong Benavides");
  await edit.getByLabel("Amount (PEN)").fill("-90.00");
  await postWith(page, () => edit.getByRole("button", { name: "Save" }).click());
  await expect(edit.getByRole("alert").filter({ hasText: "The service is not answering right now" })).toBeVisible();
  await expect(edit.getByLabel("Description")).toHaveValue("Wong Benavides");
  await expect(edit.getByLabel("Amount (PEN)")).toHaveValue("-90.00");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transactions of BCP Soles");

  // No question (the undo toast follows a delete, ADR 053): the post goes at once.
  await postWith(page, () => page.getByRole("button", { name: "Delete Wong San Isidro" }).click());
  await expect(page.getByTestId("toast").filter({ hasText: "The service is not answering right now" }).last()).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete Wong San Isidro" })).toBeVisible();
  const writes = (await writesOf(request, run)).map((e) => `${e.method} ${e.path}`);
  expect(writes).toEqual(["PATCH /transactions/00000000-0000-7000-8000-00000000d0b3", "PATCH /transactions/00000000-0000-7000-8000-00000000d0b3", "POST /transactions/bulk", "POST /transactions/bulk"]);
});

test("with JavaScript, a CSV import meeting an outage keeps its preview and columns on screen, with the message", async ({ page, request }) => {
  const run = await openIn(page, "i503", "/accounts/00000000-0000-4000-8000-00000000d0b4/transactions");
  await page.getByTestId("import").locator("summary").click();
  await page.getByRole("button", { name: "CSV file" }).setInputFiles({ name: "bcp.csv", mimeType: "text/csv", buffer: Buffer.from("Fecha,Concepto,Importe\n01/03/2026,Plaza Vea,-12.50\n02/03/2026,Rappi,-45.90\n") });
  await page.getByRole("button", { name: "Read file" }).click();
  const mapping = page.getByRole("form", { name: "Columns" });
  await expect(mapping).toBeVisible();
  await mapping.getByLabel("Date format").selectOption("DD/MM/YYYY");
  await postWith(page, () => mapping.getByRole("button", { name: "Import", exact: true }).click());
  await expect(page.getByTestId("import").getByRole("alert").filter({ hasText: "The service is not answering right now" })).toBeVisible();
  await expect(mapping).toBeVisible();
  await expect(mapping.getByLabel("Date format")).toHaveValue("DD/MM/YYYY");
  await expect(page.getByTestId("import-preview").getByRole("row").filter({ hasText: "Plaza Vea" })).toBeVisible();
  const imports = (await doubleLog(request, run)).filter((e) => e.path.endsWith("/commit"));
  expect(imports.map((e) => e.method)).toEqual(["POST", "POST"]);
  expect(imports[1]!.idempotencyKey).toBe(imports[0]!.idempotencyKey);
});

test("at most five toasts show at once (the seed's limit): the oldest leave as new ones come", async ({ page }) => {
  await openIn(page, "w503", "/accounts");
  const name = page.getByLabel("Name");
  await name.fill("Ahorros BCP");
  const toasts = page.getByTestId("toast").filter({ hasText: "The service is not answering right now" });
  const send = () => postWith(page, () => name.press("Enter"), "/accounts");
  await send();
  await expect(toasts).toHaveCount(1);
  // The pointer rests on the toasts, which pauses their 5 s timers: only the limit removes one.
  await toasts.first().hover();
  for (let sent = 2; sent <= 7; sent++) {
    await send();
    await expect(toasts.filter({ visible: true })).toHaveCount(Math.min(sent, 5));
  }
});
