/**
 * Net worth on the overview and exchange rates in settings (issue 38, ADR 056), in both languages
 * at phone and desktop width. The local double's recorded BCRP answer is seeded at start: the
 * last rates published are Friday 27 Nov 2026's (USD sell 3.745).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { createUser, expect, hydrated, signInAs, test, type TestUser } from "../support/fixtures";
import { createAccount } from "../support/ledger-api";
import { soles } from "../support/money";
import { spanishPage, toast } from "../support/pages";

/** Soles, dollars, a credit card owed, and pounds (no rate for them). */
async function moneyInFourPlaces(request: APIRequestContext, user: TestUser) {
  await createAccount(request, user, { name: "BCP Soles", openingBalance: "1000.00" });
  await createAccount(request, user, { name: "Interbank Dólares", currency: "USD", openingBalance: "100.00" });
  await createAccount(request, user, { name: "Visa Oro", type: "credit_card", openingBalance: "-250.50" });
  await createAccount(request, user, { name: "Monzo", currency: "GBP", openingBalance: "50.00" });
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const TEXTS = {
  en: { bcrp: /USD at BCRP sell 3\.745, Nov 27, 2026/, own: /USD at your rate 3\.71, from /, noRate: "No rate for GBP", rate: "Rate", quote: "Priced in", add: "Add rate", added: "Rate added.", removed: "Rate removed.", remove: /Remove the rate 3\.71/, same: "You already have a USD/PEN rate from that day: remove it first, or choose another day." },
  es: { bcrp: /USD a 3\.745 \(venta BCRP, 27 nov\.? 2026\)/, own: /USD a 3\.71 \(tu tipo de cambio, desde el /, noRate: "No hay tipo de cambio para GBP", rate: "Tipo de cambio", quote: "Precio en", add: "Agregar tipo de cambio", added: "Tipo de cambio agregado.", removed: "Tipo de cambio quitado.", remove: /Quitar el tipo 3\.71/, same: "Ya tienes un tipo de cambio USD/PEN desde ese día: quítalo primero o elige otro día." },
} as const;

for (const view of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  for (const language of ["en", "es"] as const) {
    test(`net worth beside the balances at BCRP's rate, then at the user's own rate added and removed in settings (${language}, ${view.name})`, async ({ page: englishPage, request, browser, baseURL }) => {
      // The saved language wins over the browser's: a Spanish speaker's account is in Spanish.
      const user = await createUser(request, { locale: language });
      await moneyInFourPlaces(request, user);
      const words = TEXTS[language];
      let page = englishPage;
      if (language === "es") page = (await spanishPage(browser, baseURL!, user)).page;
      else await signInAs(page, user, baseURL!);
      await page.setViewportSize({ width: view.width, height: view.height });

      await page.goto("/");
      await hydrated(page);
      const netWorth = page.getByTestId("net-worth");
      // 1,000.00 + 100.00 × 3.745 − 250.50; the pounds are named and left out. The balances stay, per currency.
      await expect(netWorth).toContainText(soles("1,124.00"));
      await expect(netWorth).toContainText(words.bcrp);
      await expect(page.getByTestId("net-worth-no-rate")).toContainText(words.noRate);
      await expect(page.getByTestId("balances").locator("li")).toHaveCount(3);
      await noSidewaysScroll(page);

      await netWorth.getByRole("link").click();
      await expect(page).toHaveURL(/\/settings#rates$/);
      const section = page.getByTestId("settings-rates");
      await expect(section.getByTestId("official-rates")).toContainText("3.745");
      await section.getByLabel(words.rate, { exact: true }).fill("3,71");
      await section.getByLabel(words.quote).selectOption("PEN");
      await section.getByRole("button", { name: words.add }).click();
      await expect(toast(page, words.added)).toBeVisible();
      await expect(section.getByTestId("own-rate")).toContainText("1 USD = 3.71 PEN");
      await noSidewaysScroll(page);
      // A second rate from the same day would tie with the first: refused beside its day (session 35's tester).
      await section.getByLabel(words.rate, { exact: true }).fill("3.80");
      await section.getByRole("button", { name: words.add }).click();
      await expect(section.getByText(words.same)).toBeVisible();
      await expect(section.getByTestId("own-rate")).toHaveCount(1);

      await page.goto("/");
      await expect(page.getByTestId("net-worth")).toContainText(soles("1,120.50"));
      await expect(page.getByTestId("net-worth")).toContainText(words.own);

      await page.goto("/settings#rates");
      await hydrated(page);
      await page.getByTestId("settings-rates").getByRole("button", { name: words.remove }).click();
      await expect(toast(page, words.removed)).toBeVisible();
      await expect(page.getByTestId("settings-rates").getByTestId("own-rate")).toHaveCount(0);
    });
  }
}

test("a refused rate shows beside its field, with what was typed, without JavaScript", async ({ browser, baseURL, user }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAs(page, user, baseURL!);
  await page.goto("/settings#rates");
  const section = page.getByTestId("settings-rates");
  await section.getByLabel("Rate", { exact: true }).fill("3.7.1");
  await section.getByRole("button", { name: "Add rate" }).click();
  await expect(page.getByTestId("settings-rates").getByText("Enter the exchange rate as a positive number, like 3.71.")).toBeVisible();
  await expect(page.getByTestId("settings-rates").getByLabel("Rate", { exact: true })).toHaveValue("3.7.1");
  await context.close();
});
