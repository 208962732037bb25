/** An account's list of transactions: filters in the URL with their totals, and keyset pagination. */
import { expect, hydrated, randomIp, test } from "../support/fixtures";
import { addTransactions, createAccount } from "../support/ledger-api";
import { soles } from "../support/money";
import { disclose } from "../support/pages";

test.describe("accounts and transactions", () => {
  test("filters live in the URL, the back button works, and totals cover the filtered set", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "500.00", openingDate: "2026-01-01" });
    const groceries = (await (await request.get("/api/v1/categories", { headers: { Authorization: `Bearer ${signedIn.token}` } })).json()).categories.find((c: { defaultKey: string }) => c.defaultKey === "groceries").id as string;
    await addTransactions(request, signedIn, accountId, [
      { date: "2026-03-01", description: "Café Tostado", amount: "-12.50" },
      { date: "2026-03-02", description: "Wong San Isidro", amount: "-85.40", categoryId: groceries },
      { date: "2026-03-03", description: "Sueldo", amount: "3000.00", status: "pending" },
      { date: "2026-03-04", description: "Cafe de la esquina", amount: "-7.00" },
    ]);
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    await expect(page.getByTestId("transaction-row")).toHaveCount(4);
    await expect(page.getByTestId("transaction-row").first()).toContainText("Cafe de la esquina");
    // Running balance after each row (newest first).
    await expect(page.getByTestId("transaction-row").first()).toContainText(soles("3,395.10"));

    await disclose(page, "Filters");
    await page.getByLabel("Search").fill("cafe");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`/accounts/${accountId}/transactions\\?q=cafe`));
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
    await expect(page.getByTestId("total-out")).toHaveText(`-${soles("19.50")}`);
    await expect(page.getByRole("table", { name: "Transactions of BCP Soles, filtered" })).toBeVisible();

    await page.goBack();
    await expect(page.getByTestId("transaction-row")).toHaveCount(4);
    await page.goForward();
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
    // Cleared, the filters close; the keyboard goes on from their summary, not the top of the page.
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(4);
    await expect(page.locator("#filters-toggle")).toBeFocused();

    // A shared link opens the same view.
    await page.goto(`/accounts/${accountId}/transactions?category=${groceries}`);
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.locator("#filter-category")).toHaveValue(groceries);
    await page.goto(`/accounts/${accountId}/transactions?status=pending`);
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.getByTestId("total-in")).toHaveText(`+${soles("3,000.00")}`);
    await page.goto(`/accounts/${accountId}/transactions?min=-100&max=-10&from=2026-03-01&to=2026-03-31`);
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
    // Symbols alone are not a search: said beside the field, not answered with every row.
    await page.goto(`/accounts/${accountId}/transactions?q=%25`);
    await expect(page.getByText("Search with letters or numbers: symbols alone are not searched.")).toBeVisible();
    await expect(page.getByLabel("Search")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("transaction-row")).toHaveCount(0);

    // Sort by amount from the column header (a link: keyboard and back button work).
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    await page.getByRole("link", { name: "Amount" }).click();
    await expect(page).toHaveURL(/sort=amount&order=desc/);
    await expect(page.getByTestId("transaction-row").first()).toContainText("Sueldo");
    await expect(page.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "descending");

    // A filter the API refuses is shown beside the field, not as a crash.
    await page.goto(`/accounts/${accountId}/transactions?from=2026-03-10&to=2026-03-01`);
    await expect(page.getByText("The start date must not be after the end date.")).toBeVisible();
    // A day that does not exist stays in view beside its error (a date picker would drop it).
    await page.goto(`/accounts/${accountId}/transactions?from=2026-13-45`);
    await expect(page.getByText("Enter a real date as YYYY-MM-DD.")).toBeVisible();
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-13-45");
  });

  test("keyset pagination walks every page once, forward and back", async ({ page, request, signedIn }) => {
    // A whole journey of many steps: near the 60 s limit on a loaded 2-core machine (seen at 57 s alone), so three times that.
    test.slow();
    const accountId = await createAccount(request, signedIn, { name: "Efectivo", type: "cash" });
    const rows = Array.from({ length: 120 }, (_, i) => ({ date: `2026-02-${String((i % 28) + 1).padStart(2, "0")}`, description: `Row ${i + 1}`, amount: "-1.00" }));
    await addTransactions(request, signedIn, accountId, rows);
    const table = page.getByTestId("transaction-row");
    // What a page shows: each row's description and running balance, in order.
    const shown = () => table.evaluateAll((trs) => trs.map((tr) => `${tr.querySelector("th")?.textContent} ${tr.querySelectorAll("td")[3]?.textContent}`));
    const link = (name: string) => page.getByRole("link", { name, exact: true });

    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    await expect(table).toHaveCount(50);
    await expect(page.getByTestId("totals")).toContainText("120 transactions");
    await expect(link("Previous page")).toHaveCount(0);
    const first = await shown();
    await link("Next page").click();
    await expect(page.getByText("Page 2 of 3", { exact: true })).toBeVisible();
    await expect(table).toHaveCount(50);
    // The previous page is the first: one way back, no separate "First page".
    await expect(link("First page")).toHaveCount(0);
    const second = await shown();
    expect(second.filter((row) => first.includes(row))).toEqual([]);
    await link("Next page").click();
    await expect(page.getByText("Page 3 of 3", { exact: true })).toBeVisible();
    await expect(table).toHaveCount(20);
    await expect(link("Next page")).toHaveCount(0);
    const third = await shown();
    expect(new Set([...first, ...second, ...third]).size).toBe(120);

    // Back, page by page: the same rows with the same running balances.
    await link("Previous page").click();
    await expect(page.getByText("Page 2 of 3", { exact: true })).toBeVisible();
    await expect(table).toHaveCount(50);
    expect(await shown()).toEqual(second);
    await link("Previous page").click();
    await expect(page.getByText("Page 1 of 3", { exact: true })).toBeVisible();
    expect(await shown()).toEqual(first);
    await expect(link("Previous page")).toHaveCount(0);

    // From the third page, "First page" goes straight to the start.
    await link("Next page").click();
    await expect(page.getByText("Page 2 of 3", { exact: true })).toBeVisible();
    await link("Next page").click();
    await expect(page.getByText("Page 3 of 3", { exact: true })).toBeVisible();
    await link("First page").click();
    await expect(page.getByText("Page 1 of 3", { exact: true })).toBeVisible();
    expect(await shown()).toEqual(first);

    // A later page whose rows are gone says so and leads back: it is not an empty account.
    await link("Next page").click();
    await expect(page.getByText("Page 2 of 3", { exact: true })).toBeVisible();
    await link("Next page").click();
    await expect(page.getByText("Page 3 of 3", { exact: true })).toBeVisible();
    const gone = await table.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-id")!));
    for (const id of gone) {
      const deleted = await request.delete(`/api/v1/transactions/${id}`, { headers: { Authorization: `Bearer ${signedIn.token}`, "Idempotency-Key": crypto.randomUUID(), "CF-Connecting-IP": randomIp() } });
      expect(deleted.status()).toBe(200);
    }
    await page.reload();
    await expect(page.getByTestId("transactions-empty")).toHaveText("No transactions on this page any more. Go to the previous page or the first one.");
    await expect(link("Previous page")).toBeVisible();
    // The page number is only a label: without a cursor the page is the first, whatever the address says.
    await page.goto(`/accounts/${accountId}/transactions?page=7`);
    await expect(page.getByText("Page 1 of 2", { exact: true })).toBeVisible();
  });
});
