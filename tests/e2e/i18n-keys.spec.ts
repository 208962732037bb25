/**
 * No page shows a translation key instead of its text (ADR 042), in either language: the first
 * visit of each page (server render, then hydration with the browser's namespaces), and a page
 * reached by a client-side move, whose own namespace comes with its code. No hydration mismatch.
 */
import type { Page } from "@playwright/test";
import { createUser, expect, hydrated, randomIp, signInAs, test } from "./support/fixtures";

/** A dotted key of our catalogues: a namespace or a group of `common`, a dot, a name. */
const RAW_KEY = /\b(app|nav|titles|errors|validation|auth|ledger|transactionsPage|importFlow|budgetsPage|schedulesPage|accountsPage|settings|camera|signup|api|mail|passwordFeedback)\.[a-zA-Z_]+/;

/** The page's text and the attributes assistive technology reads or shows. */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label], [placeholder], [title], [alt]")].flatMap((element) =>
      ["aria-label", "placeholder", "title", "alt"].map((name) => element.getAttribute(name) ?? ""),
    );
    return [document.title, document.body.innerText, ...attributes].join("\n");
  });
}

function watchForMismatches(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/hydrat|Recoverable error|did not match/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

async function expectNoRawKey(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  const text = await shownText(page);
  expect(text.match(RAW_KEY)?.[0], `${path}: ${text.slice(0, 200)}`).toBeUndefined();
}

for (const locale of ["en", "es"] as const) {
  test.describe(`no raw keys (${locale})`, () => {
    test.use({ locale: locale === "es" ? "es-PE" : "en-US" });

    test("signed out: sign-in, sign-up, recovery, camera, an unknown page", async ({ page }) => {
      const problems = watchForMismatches(page);
      for (const path of ["/login", "/signup", "/login/recover", "/camera", "/no-such-page"]) await expectNoRawKey(page, path);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      expect(problems).toEqual([]);
    });

    test("signed in: overview, accounts, transactions, register, budgets, schedules, reports, settings, and a move to settings in the browser", async ({ page, request, baseURL }) => {
      const problems = watchForMismatches(page);
      const user = await createUser(request, { locale });
      const headers = { Authorization: `Bearer ${user.token}`, "CF-Connecting-IP": randomIp() };
      const created = await request.post("/api/v1/accounts", { data: { name: "BCP", type: "checking", currency: "PEN", openingBalance: "100.00" }, headers });
      expect(created.status(), await created.text()).toBeLessThan(300);
      const { account } = (await created.json()) as { account: { id: string } };
      await signInAs(page, user, baseURL!);
      for (const path of ["/", "/accounts", `/accounts/${account.id}/transactions`, "/transactions", "/budgets", "/schedules", "/reports", "/settings", "/camera"]) await expectNoRawKey(page, path);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      // A client-side move: Settings' namespace arrives with its code, after the first visit.
      await expectNoRawKey(page, "/");
      // Settings is under "More" (ADR 063).
      await page.locator("nav").getByText(locale === "es" ? "Más" : "More", { exact: true }).click();
      await page.locator("nav").getByRole("link", { name: locale === "es" ? "Configuración" : "Settings" }).first().click();
      await expect(page).toHaveURL("/settings");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const text = await shownText(page);
      expect(text.match(RAW_KEY)?.[0], text.slice(0, 200)).toBeUndefined();
      expect(problems).toEqual([]);
    });
  });
}
