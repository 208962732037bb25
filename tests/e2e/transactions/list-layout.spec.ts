/**
 * The list you can live in (issue 35, ADR 053): rows above the fold on a phone and a desktop, one
 * line per movement on a phone with its details on tap, delete with an undo, and bulk changes,
 * with and without JavaScript.
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, randomIp, signInAs, test, type TestUser } from "../support/fixtures";
import { addTransactions, createAccount } from "../support/ledger-api";
import { soles } from "../support/money";
import { toast } from "../support/pages";
import type { APIRequestContext } from "@playwright/test";

/** An account with `count` movements, each with a category, a payee and a status, like a real week. */
async function accountWithRows(request: APIRequestContext, user: TestUser, count: number) {
  const accountId = await createAccount(request, user, { name: "BCP Soles", openingBalance: "1000.00" });
  const rows = Array.from({ length: count }, (_, at) => ({
    date: `2026-11-${String(1 + at).padStart(2, "0")}`,
    description: `Movement ${String(at + 1).padStart(2, "0")} Plaza Vea Miraflores`,
    amount: `-${10 + at}.50`,
    payee: "Plaza Vea",
    status: at % 2 ? "posted" : "pending",
  }));
  await addTransactions(request, user, accountId, rows);
  return accountId;
}

/** The rows whose whole box is inside the viewport, as the page opens. */
async function rowsInView(page: Page) {
  const viewport = page.viewportSize()!;
  const boxes = await page.getByTestId("transaction-row").evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().toJSON() as DOMRect));
  return boxes.filter((box) => box.height > 0 && box.top >= 0 && box.bottom <= viewport.height && box.left >= 0 && box.right <= viewport.width).length;
}

test.describe("the list", () => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`shows at least 8 whole rows on opening an account at ${size.width}×${size.height}`, async ({ page, request, signedIn }) => {
      const accountId = await accountWithRows(request, signedIn, 14);
      await page.setViewportSize(size);
      await page.goto(`/accounts/${accountId}/transactions`);
      await hydrated(page);
      expect(await rowsInView(page)).toBeGreaterThanOrEqual(8);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });
  }

  test("on a phone each movement is one line, its details on tap", async ({ browser, baseURL, request, user }) => {
    const accountId = await accountWithRows(request, user, 3);
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
    const page = await context.newPage();
    await signInAs(page, user, baseURL!);
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    const row = page.getByTestId("transaction-row").filter({ hasText: "Movement 01" });
    const box = (await row.boundingBox())!;
    // One line: at most the height of a tap target and a little.
    expect(box.height).toBeLessThanOrEqual(56);
    await expect(row.getByTestId("amount")).toBeVisible();
    await expect(row.getByText("Pending", { exact: true })).toBeHidden();
    await expect(row.getByRole("button", { name: /^Delete Movement 01/ })).toBeHidden();
    await row.locator("th label").tap();
    await expect(row.getByText("Pending", { exact: true })).toBeVisible();
    await expect(row.getByRole("link", { name: /^Edit Movement 01/ })).toBeVisible();
    await expect(row.getByRole("button", { name: /^Delete Movement 01/ })).toBeVisible();
    // Opened, the description has a line of its own, as wide as the row (in the line's middle
    // column it broke a word per line: session 35's tester), under the date and the amount.
    const [rowBox, description, amount] = await Promise.all([row.boundingBox(), row.locator("th").boundingBox(), row.getByTestId("amount").boundingBox()]);
    expect(description!.width).toBeGreaterThan(rowBox!.width * 0.8);
    expect(description!.y).toBeGreaterThanOrEqual(amount!.y + amount!.height - 1);
    // A second tap folds it again.
    await row.locator("th label").tap();
    await expect(row.getByText("Pending", { exact: true })).toBeHidden();
    await context.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`on a phone an open tool's sheet closes from the bar under it (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser, baseURL, request, user }) => {
      const accountId = await accountWithRows(request, user, 3);
      const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
      const page = await context.newPage();
      await signInAs(page, user, baseURL!);
      await page.goto(`/accounts/${accountId}/transactions`);
      if (javaScriptEnabled) await hydrated(page);
      // The first tool shows its short name whole ("Add", not "Add tran…", session 33 QA); its whole name is the button's.
      const add = page.getByTestId("add-transaction").locator(":scope > summary");
      await expect(add).toHaveAccessibleName("Add transaction");
      await expect(add).toHaveText("Add transaction");
      await expect(add.getByTestId("tool-short-name")).toBeVisible();
      expect(await add.getByTestId("tool-short-name").evaluate((label) => getComputedStyle(label, "::before").content)).toBe('"Add"');
      expect(await add.evaluate((summary) => summary.scrollWidth <= summary.clientWidth)).toBe(true);
      const tool = page.getByTestId("import");
      await tool.locator(":scope > summary").tap();
      await expect(tool.getByRole("button", { name: "Read file" })).toBeVisible();
      // The sheet covers the toolbar: its button is now the bar across the foot of the screen.
      const bar = (await tool.locator(":scope > summary").boundingBox())!;
      expect(bar.y + bar.height).toBe(844);
      expect(bar.width).toBe(390);
      const sheet = (await tool.locator(":scope > div").boundingBox())!;
      expect(sheet.y + sheet.height).toBeLessThanOrEqual(bar.y + 1);
      await tool.locator(":scope > summary").tap();
      await expect(tool.getByRole("button", { name: "Read file" })).toBeHidden();
      await expect(page.getByTestId("transaction-row").first()).toBeInViewport();
      if (!javaScriptEnabled) {
        // Without JavaScript a second tool opens beside the first: both come into the page, which
        // never gets wider than the screen (it was 423 px: session 34's tester).
        await tool.locator(":scope > summary").tap();
        const filters = page.getByTestId("toolbar").locator("details", { has: page.locator("summary", { hasText: "Filters" }) });
        await filters.locator(":scope > summary").tap();
        await expect(page.getByRole("search", { name: "Filters" })).toBeVisible();
        await expect(tool.getByRole("button", { name: "Read file" })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await filters.locator(":scope > summary").tap();
        await tool.locator(":scope > summary").tap();
        await expect(tool.getByRole("button", { name: "Read file" })).toBeHidden();
      }
      // On its side (390 px high) the sheet takes all but a strip above it (it was 75%: ~240 px).
      await page.setViewportSize({ width: 844, height: 390 });
      await tool.locator(":scope > summary").tap();
      await expect(tool.getByRole("button", { name: "Read file" })).toBeVisible();
      expect(await tool.locator(":scope > div").evaluate((sheet) => parseFloat(getComputedStyle(sheet).maxHeight))).toBeGreaterThanOrEqual(390 - 48 - 40 - 1);
      await context.close();
    });
  }

  test("the tools open beside the table, which stays where it was", async ({ page, request, signedIn }) => {
    const accountId = await accountWithRows(request, signedIn, 3);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    // The table's box (it scrolls sideways inside it if it ever must).
    const table = page.getByTestId("transactions").locator("..");
    const before = (await table.boundingBox())!;
    await page.getByTestId("toolbar").locator("summary", { hasText: "Add transaction" }).click();
    const add = page.getByRole("form", { name: "New transaction" });
    await expect(add).toBeVisible();
    const after = (await table.boundingBox())!;
    expect(after.y).toBe(before.y);
    // The form does not cover the rows.
    const form = (await add.boundingBox())!;
    expect(form.x).toBeGreaterThanOrEqual(after.x + after.width);
    // The add form stays open for the next entry, empty again.
    await add.getByLabel("Description").fill("Menú del día");
    await add.getByLabel(/^Amount/).fill("-45.90");
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Menú del día" })).toHaveCount(1);
    await expect(add.getByLabel("Description")).toHaveValue("");
    await expect(add).toBeVisible();
    // Opening another tool closes this one; Escape closes that.
    await page.getByTestId("toolbar").locator("summary", { hasText: "Filters" }).click();
    await expect(add).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("search", { name: "Filters" })).toBeHidden();
  });

  test("delete takes no question and the toast's Undo brings the same row and balance back", async ({ page, request, signedIn }) => {
    const accountId = await accountWithRows(request, signedIn, 3);
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    const balance = page.getByTestId("account-balance");
    await expect(balance).toContainText(soles("965.50"));
    const row = page.getByTestId("transaction-row").filter({ hasText: "Movement 02" });
    const id = await row.getAttribute("data-id");
    let asked = false;
    page.on("dialog", (dialog) => {
      asked = true;
      void dialog.dismiss();
    });
    await row.getByRole("button", { name: /^Delete Movement 02/ }).click();
    await expect(row).toHaveCount(0);
    const undo = page.getByTestId("undo-toast");
    await expect(undo).toContainText("Transaction deleted.");
    await expect(balance).toContainText(soles("977.00"));
    await undo.getByRole("button", { name: "Undo" }).click();
    const back = page.getByTestId("transaction-row").filter({ hasText: "Movement 02" });
    await expect(back).toHaveCount(1);
    await expect(back).toHaveAttribute("data-id", id!);
    await expect(back.getByTestId("amount")).toHaveText(`-${soles("11.50")}`);
    await expect(balance).toContainText(soles("965.50"));
    expect(asked).toBe(false);
  });

  test("bulk: seven rows categorised in one go, then deleted and brought back", async ({ page, request, signedIn }) => {
    const accountId = await accountWithRows(request, signedIn, 9);
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    const rows = page.getByTestId("transaction-row");
    for (let at = 1; at <= 7; at++) await rows.filter({ hasText: `Movement 0${at} ` }).getByTestId("row-select").check();
    const bar = page.getByTestId("bulk-bar");
    await bar.getByLabel("Category").selectOption({ label: "Dining" });
    await bar.getByRole("button", { name: "Set category" }).click();
    await expect(toast(page, "Transactions updated.")).toBeVisible();
    for (let at = 1; at <= 7; at++) await expect(rows.filter({ hasText: `Movement 0${at} ` })).toContainText("Dining");
    for (const at of [8, 9]) await expect(rows.filter({ hasText: `Movement 0${at} ` })).not.toContainText("Dining");
    // The boxes are empty again.
    await expect(page.getByTestId("row-select").and(page.locator(":checked"))).toHaveCount(0);

    // Select all, delete, undo.
    await bar.getByTestId("select-all").check();
    await bar.getByRole("button", { name: "Delete selected" }).click();
    await expect(rows).toHaveCount(0);
    await expect(page.getByTestId("account-balance")).toContainText(soles("1,000.00"));
    await page.getByTestId("undo-toast").getByRole("button", { name: "Undo" }).click();
    await expect(rows).toHaveCount(9);
    await expect(rows.filter({ hasText: "Dining" })).toHaveCount(7);
  });

  test("without JavaScript: delete asks first, the list offers the undo, bulk is a form", async ({ browser, baseURL, request, user }) => {
    const accountId = await accountWithRows(request, user, 3);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
    const page = await context.newPage();
    await signInAs(page, user, baseURL!);
    await page.goto(`/accounts/${accountId}/transactions`);
    const row = page.getByTestId("transaction-row").filter({ hasText: "Movement 03" });
    await row.getByRole("button", { name: /^Delete Movement 03/ }).click();
    const question = page.getByTestId("delete-question");
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Movement 03" })).toHaveCount(0);
    await expect(page.getByTestId("account-balance")).toContainText(soles("978.00"));
    const undo = page.getByTestId("undo-bar");
    await undo.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Movement 03" })).toHaveCount(1);
    await expect(page.getByTestId("undo-bar")).toHaveCount(0);
    await expect(page.getByTestId("account-balance")).toContainText(soles("965.50"));

    // Bulk: "Select all" is a link that checks every box; the bar is a plain form.
    await page.getByTestId("bulk-bar").getByRole("link", { name: "Select all" }).click();
    await expect(page.getByTestId("row-select").and(page.locator(":checked"))).toHaveCount(3);
    await page.getByTestId("bulk-bar").getByLabel("Status").selectOption("posted");
    await page.getByTestId("bulk-bar").getByRole("button", { name: "Set status" }).click();
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Pending" })).toHaveCount(0);
    await expect(page.getByTestId("transaction-row")).toHaveCount(3);
    await context.close();
  });
});
