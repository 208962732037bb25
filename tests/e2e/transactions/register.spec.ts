/** The register across accounts (/transactions, ADR 054): header search by text and amount, its filters, date shortcuts, "Page N of M"; phone and desktop, English and Spanish, with and without JavaScript. */
import { createUser, expect, hydrated, randomIp, signInAs, test } from "../support/fixtures";
import { addTransactions, createAccount } from "../support/ledger-api";
import { todayInLima } from "../support/dates";
import { dollars, soles } from "../support/money";
import { disclose, spanishPage } from "../support/pages";

/** This month's first day, last month's first and last, in Lima (the user's time zone). */
function months() {
  const today = todayInLima();
  const first = `${today.slice(0, 7)}-01`;
  const lastOfPrevious = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, 0)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).toISOString().slice(0, 10);
  return { today, first, end, previousFirst: `${lastOfPrevious.slice(0, 7)}-01`, previousLast: lastOfPrevious };
}

test.describe("the register across accounts", () => {
  test("the header's search finds a movement by its amount in any account, written 20,77 or 20.77; the register's filters and date shortcuts narrow it (desktop, English)", async ({ page, request, signedIn }) => {
    const { first, previousFirst, previousLast } = months();
    const bcp = await createAccount(request, signedIn, { name: "BCP Soles" });
    const bbva = await createAccount(request, signedIn, { name: "BBVA Dólares", currency: "USD" });
    await addTransactions(request, signedIn, bcp, [
      { date: first, description: "Menú del día", amount: "-20.77" },
      { date: first, description: "Luz del Sur", amount: "-132.70" },
      { date: previousFirst, description: "Plaza Vea", amount: "-186.40" },
      { date: previousLast, description: "Sueldo", amount: "4500.00" },
    ]);
    await addTransactions(request, signedIn, bbva, [{ date: first, description: "Reembolso", amount: "20.77" }]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await hydrated(page);

    await page.getByTestId("header-search").fill("20,77");
    await page.getByTestId("header-search").press("Enter");
    await expect(page).toHaveURL(/\/transactions\?q=20%2C77/);
    const rows = page.getByTestId("register-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "Menú del día" })).toContainText(soles("20.77"));
    await expect(rows.filter({ hasText: "Reembolso" })).toContainText(dollars("20.77"));
    await expect(rows.filter({ hasText: "Reembolso" })).toContainText("BBVA Dólares");
    // Totals per currency, never one sum.
    await expect(page.getByTestId("totals-PEN")).toContainText(`-${soles("20.77")}`);
    await expect(page.getByTestId("totals-USD")).toContainText(dollars("20.77"));
    await expect(page.getByTestId("header-search")).toHaveValue("20,77");

    // The size filter with money out: 100 to 500 finds the expenses of that size.
    await page.goto("/transactions");
    await hydrated(page);
    await expect(rows).toHaveCount(5);
    await disclose(page, "Filters");
    await page.getByLabel("In or out").selectOption("out");
    await page.getByLabel("Amount from").fill("100");
    await page.getByLabel("Amount up to").fill("500");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/direction=out/);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("Luz del Sur");
    await expect(rows.nth(1)).toContainText("Plaza Vea");

    // "Last month" keeps the other filters and sets the range.
    await page.getByTestId("date-shortcuts").getByRole("link", { name: "Last month" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${previousFirst}&to=${previousLast}`));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Plaza Vea");
    await page.getByTestId("date-shortcuts").getByRole("link", { name: "This month" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Luz del Sur");

    // The account filter keeps one account.
    await page.goto("/transactions");
    await hydrated(page);
    await disclose(page, "Filters");
    await page.getByLabel("Account", { exact: true }).selectOption({ label: "BBVA Dólares (USD)" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId("page-of")).toHaveText("Page 1 of 1");
  });

  test("pages say 'of M', on the register and an account's list", async ({ page, request, signedIn }) => {
    const { first } = months();
    const cash = await createAccount(request, signedIn, { name: "Efectivo", type: "cash" });
    await addTransactions(
      request,
      signedIn,
      cash,
      Array.from({ length: 55 }, (_, i) => ({ date: first, description: `Gasto ${i + 1}`, amount: "-1.00" })),
    );
    await page.goto("/transactions");
    await hydrated(page);
    await expect(page.getByTestId("register-row")).toHaveCount(50);
    await expect(page.getByTestId("page-of")).toHaveText("Page 1 of 2");
    await page.getByRole("link", { name: "Next page", exact: true }).click();
    await expect(page.getByTestId("page-of")).toHaveText("Page 2 of 2");
    await expect(page.getByTestId("register-row")).toHaveCount(5);
    await page.goto(`/accounts/${cash}/transactions`);
    await expect(page.getByTestId("page-of")).toHaveText("Page 1 of 2");
    // A search's totals come streamed: its "of M" follows.
    await page.goto(`/accounts/${cash}/transactions?q=gasto`);
    await expect(page.getByTestId("page-of")).toHaveText("Page 1 of 2");
  });

  test("without JavaScript: the header's search, the filters and the date shortcuts work as plain links and forms", async ({ browser, baseURL, request, user }) => {
    const { first, previousFirst } = months();
    const bcp = await createAccount(request, user, { name: "BCP Soles" });
    await addTransactions(request, user, bcp, [
      { date: first, description: "Menú del día", amount: "-20.77" },
      { date: previousFirst, description: "Plaza Vea", amount: "-186.40", payee: "Supermercados Peruanos" },
    ]);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
    const page = await context.newPage();
    await signInAs(page, user, baseURL!);
    await page.goto("/accounts");
    await page.getByTestId("header-search").fill("S/ 20.77");
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page).toHaveURL(/\/transactions\?q=S%2F\+20\.77/);
    await expect(page.getByTestId("register-row")).toHaveCount(1);
    await expect(page.getByTestId("register-row")).toContainText("Menú del día");
    // A payee is searched too.
    await page.getByTestId("header-search").fill("supermercados");
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page.getByTestId("register-row")).toHaveCount(1);
    await expect(page.getByTestId("register-row")).toContainText("Plaza Vea");
    // The filters' form and a date shortcut.
    await page.goto("/transactions");
    await disclose(page, "Filters");
    await page.getByLabel("In or out").selectOption("out");
    await page.getByLabel("Amount from").fill("100");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByTestId("register-row")).toHaveCount(1);
    await page.getByTestId("date-shortcuts").getByRole("link", { name: "This month" }).click();
    await expect(page.getByTestId("register-empty")).toBeVisible();
    await context.close();
  });

  test("Spanish on a phone: the header's search fits and finds by amount, the register reads in Spanish", async ({ browser, baseURL, request }) => {
    const user = await createUser(request, { locale: "es" });
    const { first } = months();
    const bcp = await createAccount(request, user, { name: "BCP Soles" });
    await addTransactions(request, user, bcp, [{ date: first, description: "Almuerzo", amount: "-20.77" }]);
    const { page, context } = await spanishPage(browser, baseURL!, user);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await hydrated(page);
    // On a phone the header holds the search's button (a field on every page would push lists down);
    // it opens the register, whose header shows the field across the whole width.
    const search = page.getByRole("search", { name: "Buscar movimientos" });
    await expect(search).toBeVisible();
    await expect(page.getByTestId("header-search")).toBeHidden();
    await search.getByRole("button").click();
    await expect(page).toHaveURL(/\/transactions/);
    await expect(page.getByTestId("header-search")).toBeVisible();
    const box = await search.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.getByTestId("header-search").fill("20,77");
    await page.getByTestId("header-search").press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Todos los movimientos");
    await expect(page.getByTestId("register-row")).toHaveCount(1);
    // A movement is two short lines, not a card of five labelled ones (session 35's tester): the
    // description beside its amount, then the date and account under them.
    const row = page.getByTestId("register-row");
    const [description, amount, date, rowBox] = await Promise.all([row.getByText("Almuerzo").boundingBox(), row.getByText(`-${soles("20.77")}`).boundingBox(), row.locator("td").first().boundingBox(), row.boundingBox()]);
    expect(Math.abs(description!.y - amount!.y)).toBeLessThan(6);
    expect(date!.y).toBeGreaterThan(description!.y + description!.height - 1);
    expect(rowBox!.height).toBeLessThan(80);
    await expect(page.getByTestId("page-of")).toHaveText("Página 1 de 1");
    await expect(page.getByTestId("date-shortcuts").getByRole("link", { name: "El mes pasado" })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
