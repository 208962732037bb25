/** The transaction form's rules about transfers (the amount received, whose account) and dates (before the opening date, after today). */
import { createUser, expect, hydrated, test } from "../support/fixtures";
import { addTransactions, createAccount } from "../support/ledger-api";
import { soles } from "../support/money";
import { disclose, toast } from "../support/pages";

test.describe("accounts and transactions", () => {
  test("the amount received is off while the chosen account shares the currency, so one typed for another account is not sent", async ({ page, request, signedIn }) => {
    const fromId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "500.00" });
    const toId = await createAccount(request, signedIn, { name: "Caja Soles", type: "cash" });
    await createAccount(request, signedIn, { name: "Dólares", currency: "USD" });
    await page.goto(`/accounts/${fromId}/transactions`);
    await hydrated(page);
    await disclose(page, "Transfer");
    const transfer = page.getByRole("form", { name: "Transfer between your accounts" });
    await transfer.getByLabel("To account").selectOption({ label: "Dólares (USD)" });
    await transfer.getByLabel("Amount (PEN)").fill("10.00");
    await transfer.getByLabel("Amount received (USD)").fill("2.70");
    await transfer.getByLabel("To account").selectOption({ label: "Caja Soles (PEN)" });
    await expect(transfer.getByLabel("Amount received (optional)")).toBeDisabled();
    await transfer.getByRole("button", { name: "Transfer", exact: true }).click();
    await expect(toast(page, "Transfer saved.")).toBeVisible();
    // The form closed: focus is on what opens it again, not at the top of the page.
    await expect(page.getByTestId("transfer").locator("summary")).toBeFocused();
    const account = async (id: string) => (await (await request.get(`/api/v1/accounts/${id}`, { headers: { Authorization: `Bearer ${signedIn.token}` } })).json()).account;
    expect((await account(toId)).balance).toBe("10.00");
    // Chosen again, the other currency's account asks for it.
    await disclose(page, "Transfer");
    await transfer.getByLabel("To account").selectOption({ label: "Dólares (USD)" });
    await expect(transfer.getByLabel("Amount received (USD)")).toBeEnabled();
  });

  test("a transfer to an account that is not the user's asks for one of theirs, not to try again", async ({ page, request, signedIn }) => {
    const fromId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "500.00" });
    await createAccount(request, signedIn, { name: "Caja Soles", type: "cash" });
    const stranger = await createUser(request);
    const theirs = await createAccount(request, stranger, { name: "Ajena" });
    await page.goto(`/accounts/${fromId}/transactions`);
    await hydrated(page);
    await disclose(page, "Transfer");
    const transfer = page.getByRole("form", { name: "Transfer between your accounts" });
    const to = transfer.getByLabel("To account");
    await to.selectOption({ label: "Caja Soles (PEN)" });
    // An edited form (or a list older than the account), sending an id that is not the user's.
    await to.locator("option:checked").evaluate((option, id) => option.setAttribute("value", id), theirs);
    await transfer.getByLabel("Amount (PEN)").fill("10.00");
    await transfer.getByRole("button", { name: "Transfer", exact: true }).click();
    await expect(to).toHaveAccessibleDescription("Choose one of your accounts.");
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    const account = async (id: string, user: { token: string }) => (await (await request.get(`/api/v1/accounts/${id}`, { headers: { Authorization: `Bearer ${user.token}` } })).json()).account;
    expect((await account(fromId, signedIn)).balance).toBe("500.00");
    expect((await account(theirs, stranger)).balance).toBe("0.00");
  });

  test("a day before the account's opening date is allowed, and the date field says the opening balance may already count it", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "500.00", openingDate: "2026-03-01" });
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    await disclose(page, "Add transaction");
    const add = page.getByRole("form", { name: "New transaction" });
    const date = add.getByLabel("Date");
    const hint = "This is before the account's opening date (Mar 1, 2026): its opening balance may already include this transaction.";
    await expect(add.getByText(hint)).toHaveCount(0);
    await date.fill("2026-02-28");
    await expect(date).toHaveAccessibleDescription(hint);
    await date.fill("2026-03-01");
    await expect(add.getByText(hint)).toHaveCount(0);
    await date.fill("2026-02-28");
    await add.getByLabel("Description").fill("Saldo anterior");
    await add.getByLabel("Amount (PEN)").fill("-20.00");
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(toast(page, "Transaction added.")).toBeVisible();
    await expect(page.getByTestId("account-balance")).toContainText(soles("480.00"));
    // Its edit form says the same from the start.
    const row = page.getByTestId("transaction-row").filter({ hasText: "Saldo anterior" });
    await page.goto(`/accounts/${accountId}/transactions?edit=${await row.getAttribute("data-id")}`);
    await expect(page.getByRole("form", { name: "Edit Saldo anterior" }).getByLabel("Date")).toHaveAccessibleDescription(hint);
  });

  test("a transaction dated after today counts in the balance and says it is a future date, on the list and the overview", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "Yape", type: "wallet", openingBalance: "60.30" });
    // Forty days on is after today in any time zone.
    const ahead = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await addTransactions(request, signedIn, accountId, [
      { date: "2026-11-01", description: "Menú", amount: "-10.00" },
      { date: ahead, description: "Alquiler diciembre", amount: "-50.00", status: "pending" },
    ]);
    await page.goto(`/accounts/${accountId}/transactions`);
    const rows = page.getByTestId("transaction-row");
    await expect(rows.filter({ hasText: "Alquiler diciembre" })).toContainText("Future date");
    await expect(rows.filter({ hasText: "Menú" })).not.toContainText("Future date");
    await expect(rows.filter({ hasText: "Alquiler diciembre" })).toContainText(soles("0.30"));
    await page.goto("/");
    const recent = page.getByTestId("recent").getByRole("row").filter({ hasText: "Alquiler diciembre" });
    await expect(recent).toContainText("Future date");
  });
});
