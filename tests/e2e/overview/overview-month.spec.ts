/** The overview's month (ADR 054): previous and next, the month beside the one before, categories that lead to their movements, a transfer once. */
import { createUser, expect, hydrated, test } from "../support/fixtures";
import { addTransactions, apiPost, createAccount } from "../support/ledger-api";
import { todayInLima } from "../support/dates";
import { soles } from "../support/money";
import { spanishPage } from "../support/pages";

function months() {
  const today = todayInLima();
  const first = `${today.slice(0, 7)}-01`;
  const lastOfPrevious = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, 0)).toISOString().slice(0, 10);
  return { first, month: today.slice(0, 7), previousMonth: lastOfPrevious.slice(0, 7), previousFirst: `${lastOfPrevious.slice(0, 7)}-01`, previousLast: lastOfPrevious };
}

test.describe("the overview's month", () => {
  for (const view of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    test(`goes back a month and forth, shows the month before beside this one, leads from a category to its movements, and lists a transfer once (${view.name})`, async ({ page, request, signedIn }) => {
      const { first, month, previousMonth, previousFirst, previousLast } = months();
      const groceries = (await (await request.get("/api/v1/categories", { headers: { Authorization: `Bearer ${signedIn.token}` } })).json()).categories.find((c: { defaultKey: string }) => c.defaultKey === "groceries").id as string;
      const bcp = await createAccount(request, signedIn, { name: "BCP" });
      const bbva = await createAccount(request, signedIn, { name: "BBVA" });
      await addTransactions(request, signedIn, bcp, [
        { date: first, description: "Wong", amount: "-45.90", categoryId: groceries },
        { date: first, description: "Taxi", amount: "-12.00" },
        { date: previousFirst, description: "Plaza Vea", amount: "-186.40", categoryId: groceries },
        { date: previousLast, description: "Sueldo", amount: "4500.00" },
      ]);
      await apiPost(request, signedIn, "/transfers", { fromAccountId: bcp, toAccountId: bbva, amount: "263.50", date: first, description: "Traspaso" });
      await page.setViewportSize({ width: view.width, height: view.height });
      await page.goto("/");
      await hydrated(page);

      // This month beside the one before: last month's salary is there even on the 1st.
      await expect(page.getByTestId("month-PEN")).toContainText(`-${soles("57.90")}`);
      await expect(page.getByTestId("previous-in-PEN")).toContainText(soles("4,500.00"));
      await expect(page.getByTestId("previous-out-PEN")).toContainText(`-${soles("186.40")}`);
      // The transfer once, as "BCP → BBVA".
      await expect(page.getByTestId("recent-transfer")).toHaveCount(1);
      await expect(page.getByTestId("recent-transfer")).toContainText("BCP → BBVA");
      await expect(page.getByTestId("recent-transfer")).toContainText(soles("263.50"));
      await expect(page.getByTestId("recent").getByText("Traspaso")).toHaveCount(1);

      // The month before, and back.
      await page.getByRole("link", { name: "Previous month" }).click();
      await expect(page).toHaveURL(new RegExp(`\\?month=${previousMonth}$`));
      await expect(page.getByTestId("spending-PEN")).toContainText("Groceries");
      await expect(page.getByTestId("spending-PEN")).toContainText(soles("186.40"));
      await page.getByRole("link", { name: "Next month" }).click();
      await expect(page).toHaveURL(new RegExp(`\\?month=${month}$`));
      await expect(page.getByRole("link", { name: "Back to this month" })).toHaveCount(0);

      // A category leads to its movements of the month in the register.
      await page.getByTestId("spending-PEN").getByRole("link", { name: "Groceries" }).click();
      await expect(page).toHaveURL(new RegExp(`/transactions\\?category=${groceries}&from=${first}`));
      await expect(page.getByTestId("register-row")).toHaveCount(1);
      await expect(page.getByTestId("register-row")).toContainText("Wong");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(view.width);
    });
  }

  test("in Spanish, the month picker and the comparison read in Spanish", async ({ browser, baseURL, request }) => {
    const user = await createUser(request, { locale: "es" });
    const { first } = months();
    const bcp = await createAccount(request, user, { name: "BCP" });
    await addTransactions(request, user, bcp, [{ date: first, description: "Wong", amount: "-45.90" }]);
    const { page, context } = await spanishPage(browser, baseURL!, user);
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Mes" })).toBeVisible();
    await page.getByRole("link", { name: "Mes anterior" }).click();
    await expect(page.getByRole("link", { name: "Volver a este mes" })).toBeVisible();
    await expect(page.getByText(/Sin gastos en/)).toBeVisible();
    await context.close();
  });

  test("on a 320 px phone in Spanish, the month beside the one before fits its card and its row names stay whole", async ({ browser, baseURL, request }) => {
    const user = await createUser(request, { locale: "es" });
    const { first, previousLast } = months();
    const bcp = await createAccount(request, user, { name: "BCP" });
    await addTransactions(request, user, bcp, [
      { date: first, description: "Sueldo", amount: "4500.00" },
      { date: previousLast, description: "Luz", amount: "-15.00" },
    ]);
    const { page, context } = await spanishPage(browser, baseURL!, user);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/");
    const table = page.getByTestId("month-PEN");
    await expect(table).toContainText(soles("4,500.00"));
    // "Entradas" read a letter per line (190 px tall) beside S/ 4,500.00: session 35's tester.
    for (const name of ["Entradas", "Salidas"]) expect((await table.getByRole("rowheader", { name }).boundingBox())!.height, name).toBeLessThan(44);
    // Nothing of the table hidden past its card's edge.
    expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    await context.close();
  });
});
