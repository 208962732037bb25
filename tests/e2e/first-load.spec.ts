/**
 * What a signed-in page's first load brings: zod and the shared schemas (86 KB of JS) come when a
 * form is first used, not with the page (ADR 074 for the transactions page, ADR 078 for the rest).
 * Every page a signed-in person opens from the menu is loaded with JavaScript and watched for the
 * schemas' chunk; then, on the budgets and settings pages, a form's first focus fetches it and
 * its check still answers in the browser.
 */
import { expect, hydrated, test } from "./support/fixtures";
import { createAccount } from "./support/ledger-api";

// zod's chunk is named after its own `schemas.js` module (86 KB, in the build as `schemas-<hash>.js`);
// were it renamed, the two "fetched on first focus" polls below would fail rather than pass unseen.
const SCHEMAS_CHUNK = /\/assets\/schemas-[\w-]+\.js$/;

test("signed-in pages load no zod until a form is used, then check in the browser as before", async ({ page, request, signedIn }) => {
  const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "100.00" });
  const asked: string[] = [];
  page.on("request", (sent) => {
    if (SCHEMAS_CHUNK.test(new URL(sent.url()).pathname)) asked.push(page.url());
  });
  for (const url of ["/", "/accounts", `/accounts/${accountId}/transactions`, "/transactions", "/reports", "/budgets", "/schedules", "/settings", "/camera"]) {
    await page.goto(url);
    await hydrated(page);
    // What the page fetches after hydrating (route patches, lazy parts) is counted too.
    await page.waitForLoadState("networkidle");
    expect(asked, `${url} loaded the schemas' chunk with the page`).toEqual([]);
  }

  // The budgets page's new-budget form (open: no budgets yet): its first focus fetches the schema.
  await page.goto("/budgets");
  await hydrated(page);
  const budget = page.getByRole("form", { name: "New budget" });
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  await budget.getByLabel("Name").focus();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await budget.getByRole("button", { name: "Create budget" }).click();
  await expect(budget.getByText("Give the budget a name of 1 to 60 characters.")).toBeVisible();

  // Settings: a field's first focus, and the check answers without a round trip to the server.
  asked.length = 0;
  await page.goto("/settings");
  await hydrated(page);
  const name = page.locator("#settings-name");
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  await name.focus();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  const posts: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST") posts.push(sent.url());
  });
  await name.fill("");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.locator("#settings-name-error")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
});

test("offline, a form whose check cannot load stays on the page: no reload to the browser's offline page, what was typed kept (ADR 079)", async ({ page, context, signedIn }) => {
  expect(signedIn.email).toBeTruthy();
  await page.goto("/budgets");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  // A mark a reload would wipe.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await context.setOffline(true);
  const budget = page.getByRole("form", { name: "New budget" });
  await budget.getByLabel("Name").fill("Casa");
  await budget.getByRole("button", { name: "Create budget" }).click();
  // The check is left to the server, which cannot be reached: the outage is said, the form kept.
  await expect(page.getByText("The service is not answering right now. Please try again in a moment.").first()).toBeVisible();
  await expect(budget.getByLabel("Name")).toHaveValue("Casa");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await context.setOffline(false);
});
