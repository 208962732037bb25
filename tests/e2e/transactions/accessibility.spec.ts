/** Accessibility of the ledger pages (overview, accounts, transactions): phones, tooltips, focus after saving and Escape, axe. */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { createUser, expect, hydrated, test } from "../support/fixtures";
import { todayInLima } from "../support/dates";
import { addTransactions, apiPost, createAccount } from "../support/ledger-api";
import { soles, solesOutInText } from "../support/money";
import { disclose, spanishPage, toast } from "../support/pages";

/**
 * A form that Escape must leave open. Closing is a client-side navigation that commits a few
 * milliseconds after the key, so "still visible" right away would pass either way: the check waits
 * longer than that navigation takes before it looks (asserting that something did not happen).
 */
async function stillOpenAfterEscape(page: Page, form: Locator) {
  await page.waitForTimeout(400);
  await expect(form).toBeVisible();
}

/**
 * How long after `act` began the page's tooltip came into the document, measured in the page (a
 * MutationObserver), so the time Playwright takes to report back is not counted. Since the clock
 * starts before `act`, the figure is never less than the real delay.
 */
async function tooltipDelay(page: Page, act: () => Promise<void>): Promise<number> {
  type Watched = Window & { tooltipShownAfter?: Promise<number> };
  await page.evaluate(() => {
    const started = performance.now();
    (window as Watched).tooltipShownAfter = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector("[role=tooltip]")) return;
        observer.disconnect();
        resolve(performance.now() - started);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  });
  await act();
  return page.evaluate(() => (window as Watched).tooltipShownAfter!);
}

/**
 * Moves the mouse to the middle of `target` in steps, as a hand does. Radix keeps a tooltip open
 * while the pointer travels towards it (WCAG 1.4.13: the tooltip is hoverable) and closes it on the
 * next move outside that path, so one jump with no move after it would leave it open.
 */
async function pointAt(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 10 });
}

test.describe("accessibility", () => {
  test("on a phone, the pages with data never scroll sideways", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "100.00", openingDate: "2026-01-01" });
    await addTransactions(request, signedIn, accountId, [{ date: todayInLima(), description: "Wong San Isidro", amount: "-20.00" }]);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/", "/accounts", `/accounts/${accountId}/transactions`]) {
      await page.goto(path);
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(390);
    }
  });

  test("on a phone, each cell of a transaction is labelled with its column's name, in the page's language", async ({ browser, baseURL, request, page, signedIn }) => {
    const cellLabels = (target: Page) =>
      target
        .getByTestId("transaction-row")
        .first()
        // The selection cell's check box carries its own name ("Select …", ADR 053): every other cell is labelled.
        .evaluate((row) => [...row.children].filter((cell) => !cell.querySelector("[data-testid=row-select]")).map((cell) => getComputedStyle(cell, "::before").content));
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "100.00", openingDate: "2026-01-01" });
    await addTransactions(request, signedIn, accountId, [{ date: todayInLima(), description: "Wong San Isidro", amount: "-20.00" }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    // One line per movement on a phone; its cells, labelled, show when it is opened (ADR 053).
    await page.getByTestId("transaction-row").first().getByTestId("row-open").check({ force: true });
    // The line's own cells (date, description, amount) and the named buttons need no caption; the
    // opened details name theirs.
    const labelled = (names: Array<string | null>) => names.map((label) => (label ? `"${label}"` : "none"));
    expect(await cellLabels(page)).toEqual(labelled([null, null, "Category", null, "Balance", "Status", "Receipt", null]));
    // The table's own header row names the columns at desktop width: no labels in the cells.
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(new Set(await cellLabels(page))).toEqual(new Set(["none"]));

    const user = await createUser(request, { locale: "es" });
    const cuenta = await createAccount(request, user, { name: "BCP Soles", openingBalance: "100.00", openingDate: "2026-01-01" });
    await addTransactions(request, user, cuenta, [{ date: todayInLima(), description: "Bodega", amount: "-1.00" }]);
    const { page: spanish, context } = await spanishPage(browser, baseURL!, user);
    await spanish.setViewportSize({ width: 390, height: 844 });
    await spanish.goto(`/accounts/${cuenta}/transactions`);
    await hydrated(spanish);
    await spanish.getByTestId("transaction-row").first().getByTestId("row-open").check({ force: true });
    expect(await cellLabels(spanish)).toEqual(labelled([null, null, "Categoría", null, "Saldo", "Estado", "Comprobante", null]));
    await context.close();
  });

  test("icon-only row actions show their name as a tooltip: after 700 ms, the next one at once, hidden by Escape", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "100.00", openingDate: "2026-01-01" });
    await addTransactions(request, signedIn, accountId, [{ date: todayInLima(), description: "Wong San Isidro", amount: "-20.00" }]);
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    const row = page.getByTestId("transaction-row").filter({ hasText: "Wong San Isidro" });
    const edit = row.getByRole("link", { name: "Edit Wong San Isidro" });
    const remove = row.getByRole("button", { name: "Delete Wong San Isidro" });
    // Radix draws the tooltip (ADR 043); its text is the control's aria-label. Nothing is drawn until a
    // pointer or focus reaches a control.
    const tooltip = page.getByRole("tooltip");
    await expect(tooltip).toHaveCount(0);

    const day = new Intl.DateTimeFormat("en-PE", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${todayInLima()}T12:00:00Z`));
    expect(await tooltipDelay(page, () => pointAt(page, edit))).toBeGreaterThanOrEqual(700);
    await expect(tooltip).toHaveText(`Edit Wong San Isidro (${day}, ${solesOutInText("20.00")})`);
    await expect(edit).toHaveAttribute("data-state", "delayed-open");
    // Within the skip delay the next tooltip opens at once.
    await pointAt(page, remove);
    await expect(tooltip).toHaveText(`Delete Wong San Isidro (${day}, ${solesOutInText("20.00")})`);
    await expect(remove).toHaveAttribute("data-state", "instant-open");
    await page.keyboard.press("Escape");
    await expect(tooltip).toHaveCount(0);
    // Away from every tooltip for longer than the skip delay: the delay is back.
    await pointAt(page, page.getByRole("heading", { level: 1 }));
    await page.waitForTimeout(400);
    expect(await tooltipDelay(page, () => pointAt(page, remove))).toBeGreaterThanOrEqual(700);
    await expect(remove).toHaveAttribute("data-state", "delayed-open");
    // Keyboard focus shows it too.
    await pointAt(page, page.getByRole("heading", { level: 1 }));
    await expect(tooltip).toHaveCount(0);
    await edit.focus();
    await page.keyboard.press("Tab");
    await expect(remove).toBeFocused();
    await expect(tooltip).toHaveText(`Delete Wong San Isidro (${day}, ${solesOutInText("20.00")})`);
  });

  test("saving with the keyboard keeps focus where the user was, not at the top of the page", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "100.00", openingDate: "2026-01-01" });
    await addTransactions(request, signedIn, accountId, [{ date: todayInLima(), description: "Wong San Isidro", amount: "-20.00" }]);
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    // An edit saved with Enter: focus goes back to the row's Edit control.
    await page.getByRole("link", { name: "Edit Wong San Isidro" }).click();
    const edit = page.getByRole("form", { name: "Edit Wong San Isidro" });
    await edit.getByLabel("Description").fill("Wong Miraflores");
    await edit.getByLabel("Description").press("Enter");
    await expect(edit).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Edit Wong Miraflores" })).toBeFocused();
    // A new transaction saved with Enter: the form stays open for the next entry (issue 35), focus in its first field.
    await disclose(page, "Add transaction");
    const add = page.getByRole("form", { name: "New transaction" });
    await add.getByLabel("Description").fill("Tambo");
    await add.getByLabel("Amount").fill("-3.50");
    await add.getByLabel("Amount").press("Enter");
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Tambo" })).not.toHaveAttribute("aria-busy");
    await expect(add.getByLabel("Date")).toBeFocused();
    // An account's edit saved with Enter: focus goes back to its Edit control.
    await page.goto("/accounts");
    await hydrated(page);
    await page.getByRole("link", { name: "Edit BCP Soles" }).click();
    const account = page.getByRole("form", { name: "Edit BCP Soles" });
    await account.getByLabel("Name").fill("BCP Ahorros");
    await account.getByLabel("Name").press("Enter");
    await expect(account).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Edit BCP Ahorros" })).toBeFocused();
  });

  test("a row a save takes off the filtered list leaves focus on the list, and a row being saved shows its figures as saved", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "100.00", openingDate: "2026-01-01" });
    await addTransactions(request, signedIn, accountId, [
      { date: "2026-11-02", description: "Uber Centro", amount: "-20.00" },
      { date: "2026-11-01", description: "Uber Norte", amount: "-15.00" },
    ]);
    await page.goto(`/accounts/${accountId}/transactions?q=uber`);
    await hydrated(page);
    for (const [name, renamed, focused] of [["Uber Centro", "Taxi Satelital", "#transactions-caption"], ["Uber Norte", "Taxi Remisse", "#transactions-empty"]] as const) {
      await page.getByRole("link", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("form", { name: `Edit ${name}` });
      await edit.getByLabel("Description").fill(renamed);
      await edit.getByLabel("Description").press("Enter");
      await expect(edit).toHaveCount(0);
      // The search no longer finds it: focus is on the list it left (or what took its place), not at the top of the page.
      await expect(page.locator(focused)).toBeFocused();
      await expect(toast(page, "This list no longer shows it: its filters or its page leave it out.")).toBeVisible();
    }
    // A new one the search finds is just added; one it does not find is said too.
    await disclose(page, "Add transaction");
    const added = page.getByRole("form", { name: "New transaction" });
    await added.getByLabel("Description").fill("Uber Sur");
    await added.getByLabel("Amount").fill("-12.00");
    await added.getByRole("button", { name: "Add transaction" }).click();
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Uber Sur" })).not.toHaveAttribute("aria-busy");
    await expect(toast(page, "Transaction added.")).toBeVisible();
    await expect(toast(page, "This list does not show it: its filters or its page leave it out.")).toHaveCount(0);
    await disclose(page, "Add transaction");
    await added.getByLabel("Description").fill("Cabify Aeropuerto");
    await added.getByLabel("Amount").fill("-45.00");
    await added.getByRole("button", { name: "Add transaction" }).click();
    await expect(toast(page, "This list does not show it: its filters or its page leave it out.")).toBeVisible();
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);

    // While a new one is saved (the answer held back), its row reads as the saved one will.
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/transactions\.data/, async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await held;
      await route.fallback();
    });
    await disclose(page, "Add transaction");
    const add = page.getByRole("form", { name: "New transaction" });
    await add.getByLabel("Date").fill("2026-11-03");
    await add.getByLabel("Description").fill("Saga Falabella");
    await add.getByLabel("Amount").fill("-1234.5");
    await add.getByRole("button", { name: "Add transaction" }).click();
    const saving = page.getByTestId("pending-row");
    await expect(saving).toContainText(`-${soles("1,234.50")}`);
    await expect(saving).toContainText("Nov 3, 2026");
    release();
    await expect(saving).toHaveCount(0);
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Saga Falabella" }).getByTestId("amount")).toHaveText(`-${soles("1,234.50")}`);
  });

  test("Escape closes an edit form, as its Cancel does, and focus goes back to its Edit control", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "100.00", openingDate: "2026-01-01" });
    await addTransactions(request, signedIn, accountId, [{ date: todayInLima(), description: "Wong San Isidro", amount: "-20.00" }]);

    await page.goto("/accounts");
    await hydrated(page);
    await page.getByRole("link", { name: "Edit BCP Soles" }).click();
    const account = page.getByRole("form", { name: "Edit BCP Soles" });
    await account.getByLabel("Name").fill("Not kept");
    await page.keyboard.press("Escape");
    await expect(account).toHaveCount(0);
    await expect(page).toHaveURL(/\/accounts$/);
    await expect(page.getByRole("link", { name: "Edit BCP Soles" })).toBeFocused();
    await expect(page.getByRole("heading", { name: "BCP Soles", level: 3 })).toBeVisible();

    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    await page.getByRole("link", { name: "Edit Wong San Isidro" }).click();
    const transaction = page.getByRole("form", { name: "Edit Wong San Isidro" });
    // The form opens with focus on its first field, the date: Escape works from there at once.
    await expect(transaction.getByLabel("Date")).toBeFocused();
    // A tooltip showing under the pointer takes the first Escape (WCAG 1.4.13), the form the next.
    const remove = page.getByRole("button", { name: "Delete Wong San Isidro" });
    await remove.hover();
    await expect(page.getByRole("tooltip")).toBeVisible();
    await page.keyboard.press("Escape");
    await stillOpenAfterEscape(page, transaction);
    await page.keyboard.press("Escape");
    await expect(transaction).toHaveCount(0);
    await expect(page).not.toHaveURL(/edit=/);
    await expect(page.getByRole("link", { name: "Edit Wong San Isidro" })).toBeFocused();
    // While a save is on its way, Escape does not hide the form that will show its answer.
    await page.getByRole("link", { name: "Edit Wong San Isidro" }).click();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/transactions\.data/, async (route) => (route.request().method() === "POST" ? (await held, route.continue()) : route.continue()));
    await transaction.getByLabel("Description").fill("Wong Miraflores");
    await transaction.getByRole("button", { name: "Save" }).click();
    await expect(transaction.getByRole("button", { name: "Saving…" })).toBeVisible();
    await transaction.getByLabel("Description").focus();
    await page.keyboard.press("Escape");
    await stillOpenAfterEscape(page, transaction);
    release();
    // Saved (not only shown as saving): the form closes and the row is no longer busy.
    await expect(transaction).toHaveCount(0);
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Wong Miraflores" })).not.toHaveAttribute("aria-busy");
    await page.unroute(/\/transactions\.data/);
    // The add form is a panel over the list (ADR 053): Escape closes the panel, focus goes back to
    // its button, and what was typed is still there when it opens again.
    await disclose(page, "Add transaction");
    const add = page.getByRole("form", { name: "New transaction" });
    await add.getByLabel("Description").fill("Typed before Escape");
    await page.keyboard.press("Escape");
    await expect(add).toBeHidden();
    await expect(page.getByTestId("add-transaction").locator("summary")).toBeFocused();
    await disclose(page, "Add transaction");
    await expect(add.getByLabel("Description")).toHaveValue("Typed before Escape");
  });

  for (const which of ["overview", "accounts", "transactions"] as const) {
    test(`axe finds no serious or critical violation on the ${which} page with data`, async ({ page, request, signedIn }) => {
      const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "100.00", openingDate: "2026-01-01" });
      const usd = await createAccount(request, signedIn, { name: "Interbank", currency: "USD", type: "savings" });
      await addTransactions(request, signedIn, accountId, [
        { date: todayInLima(), description: "Wong", amount: "-20.00" },
        { date: todayInLima(), description: "Sueldo", amount: "1500.00", status: "pending" },
      ]);
      await apiPost(request, signedIn, "/transfers", { fromAccountId: accountId, toAccountId: usd, amount: "37.00", toAmount: "10.00", date: todayInLima() });
      const path = which === "overview" ? "/" : which === "accounts" ? "/accounts" : `/accounts/${accountId}/transactions?edit=`;
      await page.goto(path);
      await hydrated(page);
      // Open every disclosure so the forms are checked too (all at once: opened by a click, the
      // list's tools close each other, ADR 053).
      await page.locator("details").evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)));
      await expect(page.locator("details:not([open])")).toHaveCount(0);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});
