/** Adding, editing and deleting transactions and transfers on an account's list (the camera's link prefills the add form), and what an edit from another tab or an open form meets. */
import type { Page } from "@playwright/test";
import { expect, hydrated, randomIp, test } from "../support/fixtures";
import { todayInLima } from "../support/dates";
import { addTransactions, apiPost, createAccount } from "../support/ledger-api";
import { dollars, soles, solesOutInText } from "../support/money";
import { disclose, escapeRegExp, sameFormInTwoTabs, toast } from "../support/pages";

test.describe("accounts and transactions", () => {
  test("a user adds, edits, deletes and transfers transactions; the overview follows (English)", async ({ page, request, signedIn }) => {
    // A whole journey of many steps: near the 60 s limit on a loaded 2-core machine (seen at 57 s alone), so three times that.
    test.slow();
    await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "1000.00" });
    await createAccount(request, signedIn, { name: "Interbank Dólares", type: "savings", currency: "USD", openingBalance: "200.00" });
    await page.goto("/accounts");
    await hydrated(page);
    await page.getByRole("link", { name: "Transactions of BCP Soles" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transactions of BCP Soles");
    await expect(page.getByTestId("transactions-empty")).toBeVisible();

    // Add.
    await disclose(page, "Add transaction");
    const add = page.getByRole("form", { name: "New transaction" });
    await expect(add.getByLabel("Date")).toHaveValue(todayInLima());
    await add.getByLabel("Description").fill("Wong San Isidro");
    await add.getByLabel("Amount (PEN)").fill("-85.40");
    await add.getByLabel("Category").selectOption({ label: "Groceries" });
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(toast(page, "Transaction added.")).toBeVisible();
    const wong = page.getByTestId("transaction-row").filter({ hasText: "Wong San Isidro" });
    await expect(wong.getByTestId("amount")).toHaveText(`-${soles("85.40")}`);
    await expect(wong).toContainText("Groceries");
    await expect(page.getByTestId("account-balance")).toContainText(soles("914.60"));

    // A second, identical-looking add is a new transaction (a fresh idempotency key per form instance).
    await disclose(page, "Add transaction");
    await add.getByLabel("Description").fill("Café Tostado");
    await add.getByLabel("Amount (PEN)").fill("-12.50");
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Café Tostado" })).toHaveCount(1);

    // Errors beside the fields, in the user's language, nothing typed lost: every field's problem
    // in one submit, the amount's precision for the account's currency included.
    const headers = { Authorization: `Bearer ${signedIn.token}` };
    const fleeting = (await (await request.post("/api/v1/categories", { headers, data: { name: "Fleeting" } })).json()).category as { id: string };
    await page.reload();
    await disclose(page, "Add transaction");
    await add.getByLabel("Description").fill("");
    await add.getByLabel("Amount (PEN)").fill("1.234");
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(add.getByText("This field is required.")).toBeVisible();
    // "1.234" may be thousands written with a point: the message says how to write them.
    await expect(add.getByText("This currency takes at most 2 decimal places. Writing thousands? Use a comma (12,345) or no separator (12345).", { exact: true })).toBeVisible();
    await add.getByLabel("Description").fill("Too precise");
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(add.getByText("This currency takes at most 2 decimal places. Writing thousands? Use a comma (12,345) or no separator (12345).", { exact: true })).toBeVisible();
    await expect(add.getByText("This field is required.")).toHaveCount(0);
    // Figures that are no amount in any of the app's formats are named as such (a decimal comma is
    // one of them since issue 35: money-in-out.spec.ts).
    await add.getByLabel("Amount (PEN)").fill("-12,5,0");
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(add.getByText("Enter the amount in figures, such as 45.90, 1,234.56 or 1.234,56.")).toBeVisible();
    await expect(add.getByText("This currency takes at most 2 decimal places.")).toHaveCount(0);
    // A rule only the server can check: the category chosen was deleted meanwhile (another tab).
    await add.getByLabel("Amount (PEN)").fill("1.23");
    await add.getByLabel("Category").selectOption({ label: "Fleeting" });
    expect((await request.delete(`/api/v1/categories/${fleeting.id}`, { headers })).ok()).toBe(true);
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(add.getByText("Choose one of your categories.")).toBeVisible();
    await expect(add.getByLabel("Description")).toHaveValue("Too precise");
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
    await expect(toast(page, "Some fields need attention.")).toHaveCount(1);

    // Corrected and sent again: saved, and the failure does not come back over the saved change
    // (the form stays open for the next entry, with no error and no old values), so nobody is led
    // to post it twice.
    await add.getByLabel("Category").selectOption({ label: "Uncategorized" });
    // Money in: a figure without a sign is money out unless the form says otherwise (issue 35).
    await add.getByRole("radio", { name: "Money in" }).check();
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(toast(page, "Transaction added.")).toBeVisible();
    // The refusal's toast goes with the success, well before its own 5 s are up.
    await expect(toast(page, "Some fields need attention.")).toHaveCount(0, { timeout: 2_000 });
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Too precise" })).toHaveCount(1);
    await expect(add).toBeVisible();
    await expect(add.getByLabel("Description")).toHaveValue("");
    await expect(add.getByLabel("Amount (PEN)")).toHaveValue("");
    await expect(add.getByText("This currency takes at most 2 decimal places.")).toHaveCount(0);

    // Edit in place.
    await wong.getByRole("link", { name: "Edit Wong San Isidro" }).click();
    const edit = page.getByRole("form", { name: "Edit Wong San Isidro" });
    await edit.getByLabel("Amount (PEN)").fill("-90.00");
    await edit.getByLabel("Status").selectOption("pending");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Transaction saved.")).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(wong.getByTestId("amount")).toHaveText(`-${soles("90.00")}`);
    await expect(wong).toContainText("Pending");

    // Delete (no question: the toast offers the undo, ADR 053), from the keyboard: the focus moves
    // on to a neighbouring row's delete button instead of falling back to the top of the page.
    await page.getByRole("button", { name: "Delete Café Tostado" }).focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Transaction deleted.")).toBeVisible();
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Café Tostado" })).toHaveCount(0);
    await expect(page.locator(":focus")).toHaveAttribute("aria-label", /^Delete (?!Café Tostado)/);
    await expect(page.getByTestId("account-balance")).toContainText(soles("911.23"));

    // Transfer to the dollar account: both amounts, one atomic operation.
    await disclose(page, "Transfer");
    const transfer = page.getByRole("form", { name: "Transfer between your accounts" });
    await transfer.getByLabel("To account").selectOption({ label: "Interbank Dólares (USD)" });
    await transfer.getByLabel("Amount (PEN)").fill("100.00");
    await transfer.getByRole("button", { name: "Transfer", exact: true }).click();
    await expect(transfer.getByText("The accounts use different currencies: enter the amount received too.")).toBeVisible();
    // A rule only the server checks puts focus on its field, as the browser's own checks do.
    // Named in the other account's currency, and asked for, once that account is chosen.
    const received = transfer.getByLabel("Amount received (USD)");
    await expect(received).toBeFocused();
    await expect(received).toHaveAttribute("required", "");
    await expect(received).toHaveAccessibleDescription(/What Interbank Dólares receives, in USD: its currency is not this account's\./);
    await received.fill("27.00");
    // A transfer can wait to clear, and carry notes, like any transaction.
    await transfer.getByLabel("Status").selectOption({ label: "Pending" });
    await transfer.getByLabel("Notes (optional)").fill("Ahorro de noviembre");
    await transfer.getByRole("button", { name: "Transfer", exact: true }).click();
    await expect(toast(page, "Transfer saved.")).toBeVisible();
    await expect(transfer).toBeHidden();
    await disclose(page, "Transfer");
    await expect(transfer.getByLabel("Amount (PEN)")).toHaveValue("");
    await expect(transfer.getByLabel("Notes (optional)")).toHaveValue("");
    await expect(transfer.getByText("The accounts use different currencies: enter the amount received too.")).toHaveCount(0);
    const leg = page.getByTestId("transaction-row").filter({ hasText: "Transfer to Interbank Dólares" });
    await expect(leg.getByTestId("amount")).toHaveText(`-${soles("100.00")}`);
    await expect(leg).toContainText("Pending");
    await expect(leg.getByTestId("notes")).toHaveText("Ahorro de noviembre");
    const legs = await request.get(`/api/v1${new URL(page.url()).pathname}?q=Ahorro`, { headers: { Authorization: `Bearer ${signedIn.token}` } });
    // Left blank, the description names the accounts (the same in every language), not "Transfer".
    expect((await legs.json()).transactions).toMatchObject([{ description: "BCP Soles → Interbank Dólares", amount: "-100.00", status: "pending", notes: "Ahorro de noviembre" }]);
    await expect(page.getByTestId("account-balance")).toContainText(soles("811.23"));
    // Its edit form says what follows on the other leg, and where the dollars received are edited.
    await leg.getByRole("link", { name: /^Edit BCP Soles → Interbank Dólares/ }).click();
    const legNote = "One side of a transfer with Interbank Dólares: a new date changes its other side too. The other side's amount, in USD, is edited on that account's page.";
    await expect(page.getByTestId("transfer-leg-note")).toHaveText(legNote);
    // The date field, which has focus as the form opens, and the amount read it to a screen reader.
    const legForm = page.getByRole("form", { name: "Edit BCP Soles → Interbank Dólares" });
    await expect(legForm.getByLabel("Date")).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(legNote)}`));
    await expect(legForm.getByLabel("Amount (PEN)")).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(legNote)}`));
    // The way its money goes is the transfer's: shown, not offered (switching it was refused on save).
    await expect(legForm.getByRole("radio", { name: "Money out" })).toBeChecked();
    await expect(legForm.getByRole("radio", { name: "Money out" })).toBeDisabled();
    await expect(legForm.getByRole("radio", { name: "Money in" })).toBeDisabled();
    await page.getByRole("form", { name: "Edit BCP Soles → Interbank Dólares" }).getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByTestId("transfer-leg-note")).toHaveCount(0);
    // A plain transaction's form has no such note.
    await wong.getByRole("link", { name: /^Edit Wong/ }).click();
    await expect(page.getByRole("form", { name: "Edit Wong San Isidro" })).toBeVisible();
    await expect(page.getByTestId("transfer-leg-note")).toHaveCount(0);
    await page.getByRole("form", { name: "Edit Wong San Isidro" }).getByRole("link", { name: "Cancel" }).click();

    // The overview: balances per currency, this month's flows (transfers left out), the latest transactions.
    await page.getByRole("link", { name: "Overview" }).click();
    await expect(page.getByTestId("balances")).toContainText(soles("811.23"));
    await expect(page.getByTestId("balances")).toContainText(dollars("227.00"));
    await expect(page.getByTestId("month-PEN")).toContainText(`-${soles("90.00")}`);
    await expect(page.getByTestId("spending-PEN")).toContainText("Groceries");
    // The header and three movements: the transfer once, as its leg out (ADR 054), not both legs.
    await expect(page.getByTestId("recent").getByRole("row")).toHaveCount(4);
    await expect(page.getByTestId("recent-transfer")).toHaveCount(1);
    await expect(page.getByTestId("recent-transfer")).toContainText("BCP Soles → Interbank Dólares");

    // With transactions, an account's currency is locked.
    await page.goto("/accounts?edit=" + (await page.getByRole("link", { name: "BCP Soles" }).first().getAttribute("href"))!.split("/")[2]);
    await expect(page.getByRole("form", { name: "Edit BCP Soles" }).getByLabel("Currency")).toBeDisabled();

  });

  test("an edit from an older copy (another tab) is refused with the reason, and the other tab's change stays; a transfer into an archived account cannot be deleted, and its row says it is locked", async ({ page, request, signedIn }) => {
    const solesId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "1000.00", openingDate: "2026-01-01" });
    const usdId = await createAccount(request, signedIn, { name: "BBVA Dólares", currency: "USD", openingBalance: "100.00", openingDate: "2026-01-01" });
    await addTransactions(request, signedIn, solesId, [{ date: todayInLima(), description: "Groceries Wong", amount: "-45.90" }]);
    await apiPost(request, signedIn, "/transfers", { fromAccountId: solesId, toAccountId: usdId, amount: "370.00", toAmount: "100.00", date: todayInLima(), description: "Ahorro" });
    const rowId = async (target: Page, description: string) => (await target.getByTestId("transaction-row").filter({ hasText: description }).getAttribute("data-id"))!;

    await page.goto(`/accounts/${solesId}/transactions`);
    await hydrated(page);
    const id = await rowId(page, "Groceries Wong");
    const other = await sameFormInTwoTabs(page, `/accounts/${solesId}/transactions?edit=${id}`);
    // The other tab corrects the amount…
    const otherEdit = other.getByRole("form", { name: "Edit Groceries Wong" });
    await otherEdit.getByLabel("Amount (PEN)").fill("-54.90");
    await otherEdit.getByRole("button", { name: "Save" }).click();
    await expect(toast(other, "Transaction saved.")).toBeVisible();
    await other.close();
    // …then this one, still showing -45.90, adds a note.
    const edit = page.getByRole("form", { name: "Edit Groceries Wong" });
    await expect(edit.getByLabel("Amount (PEN)")).toHaveValue("45.90");
    await expect(edit.getByRole("radio", { name: "Money out" })).toBeChecked();
    await edit.getByLabel("Notes (optional)").fill("split with Ana");
    await edit.getByRole("button", { name: "Save" }).click();
    const reason = "This transaction was changed elsewhere (in another tab or on another device) after you opened this form.";
    await expect(edit.getByRole("alert").filter({ hasText: reason })).toBeVisible();
    const row = page.getByTestId("transaction-row").filter({ hasText: "Groceries Wong" });
    await expect(row.getByTestId("amount")).toHaveText(`-${soles("54.90")}`);
    // The form drawn again with the reloaded list does not toast the same answer twice.
    await expect(toast(page, reason)).toHaveCount(1);
    // Saving again, having seen the reason, replaces it with what this form holds.
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Transaction saved.")).toBeVisible();
    await expect(row.getByTestId("amount")).toHaveText(`-${soles("45.90")}`);
    await expect(row.getByTestId("notes")).toHaveText("split with Ana");

    // The dollar account is archived while this page shows the transfer: its side here cannot be
    // deleted, nothing moves, and the reloaded row no longer offers what would be refused.
    await page.goto(`/accounts/${solesId}/transactions`);
    await hydrated(page);
    expect((await request.patch(`/api/v1/accounts/${usdId}`, { data: { archived: true }, headers: { Authorization: `Bearer ${signedIn.token}`, "CF-Connecting-IP": randomIp() } })).status()).toBe(200);
    await page.getByRole("button", { name: "Delete Ahorro" }).click();
    await expect(toast(page, "The other side of this transfer is in BBVA Dólares, which is archived.")).toBeVisible();
    const transfer = page.getByTestId("transaction-row").filter({ hasText: "Ahorro" });
    await expect(transfer).toHaveCount(1);
    await expect(transfer).toContainText("Transfer to BBVA Dólares · archived");
    await expect(transfer.getByRole("img", { name: "Locked: BBVA Dólares is archived. Restore it on the Accounts page to change or delete this transfer." })).toBeVisible();
    await expect(transfer.getByRole("button", { name: /^Delete / })).toHaveCount(0);
    await expect(transfer.getByRole("link", { name: /^Edit / })).toHaveCount(0);
    // The other rows keep theirs, and a link to the locked row's edit form opens nothing.
    await expect(page.getByRole("button", { name: /^Delete Groceries Wong/ })).toBeVisible();
    const transferId = (await transfer.getAttribute("data-id"))!;
    await page.goto(`/accounts/${solesId}/transactions?edit=${transferId}`);
    await expect(page.getByRole("form", { name: /^Edit / })).toHaveCount(0);
    await page.goto(`/accounts/${solesId}/transactions?confirmDelete=${transferId}`);
    await expect(page.getByTestId("delete-question")).toHaveCount(0);

    // The archived account's own list offers no change that could only be refused, and says why.
    const usdLegId = (await (await request.get(`/api/v1/accounts/${usdId}/transactions`, { headers: { Authorization: `Bearer ${signedIn.token}` } })).json()).transactions[0].id as string;
    await page.goto(`/accounts/${usdId}/transactions?edit=${usdLegId}`);
    await expect(page.getByText("This account is archived: restore it on the Accounts page to add, change or delete its transactions.")).toBeVisible();
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Delete / })).toHaveCount(0);
    await expect(page.getByRole("form", { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
    // Nor the question a delete without JavaScript asks first.
    await page.goto(`/accounts/${usdId}/transactions?confirmDelete=${usdLegId}`);
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.getByTestId("delete-question")).toHaveCount(0);
  });

  test("what is typed in an open form stays when another row is deleted or another account archived, and Back leaves the list in one press", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "500.00", openingDate: "2026-01-01" });
    await createAccount(request, signedIn, { name: "Caja chica", type: "cash", openingBalance: "20.00", openingDate: "2026-01-01" });
    await addTransactions(request, signedIn, accountId, [
      { date: "2026-03-01", description: "Café Tostado", amount: "-12.50" },
      { date: "2026-03-02", description: "Wong San Isidro", amount: "-85.40" },
      { date: "2026-03-03", description: "Rappi", amount: "-30.00" },
    ]);
    await page.goto("/accounts");
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    // Café's edit form open, with a note typed; the add form open, half filled.
    await page.goto(`/accounts/${accountId}/transactions?edit=${(await page.getByTestId("transaction-row").filter({ hasText: "Café Tostado" }).getAttribute("data-id"))!}`);
    await hydrated(page);
    const edit = page.getByRole("form", { name: "Edit Café Tostado" });
    await edit.getByLabel("Notes (optional)").fill("con Ana");
    await disclose(page, "Add transaction");
    const add = page.getByRole("form", { name: "New transaction" });
    await add.getByLabel("Description").fill("Plaza Vea");
    await add.getByLabel("Amount (PEN)").fill("-40.00");
    const entries = await page.evaluate(() => history.length);
    // Another row goes.
    await page.getByRole("button", { name: /^Delete Rappi/ }).click();
    await expect(toast(page, "Transaction deleted.")).toBeVisible();
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
    await expect(edit.getByLabel("Notes (optional)")).toHaveValue("con Ana");
    await expect(add.getByLabel("Description")).toHaveValue("Plaza Vea");
    await expect(add.getByLabel("Amount (PEN)")).toHaveValue("-40.00");
    // The add is saved: its form starts empty again; the edit form keeps its note.
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(toast(page, "Transaction added.")).toBeVisible();
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Plaza Vea" })).toHaveCount(1);
    await expect(edit.getByLabel("Notes (optional)")).toHaveValue("con Ana");
    await disclose(page, "Add transaction");
    await expect(add.getByLabel("Description")).toHaveValue("");
    // Neither answer added a history entry: one Back leaves the list.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await expect(page).toHaveURL(/\/accounts\/[^/]+\/transactions\?edit=/);
    await page.goBack();
    await expect(page).toHaveURL(/\/accounts\/[^/]+\/transactions$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/accounts$/);

    // An edit of a row deleted meanwhile elsewhere says so, and the list comes back without it.
    await page.goto(`/accounts/${accountId}/transactions`);
    const wong = page.getByTestId("transaction-row").filter({ hasText: "Wong San Isidro" });
    const wongId = (await wong.getAttribute("data-id"))!;
    await page.goto(`/accounts/${accountId}/transactions?edit=${wongId}`);
    await hydrated(page);
    expect((await request.delete(`/api/v1/transactions/${wongId}`, { headers: { Authorization: `Bearer ${signedIn.token}` } })).status()).toBe(200);
    const wongEdit = page.getByRole("form", { name: "Edit Wong San Isidro" });
    await wongEdit.getByLabel("Notes (optional)").fill("otra nota");
    await wongEdit.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "That transaction was deleted elsewhere (in another tab or on another device), so the change was not saved.")).toBeVisible();
    await expect(wong).toHaveCount(0);
    await expect(wongEdit).toHaveCount(0);

    // Accounts: a new account half typed survives another account's archive.
    await page.goto("/accounts");
    await hydrated(page);
    await disclose(page, "New account");
    const create = page.getByRole("form", { name: "New account" });
    await create.getByLabel("Name").fill("Yape");
    const cajaChica = page.getByTestId("account-card").filter({ hasText: "Caja chica" });
    // It holds money, so archiving asks first (ADR 086).
    await cajaChica.getByTestId("archive-question").locator("summary").click();
    await cajaChica.getByRole("button", { name: "Yes, archive it" }).click();
    await expect(toast(page, "Account archived.")).toBeVisible();
    await expect(create.getByLabel("Name")).toHaveValue("Yape");
  });

  test("the camera's link opens the add form prefilled", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "Yape", type: "wallet" });
    const query = new URLSearchParams({ new: "1", description: "Pago a Bodega Don Pepe", amount: "-12.50", payee: "Bodega Don Pepe", date: "2026-11-02" });
    await page.goto(`/accounts/${accountId}/transactions?${query}`);
    await hydrated(page);
    const add = page.getByRole("form", { name: "New transaction" });
    await expect(add).toBeVisible();
    await expect(add.getByLabel("Description")).toHaveValue("Pago a Bodega Don Pepe");
    await expect(add.getByLabel("Amount (PEN)")).toHaveValue("-12.50");
    await expect(add.getByLabel("Payee (optional)")).toHaveValue("Bodega Don Pepe");
    await expect(add.getByLabel("Date")).toHaveValue("2026-11-02");
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(toast(page, "Transaction added.")).toBeVisible();
    // The add form stays open for the next entry (issue 35), the camera's values gone.
    await expect(page).toHaveURL(new RegExp(`/accounts/${accountId}/transactions\\?new=1&saved=[^&]+$`));
    await expect(add.getByLabel("Description")).toHaveValue("");
    await expect(page.getByTestId("transaction-row")).toContainText("Bodega Don Pepe");
  });

  test("rows with the same description are told apart by their actions' names and the delete question", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "100.00", openingDate: "2026-01-01" });
    await addTransactions(request, signedIn, accountId, [
      { date: "2026-11-03", description: "Café Tostado", amount: "-8.50" },
      { date: "2026-11-04", description: "Café Tostado", amount: "-12.00" },
    ]);
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    const first = `Café Tostado (Nov 3, 2026, ${solesOutInText("8.50")})`;
    const second = `Café Tostado (Nov 4, 2026, ${solesOutInText("12.00")})`;
    for (const name of [first, second]) {
      await expect(page.getByRole("link", { name: `Edit ${name}`, exact: true })).toHaveCount(1);
      await expect(page.getByRole("button", { name: `Delete ${name}`, exact: true })).toHaveCount(1);
    }
    // The undo toast names the row too, so a slip of the pointer shows, and is undone, before it matters.
    await page.getByRole("button", { name: `Delete ${second}`, exact: true }).click();
    const undo = page.getByTestId("undo-toast");
    await expect(undo).toContainText(`“Café Tostado” (Nov 4, 2026, ${solesOutInText("12.00")})`);
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await undo.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
    await expect(page.getByRole("button", { name: `Delete ${second}`, exact: true })).toHaveCount(1);
  });
});
