/**
 * The effective rate of a transfer between currencies beside BCRP's of its day (issue 38), on the
 * account's transactions page, in both languages at desktop and phone width. The local double's
 * recorded BCRP answer is seeded at start: USD sell 3.745 on Friday 27 Nov 2026.
 */
import { createUser, expect, hydrated, signInAs, test } from "../support/fixtures";
import { apiPost, createAccount } from "../support/ledger-api";
import { spanishPage } from "../support/pages";
import { soles } from "../support/money";

const TEXTS = {
  // US$ 500.00 → S/ 1,855.00 is 3.71; at BCRP's 3.745 the dollars were worth S/ 1,872.50: S/ 17.50 less.
  en: `Rate you got 3.71, BCRP 3.745: ${soles("17.50")} less`,
  es: `Cambio obtenido 3.71, BCRP 3.745: ${soles("17.50")} menos`,
} as const;

for (const { language, width, height } of [
  { language: "en", width: 1280, height: 900 },
  { language: "es", width: 390, height: 844 },
] as const) {
  test(`a transfer between soles and dollars says the rate got beside BCRP's (${language}, ${width}px)`, async ({ page: englishPage, request, browser, baseURL }) => {
    const user = await createUser(request, { locale: language });
    const pen = await createAccount(request, user, { name: "BCP Soles" });
    const usd = await createAccount(request, user, { name: "Interbank Dólares", currency: "USD", openingBalance: "1000.00" });
    const other = await createAccount(request, user, { name: "Caja Arequipa" });
    await apiPost(request, user, "/transfers", { fromAccountId: usd, toAccountId: pen, amount: "500.00", toAmount: "1855.00", date: "2026-11-27" });
    // Between two soles accounts: no rate to say.
    await apiPost(request, user, "/transfers", { fromAccountId: pen, toAccountId: other, amount: "5.00", date: "2026-11-27" });
    let page = englishPage;
    if (language === "es") page = (await spanishPage(browser, baseURL!, user)).page;
    else await signInAs(page, user, baseURL!);
    await page.setViewportSize({ width, height });

    for (const account of [pen, usd]) {
      await page.goto(`/accounts/${account}/transactions`);
      await hydrated(page);
      const rate = page.getByTestId("transfer-rate");
      await expect(rate).toHaveCount(1);
      await expect(rate).toHaveText(TEXTS[language]);
      // On a phone a row shows its title line until it is opened (a tap on it).
      const row = page.getByTestId("transaction-row").filter({ has: rate });
      if (width < 600) await row.getByTestId("row-open").check({ force: true });
      await expect(rate).toBeVisible();
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
