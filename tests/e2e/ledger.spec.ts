/**
 * The ledger pages (issue 4): overview, accounts, transactions. Each test makes its own user, so
 * they run in parallel; data a test is not about is created through the API to keep it short.
 */
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { createUser, expect, hydrated, randomIp, signInAs, test, type TestUser } from "./fixtures";

const NBSP = "\u00a0";
const soles = (text: string) => `S/${NBSP}${text}`;
/** Money out as a label or the delete question writes it: a word joiner keeps the minus with its figure (formatSignedMoneyInText). */
const solesOutInText = (text: string) => `-\u2060${soles(text)}`;
const dollars = (text: string) => `US$${NBSP}${text}`;

function todayInLima(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Lima", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

async function apiPost<T>(request: APIRequestContext, user: TestUser, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data, headers: { Authorization: `Bearer ${user.token}`, "CF-Connecting-IP": randomIp() } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

async function createAccount(request: APIRequestContext, user: TestUser, body: Record<string, string>) {
  const { account } = await apiPost<{ account: { id: string } }>(request, user, "/accounts", { type: "checking", currency: "PEN", openingBalance: "0.00", ...body });
  return account.id;
}

async function addTransactions(request: APIRequestContext, user: TestUser, accountId: string, rows: Array<Record<string, string>>) {
  for (const row of rows) await apiPost(request, user, `/accounts/${accountId}/transactions`, row);
}

/** Opens a disclosure (<details>) by its summary text, unless it is open already. */
async function disclose(page: Page, name: string) {
  const details = page.locator("details").filter({ has: page.locator("summary", { hasText: new RegExp(`^${name}$`) }) }).first();
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.locator("summary").click();
}

/**
 * A form that Escape must leave open. Closing is a client-side navigation that commits a few
 * milliseconds after the key, so "still visible" right away would pass either way: the check waits
 * longer than that navigation takes before it looks (asserting that something did not happen).
 */
async function stillOpenAfterEscape(page: Page, form: Locator) {
  await page.waitForTimeout(400);
  await expect(form).toBeVisible();
}

/** The same edit form open here and in a second tab (ADR 035's "another tab"): the second tab. */
async function sameFormInTwoTabs(page: Page, address: string): Promise<Page> {
  await page.goto(address);
  await hydrated(page);
  const other = await page.context().newPage();
  await other.goto(address);
  await hydrated(other);
  return other;
}

function toast(page: Page, text: string) {
  return page.getByTestId("toast").filter({ hasText: text });
}

/**
 * The delay a control's tooltip fades in with after `act`, read in the page when that fade-in is
 * created (transitionrun). Read after `act` returns, it could come after the tooltip has appeared,
 * which warms the page and so turns the delay to 0 s (seen on a busy CI machine).
 */
async function fadeInDelay(control: Locator, act: () => Promise<void>): Promise<string> {
  type Watched = HTMLElement & { fadeInDelay?: Promise<string> };
  await control.evaluate((element: Watched) => {
    element.fadeInDelay = new Promise((resolve) => {
      element.addEventListener("transitionrun", function created(event) {
        if (event.pseudoElement !== "::after" || event.propertyName !== "opacity" || !element.matches(":hover, :focus-visible")) return;
        element.removeEventListener("transitionrun", created);
        resolve(getComputedStyle(element, "::after").transitionDelay);
      });
    });
  });
  await act();
  return control.evaluate((element: Watched) => element.fadeInDelay!);
}

/** A page in Spanish (Accept-Language), signed in as `user`. */
async function spanishPage(browser: Browser, baseURL: string, user: TestUser) {
  const context = await browser.newContext({ baseURL, locale: "es-PE", extraHTTPHeaders: { "Accept-Language": "es-PE,es;q=0.9", "CF-Connecting-IP": randomIp() } });
  const page = await context.newPage();
  await signInAs(page, user, baseURL);
  return { page, context };
}

test.describe("accounts and transactions", () => {
  test("a user creates, edits, archives and restores accounts (English)", async ({ page, signedIn }) => {
    void signedIn;
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByTestId("overview-empty")).toBeVisible();
    await page.getByRole("link", { name: "Create your first account" }).click();

    // With no account yet the form is open.
    const newAccount = page.getByRole("form", { name: "New account" });
    await newAccount.getByLabel("Name").fill("BCP Soles");
    await newAccount.getByLabel("Opening balance").fill("1,000.00");
    await newAccount.getByRole("button", { name: "Create account" }).click();
    await expect(toast(page, "Account created.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "BCP Soles", level: 3 })).toBeVisible();

    await disclose(page, "New account");
    await newAccount.getByLabel("Name").fill("Interbank Dólares");
    await newAccount.getByLabel("Type").selectOption("savings");
    // Each currency is named, the code first: 159 bare codes were hard to pick from.
    await expect(newAccount.getByLabel("Currency").locator('option[value="PEN"]')).toHaveText("PEN · Peruvian Sol");
    await newAccount.getByLabel("Currency").selectOption("USD");
    await newAccount.getByLabel("Opening balance").fill("200.001");
    await newAccount.getByRole("button", { name: "Create account" }).click();
    await expect(newAccount.getByText("This currency takes at most 2 decimal places.")).toBeVisible();
    await newAccount.getByLabel("Opening balance").fill("200");
    await newAccount.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Interbank Dólares", level: 3 })).toBeVisible();
    // Focus goes on from the new account (its Edit control), wherever its group put it.
    await expect(page.getByRole("link", { name: "Edit Interbank Dólares" })).toBeFocused();
    // The refusal before the success is gone: the form closed, and opened again it is empty.
    await expect(newAccount).toBeHidden();
    await disclose(page, "New account");
    await expect(newAccount.getByLabel("Name")).toHaveValue("");
    await expect(newAccount.getByText("This currency takes at most 2 decimal places.")).toHaveCount(0);
    // The opening balance it starts with suits a currency without decimals too.
    await newAccount.getByLabel("Name").fill("Pesos chilenos");
    await newAccount.getByLabel("Currency").selectOption("CLP");
    await newAccount.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Pesos chilenos", level: 3 })).toBeVisible();
    await expect(page.getByTestId("account-totals")).toContainText("CLP\u00a00");
    // Beside a group's total the code names the currency, once: "PEN S/ 1,000.00", but "CLP 0", not "CLP CLP 0".
    await expect(page.getByTestId("group-checking").getByLabel("Total Checking")).toHaveJSProperty("textContent", `CLP\u00a00PEN ${soles("1,000.00")}`);
    // Totals per currency, never added together.
    await expect(page.getByTestId("account-totals")).toContainText(soles("1,000.00"));
    await expect(page.getByTestId("account-totals")).toContainText(dollars("200.00"));

    // Archive and restore.
    await page.getByRole("button", { name: "Archive Interbank Dólares" }).click();
    await expect(toast(page, "Account archived.")).toBeVisible();
    await expect(page.getByTestId("group-archived")).toContainText("Interbank Dólares");
    // The card moved to the Archived group; focus followed it to its Restore button.
    await expect(page.getByRole("button", { name: "Restore Interbank Dólares" })).toBeFocused();
    await expect(page.getByTestId("account-totals")).not.toContainText("USD");
    await page.getByRole("button", { name: "Restore Interbank Dólares" }).click();
    await expect(toast(page, "Account restored.")).toBeVisible();
    await expect(page.getByTestId("group-archived")).toHaveCount(0);

    // Edit an account.
    await page.getByRole("link", { name: "Edit BCP Soles" }).click();
    const editAccount = page.getByRole("form", { name: "Edit BCP Soles" });
    await expect(editAccount.getByLabel("Currency")).toBeEnabled();
    await editAccount.getByLabel("Name").fill("BCP Sueldo");
    await editAccount.getByLabel("Account number (optional)").fill("191-12345678-0-21");
    await editAccount.getByLabel("CCI (interbank code) (optional)").fill("002-191-112345678021-55");
    await editAccount.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Account saved.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "BCP Sueldo", level: 3 })).toBeVisible();
    // The card shows both codes masked, the CCI named as such; the edit form has them in full.
    const sueldo = page.getByTestId("account-card").filter({ hasText: "BCP Sueldo" });
    const codes = sueldo.locator("p").first();
    await expect(codes.locator('[aria-hidden="true"]')).toHaveText(["•••• 8021", "CCI •••• 2155"]);
    // A screen reader hears the last digits, not four bullets read one by one.
    await expect(codes.locator(".visually-hidden")).toHaveText(["account number ending in 8021", "CCI ending in 2155"]);
    await expect(sueldo).not.toContainText("12345678");

    // With every account archived the overview says so, and leads back to them.
    for (const name of ["BCP Sueldo", "Interbank Dólares", "Pesos chilenos"]) {
      await page.getByRole("button", { name: `Archive ${name}` }).click();
      await expect(page.getByTestId("group-archived")).toContainText(name);
    }
    await page.goto("/");
    const empty = page.getByTestId("overview-empty");
    await expect(empty.getByRole("heading", { name: "No active accounts" })).toBeVisible();
    await expect(empty).toContainText("All your 3 accounts are archived");
    await empty.getByRole("link", { name: "Go to Accounts" }).click();
    await expect(page).toHaveURL("/accounts");
  });

  test("a user adds, edits, deletes and transfers transactions; the overview follows (English)", async ({ page, request, signedIn }) => {
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
    await expect(add.getByText("This currency takes at most 2 decimal places.")).toBeVisible();
    await add.getByLabel("Description").fill("Too precise");
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(add.getByText("This currency takes at most 2 decimal places.")).toBeVisible();
    await expect(add.getByText("This field is required.")).toHaveCount(0);
    // A comma where the decimals belong is named as such (points before decimals, as amounts are shown).
    await add.getByLabel("Amount (PEN)").fill("-12,50");
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(add.getByText("Write decimals after a point, as in 1234.50 (a comma only separates thousands).")).toBeVisible();
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
    // (the form closes; opened again it holds no error and no old values), so nobody is led to
    // post it twice.
    await add.getByLabel("Category").selectOption({ label: "Uncategorised" });
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(toast(page, "Transaction added.")).toBeVisible();
    // The refusal's toast goes with the success, well before its own 5 s are up.
    await expect(toast(page, "Some fields need attention.")).toHaveCount(0, { timeout: 2_000 });
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Too precise" })).toHaveCount(1);
    await expect(add).toBeHidden();
    await disclose(page, "Add transaction");
    await expect(add.getByLabel("Description")).toHaveValue("");
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

    // Delete (with a confirmation), from the keyboard: the focus moves on to a neighbouring row's
    // delete button instead of falling back to the top of the page.
    page.once("dialog", (dialog) => void dialog.accept());
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
    await expect(legForm.getByLabel("Date")).toHaveAccessibleDescription(new RegExp(`^${legNote.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    await expect(legForm.getByLabel("Amount (PEN)")).toHaveAccessibleDescription(new RegExp(`^${legNote.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
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
    await expect(page.getByTestId("recent").getByRole("row")).toHaveCount(5);

    // With transactions, an account's currency is locked.
    await page.goto("/accounts?edit=" + (await page.getByRole("link", { name: "BCP Soles" }).first().getAttribute("href"))!.split("/")[2]);
    await expect(page.getByRole("form", { name: "Edit BCP Soles" }).getByLabel("Currency")).toBeDisabled();

  });

  test("an account edit from an older copy (another tab) is refused with the reason, the cards show the other tab's change, and saving again replaces it", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "1000.00", openingDate: "2026-01-01" });
    const other = await sameFormInTwoTabs(page, `/accounts?edit=${accountId}`);
    // The other tab corrects the opening balance…
    await other.getByRole("form", { name: "Edit BCP Soles" }).getByLabel("Opening balance").fill("1200.00");
    await other.getByRole("form", { name: "Edit BCP Soles" }).getByRole("button", { name: "Save" }).click();
    await expect(toast(other, "Account saved.")).toBeVisible();
    await other.close();
    // …then this one, still showing 1000.00, renames the account.
    const edit = page.getByRole("form", { name: "Edit BCP Soles" });
    await expect(edit.getByLabel("Opening balance")).toHaveValue("1000");
    await edit.getByLabel("Name").fill("BCP Ahorros");
    await edit.getByRole("button", { name: "Save" }).click();
    const reason = "This account was changed elsewhere (in another tab or on another device) after you opened this form.";
    await expect(edit.getByRole("alert").filter({ hasText: reason })).toBeVisible();
    await expect(edit.getByLabel("Name")).toHaveValue("BCP Ahorros");
    const card = page.getByTestId("account-card").filter({ hasText: "BCP Soles" });
    await expect(card).toContainText(soles("1,200.00"));
    // Saving again, having seen the reason, writes what this form holds.
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Account saved.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "BCP Ahorros", level: 3 })).toBeVisible();
    expect((await (await request.get(`/api/v1/accounts/${accountId}`, { headers: { Authorization: `Bearer ${signedIn.token}` } })).json()).account).toMatchObject({ name: "BCP Ahorros", openingBalance: "1000.00", balance: "1000.00" });
  });

  test("a new currency for an account without transactions keeps the opening balance the user left alone, in the new currency's decimals", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "Caja chica", openingBalance: "1500.00" });
    await page.goto(`/accounts?edit=${accountId}`);
    await hydrated(page);
    const edit = page.getByRole("form", { name: "Edit Caja chica" });
    // Written as short as it is exact, so yen (no decimals) can take it as it stands.
    await expect(edit.getByLabel("Opening balance")).toHaveValue("1500");
    await edit.getByLabel("Currency").selectOption("JPY");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Account saved.")).toBeVisible();
    const saved = await (await request.get(`/api/v1/accounts/${accountId}`, { headers: { Authorization: `Bearer ${signedIn.token}` } })).json();
    expect(saved.account).toMatchObject({ currency: "JPY", openingBalance: "1500", balance: "1500" });
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
    await expect(edit.getByLabel("Amount (PEN)")).toHaveValue("-45.90");
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
    page.once("dialog", (dialog) => void dialog.accept());
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
    page.once("dialog", (dialog) => void dialog.accept());
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
    await page.getByRole("button", { name: "Archive Caja chica" }).click();
    await expect(toast(page, "Account archived.")).toBeVisible();
    await expect(create.getByLabel("Name")).toHaveValue("Yape");
  });

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

  test("an account in a retired currency keeps it in its edit form, which a new account is not offered", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "Kunas de Zagreb", currency: "HRK", openingBalance: "10.00" });
    await page.goto(`/accounts?edit=${accountId}`);
    await hydrated(page);
    const edit = page.getByRole("form", { name: "Edit Kunas de Zagreb" });
    await expect(edit.getByLabel("Currency")).toHaveValue("HRK");
    // Named on the server like the others (no hydration mismatch), and saved unchanged.
    await edit.getByLabel("Name").fill("Kunas");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: "Kunas", level: 3 })).toBeVisible();
    await disclose(page, "New account");
    const create = page.getByRole("form", { name: "New account" });
    await expect(create.getByLabel("Currency").locator('option[value="HRK"]')).toHaveCount(0);
    await expect(create.getByLabel("Currency").locator('option[value="SLE"]')).toHaveCount(1);
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
    await expect(page.getByText("Page 2", { exact: true })).toBeVisible();
    await expect(table).toHaveCount(50);
    // The previous page is the first: one way back, no separate "First page".
    await expect(link("First page")).toHaveCount(0);
    const second = await shown();
    expect(second.filter((row) => first.includes(row))).toEqual([]);
    await link("Next page").click();
    await expect(page.getByText("Page 3", { exact: true })).toBeVisible();
    await expect(table).toHaveCount(20);
    await expect(link("Next page")).toHaveCount(0);
    const third = await shown();
    expect(new Set([...first, ...second, ...third]).size).toBe(120);

    // Back, page by page: the same rows with the same running balances.
    await link("Previous page").click();
    await expect(page.getByText("Page 2", { exact: true })).toBeVisible();
    await expect(table).toHaveCount(50);
    expect(await shown()).toEqual(second);
    await link("Previous page").click();
    await expect(page.getByText("Page 1", { exact: true })).toBeVisible();
    expect(await shown()).toEqual(first);
    await expect(link("Previous page")).toHaveCount(0);

    // From the third page, "First page" goes straight to the start.
    await link("Next page").click();
    await expect(page.getByText("Page 2", { exact: true })).toBeVisible();
    await link("Next page").click();
    await expect(page.getByText("Page 3", { exact: true })).toBeVisible();
    await link("First page").click();
    await expect(page.getByText("Page 1", { exact: true })).toBeVisible();
    expect(await shown()).toEqual(first);

    // A later page whose rows are gone says so and leads back: it is not an empty account.
    await link("Next page").click();
    await expect(page.getByText("Page 2", { exact: true })).toBeVisible();
    await link("Next page").click();
    await expect(page.getByText("Page 3", { exact: true })).toBeVisible();
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
    await expect(page.getByText("Page 1", { exact: true })).toBeVisible();
  });

  test("a bank's file with lines about the account above its table and its closing balance below is read from the table, and the page says where it starts and ends (Spanish)", async ({ browser, baseURL, request }) => {
    const user = await createUser(request, { locale: "es" });
    const context = await browser.newContext({ baseURL, locale: "es-PE", extraHTTPHeaders: { "Accept-Language": "es-PE,es;q=0.9", "CF-Connecting-IP": randomIp() } });
    const page = await context.newPage();
    await signInAs(page, user, baseURL!);
    const accountId = await createAccount(request, user, { name: "BCP Ahorros", openingBalance: "500.00", openingDate: "2026-01-01" });
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    const csv = ["Movimientos de la cuenta", "Cuenta:;191-1234567-0-12", "Moneda:;Soles", ";;;", "Fecha;Descripción;Cargo;Abono", "05/11/2026;PLAZA VEA SURCO;1.234,50;", "06/11/2026;ABONO SUELDO;;5.000,00", "Saldo final;;;4.265,50"].join("\r\n");
    await disclose(page, "Importar CSV");
    await page.getByRole("button", { name: "Archivo CSV" }).setInputFiles({ name: "bcp.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "latin1") });
    await page.getByRole("button", { name: "Leer archivo" }).click();
    const mapping = page.getByRole("form", { name: "Columnas" });
    await expect(page.getByTestId("import-table-line")).toHaveText("La tabla empieza en la línea 5: las líneas de arriba, sobre la cuenta, se dejan de lado.");
    await expect(page.getByTestId("import-below-table")).toHaveText("La tabla termina antes de la línea 8 («Saldo final»): esa línea y las siguientes no tienen fecha, así que se dejan de lado.");
    // The columns were found by their names, and the rows read with them.
    await expect(mapping.getByLabel("Columna de fecha")).toHaveValue("0");
    await expect(page.getByTestId("import-counts")).toContainText("2 de 2");
    await context.close();
  });

  test("imports a CSV with column mapping, preview and duplicate detection, then exports it", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BBVA", openingBalance: "100.00", openingDate: "2026-01-01" });
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    // "Supermercado" is the Spanish name of the default category this English page calls "Groceries"; "Delivery" is new.
    const csv = ["Fecha;Concepto;Importe;Referencia;Rubro", "01/03/2026;Plaza Vea;-1.234,50;A1;Supermercado", "02/03/2026;Abono sueldo;3.000,00;A2;", "03/03/2026;Rappi;-45,90;A3;Delivery", "fecha mala;Error;-1,00;A4;"].join("\n");

    await disclose(page, "Import CSV");
    // No file yet: the app's own message beside the field, not the browser's (in its language).
    await page.getByRole("button", { name: "Read file" }).click();
    await expect(page.getByText("Choose a CSV file to import.")).toBeVisible();
    await page.getByRole("button", { name: "CSV file" }).setInputFiles({ name: "bbva.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Read file" }).click();
    const mapping = page.getByRole("form", { name: "Columns" });
    await expect(mapping).toBeVisible();
    // The Read button went with the upload form: the keyboard goes on from what the file gave.
    await expect(page.getByTestId("import-counts")).toBeFocused();
    // Column mapping: the guess can be corrected; the preview follows.
    await mapping.getByLabel("Date column").selectOption({ label: "1. Fecha" });
    await mapping.getByLabel("Description column").selectOption({ label: "2. Concepto" });
    await mapping.getByLabel("Amount column", { exact: true }).selectOption({ label: "3. Importe" });
    await mapping.getByLabel("Bank reference column").selectOption({ label: "4. Referencia" });
    await mapping.getByLabel("Date format").selectOption("DD/MM/YYYY");
    await mapping.getByLabel("Number format").selectOption(",");
    await mapping.getByRole("button", { name: "Update preview" }).click();
    await expect(page.getByTestId("import-counts")).toHaveText("3 of 4 rows ready to import. 0 duplicates will be skipped. 1 row with errors will be skipped.");
    const preview = page.getByTestId("import-preview");
    await expect(preview.getByRole("row").filter({ hasText: "Plaza Vea" })).toContainText(`-${soles("1,234.50")}`);
    await expect(preview.getByRole("row").filter({ hasText: "Error" })).toContainText("The date does not match the chosen format.");
    // The category column was guessed from its name: the user's own category, or one the import adds.
    await expect(mapping.getByLabel("Category column")).toHaveValue("4");
    await expect(preview.getByRole("row").filter({ hasText: "Plaza Vea" }).getByRole("cell").nth(4)).toHaveText("Groceries");
    await expect(preview.getByRole("row").filter({ hasText: "Rappi" }).getByRole("cell").nth(4)).toHaveText("Delivery (new category)");

    await mapping.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("import-result")).toContainText("3 transactions imported");
    // The Import button went with the mapping form: focus is on the summary, not lost.
    await expect(page.getByTestId("import-result")).toBeFocused();
    await expect(page.getByTestId("import-result")).toContainText("1 row with errors skipped");
    await expect(toast(page, "3 transactions imported")).toBeVisible();
    await expect(page.getByTestId("transaction-row")).toHaveCount(3);
    await expect(page.getByTestId("account-balance")).toContainText(soles("1,819.60"));
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Rappi" })).toContainText("Delivery");
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Plaza Vea" })).toContainText("Groceries");

    // The same file again: every row is a duplicate.
    await page.getByRole("link", { name: "Import another file" }).click();
    await expect(page.getByRole("button", { name: "CSV file" })).toBeFocused();
    await page.getByRole("button", { name: "CSV file" }).setInputFiles({ name: "bbva.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Read file" }).click();
    await mapping.getByLabel("Date column").selectOption({ label: "1. Fecha" });
    await mapping.getByLabel("Description column").selectOption({ label: "2. Concepto" });
    await mapping.getByLabel("Amount column", { exact: true }).selectOption({ label: "3. Importe" });
    await mapping.getByLabel("Bank reference column").selectOption({ label: "4. Referencia" });
    await mapping.getByLabel("Date format").selectOption("DD/MM/YYYY");
    await mapping.getByLabel("Number format").selectOption(",");
    await mapping.getByRole("button", { name: "Update preview" }).click();
    await expect(page.getByTestId("import-counts")).toHaveText("0 of 4 rows ready to import. 3 duplicates will be skipped. 1 row with errors will be skipped.");
    await expect(preview.getByRole("row").filter({ hasText: "Rappi" })).toContainText("Duplicate");
    await expect(mapping.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
    // Cancel, too, leaves the keyboard on the file field.
    await mapping.getByRole("link", { name: "Cancel" }).click();
    await expect(mapping).toBeHidden();
    await expect(page.getByRole("button", { name: "CSV file" })).toBeFocused();

    // Export of the filtered list, through the app (the API wants a Bearer token, the browser has a cookie).
    await page.goto(`/accounts/${accountId}/transactions?q=rappi`);
    await hydrated(page);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export").click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
    const lines = text.trim().split(/\r\n/);
    expect(lines[0]).toBe("Date,Description,Amount,Currency,Category,Payee,Notes,Status,ID");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^2026-03-03,Rappi,-45\.90,PEN,/);
    const all = await page.request.get(`/accounts/${accountId}/transactions.csv`);
    expect(all.status()).toBe(200);
    expect(all.headers()["content-disposition"]).toMatch(/attachment; filename=/);
    expect((await all.text()).trim().split(/\r\n/)).toHaveLength(4);
  });

  test("an import of the wrong file is undone from Recent imports: its rows go, edited ones too, and typed-in rows and other imports stay (English)", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "Interbank", openingBalance: "500.00", openingDate: "2026-01-01" });
    await addTransactions(request, signedIn, accountId, [{ date: "2026-03-05", description: "Café tipeado", amount: "-8.50" }]);
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    await disclose(page, "Import CSV");
    // Nothing imported yet: no list to undo from.
    await expect(page.getByTestId("recent-imports")).toHaveCount(0);
    const importFile = async (name: string, csv: string) => {
      await page.getByRole("button", { name: "CSV file" }).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "Read file" }).click();
      const mapping = page.getByRole("form", { name: "Columns" });
      await mapping.getByRole("button", { name: "Import", exact: true }).click();
      await expect(page.getByTestId("import-result")).toBeVisible();
      await page.getByRole("link", { name: "Import another file" }).click();
    };
    await importFile("marzo.csv", "date,description,amount\n2026-03-01,Plaza Vea,-120.00\n2026-03-02,Sueldo,3000.00\n2026-03-03,Rappi,-45.90\n");
    await importFile("abril.csv", "date,description,amount\n2026-04-01,Tottus,-60.00\n");
    await expect(page.getByTestId("transaction-row")).toHaveCount(5);
    await expect(page.getByTestId("account-balance")).toContainText(soles("3,265.60"));
    // One of March's rows edited since: it is still what the file brought.
    const rows = await request.get(`/api/v1/accounts/${accountId}/transactions?q=rappi`, { headers: { Authorization: `Bearer ${signedIn.token}` } });
    const rappi = ((await rows.json()) as { transactions: Array<{ id: string }> }).transactions[0]!;
    const edited = await request.patch(`/api/v1/transactions/${rappi.id}`, { data: { amount: "-50.00" }, headers: { Authorization: `Bearer ${signedIn.token}`, "CF-Connecting-IP": randomIp() } });
    expect(edited.status()).toBe(200);
    await page.reload();
    await hydrated(page);
    await disclose(page, "Import CSV");
    const listed = page.getByTestId("recent-import");
    await expect(listed).toHaveCount(2);
    await expect(listed.nth(0)).toContainText("abril.csv");
    await expect(listed.nth(1)).toContainText("marzo.csv");
    await expect(listed.nth(1)).toContainText("3 transactions");

    await page.getByRole("button", { name: /^Undo the import of marzo\.csv \(/ }).click();
    const question = page.getByTestId("undo-import-question");
    await expect(question).toContainText(/^Remove the 3 transactions that the import of marzo\.csv \(.+\) added, with any receipt photos they have\? This cannot be undone\./);
    // April's file came after it, and may have skipped rows as duplicates of March's: the question says so.
    await expect(question).toContainText("A later import may have skipped some of them as duplicates. To bring those back, import that file again afterwards.");
    // The Undo button went with the question: the keyboard is on the answer to give.
    await expect(question.getByRole("button", { name: "Undo the import" })).toBeFocused();
    // Cancel closes the question and nothing changes; focus goes back to the Undo button.
    await question.getByRole("link", { name: "Cancel" }).click();
    await expect(question).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Undo the import of marzo\.csv/ })).toBeFocused();
    await expect(page.getByTestId("transaction-row")).toHaveCount(5);

    await page.getByRole("button", { name: /^Undo the import of marzo\.csv/ }).click();
    await question.getByRole("button", { name: "Undo the import" }).click();
    await expect(toast(page, "Import undone: the transactions it added were removed.")).toBeVisible();
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Café tipeado" })).toHaveCount(1);
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Tottus" })).toHaveCount(1);
    await expect(page.getByTestId("account-balance")).toContainText(soles("431.50"));
    await expect(listed).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Recent imports" })).toBeFocused();

    // The import just made, undone from its summary's list: the summary goes (it would say
    // "imported" of rows no longer here), and focus goes to the list, not the file field.
    await page.getByRole("button", { name: "CSV file" }).setInputFiles({ name: "mayo.csv", mimeType: "text/csv", buffer: Buffer.from("date,description,amount\n2026-05-01,Wong,-25.00\n") });
    await page.getByRole("button", { name: "Read file" }).click();
    await page.getByRole("form", { name: "Columns" }).getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("import-result")).toContainText("1 transaction imported");
    await expect(listed.nth(0)).toContainText("mayo.csvJust imported");
    await page.getByRole("button", { name: /^Undo the import of mayo\.csv/ }).click();
    await question.getByRole("button", { name: "Undo the import" }).click();
    await expect(page.getByTestId("import-result")).toHaveCount(0);
    await expect(listed).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Recent imports" })).toBeFocused();
    await expect(page.getByTestId("account-balance")).toContainText(soles("431.50"));
  });

  test("an import is undone without JavaScript, after the page asks, in Spanish", async ({ browser, baseURL, request }) => {
    const user = await createUser(request, { locale: "es" });
    const accountId = await createAccount(request, user, { name: "BCP Soles", openingDate: "2026-01-01" });
    const imported = await request.post(`/api/v1/accounts/${accountId}/import?dateColumn=0&descriptionColumn=1&amountColumn=2&fileName=extracto.csv`, {
      data: "date,description,amount\n2026-03-01,Plaza Vea,-120.00\n2026-03-02,Yape a Rosa,-30.00\n",
      headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "text/csv", "CF-Connecting-IP": randomIp() },
    });
    expect(imported.status()).toBe(201);
    await addTransactions(request, user, accountId, [{ date: "2026-03-05", description: "Bodega", amount: "-1.00" }]);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: "es-PE", extraHTTPHeaders: { "Accept-Language": "es-PE,es;q=0.9", "CF-Connecting-IP": randomIp() } });
    const page = await context.newPage();
    await signInAs(page, user, baseURL!);
    await page.goto(`/accounts/${accountId}/transactions`);
    await page.getByText("Importar CSV").click();
    const item = page.getByTestId("recent-import");
    await expect(item).toContainText("extracto.csv");
    await expect(item).toContainText("2 movimientos");
    // Nothing is removed until the answer: the page asks, and a reload keeps asking.
    await page.getByRole("button", { name: /^Deshacer la importación de extracto\.csv/ }).click();
    await expect(page).toHaveURL(/confirmUndoImport=.*#undo-import-question$/);
    const question = page.getByRole("form", { name: /^¿Quitar los 2 movimientos que agregó la importación de extracto\.csv \(.+\), con las fotos de comprobantes que tengan\? No se puede deshacer\.$/ });
    // No import came after it: nothing to warn about.
    await expect(question).not.toContainText("Una importación posterior");
    await expect(question).toBeInViewport();
    await expect(page.getByTestId("transaction-row")).toHaveCount(3);
    await question.getByRole("button", { name: "Deshacer la importación" }).click();
    // Without scripts the flash is in the page (a <noscript> message, not a toast).
    await expect(page.locator("noscript p[role=status]")).toHaveText("Importación deshecha: se quitaron los movimientos que agregó.");
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.getByTestId("account-balance")).toContainText(`-${soles("1.00")}`);
    await expect(page.getByTestId("recent-imports")).toHaveCount(0);
    // The same answer sent again (a second tab's question) finds it undone already, and says so.
    const importId = ((await imported.json()) as { importId: string }).importId;
    const again = await page.request.post(`/accounts/${accountId}/transactions`, {
      form: { intent: "import-undo", importId, confirmed: "yes", idempotencyKey: crypto.randomUUID() },
      headers: { Origin: baseURL!, "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(302);
    await page.goto(`/accounts/${accountId}/transactions`);
    await expect(page.locator("noscript p[role=status]")).toHaveText("Esa importación ya se había deshecho (en otra pestaña o en otro dispositivo).");
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await context.close();
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
    await expect(page).toHaveURL(`/accounts/${accountId}/transactions`);
    await expect(page.getByTestId("transaction-row")).toContainText("Bodega Don Pepe");
  });

  test("a half-typed transaction survives switching the language", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles" });
    await createAccount(request, signedIn, { name: "Caja chica", type: "cash" });
    await createAccount(request, signedIn, { name: "Cuenta en dólares", currency: "USD" });
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    await disclose(page, "Add transaction");
    const add = page.getByRole("form", { name: "New transaction" });
    await add.getByLabel("Description").fill("Mercado de Surquillo");
    await add.getByLabel("Amount (PEN)").fill("-34.50");
    await add.getByLabel("Category").selectOption({ label: "Groceries" });
    await disclose(page, "Transfer");
    const toAccount = page.getByRole("form", { name: "Transfer between your accounts" }).getByLabel("To account");
    // The account that is not the one the form starts with, so the choice is the user's.
    const chosen = (await toAccount.locator("option:not(:checked)").first().textContent())!;
    await toAccount.selectOption({ label: chosen });
    await page.getByRole("button", { name: /Español/ }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await hydrated(page);
    // The folded forms open again, with what was typed, in the other language.
    const nuevo = page.getByRole("form", { name: "Nuevo movimiento" });
    await expect(nuevo.getByLabel("Descripción")).toHaveValue("Mercado de Surquillo");
    await expect(nuevo.getByLabel("Monto (PEN)")).toHaveValue("-34.50");
    await expect(nuevo.getByLabel("Categoría").locator("option:checked")).toHaveText("Supermercado");
    await expect(page.getByRole("form", { name: "Transferencia entre tus cuentas" }).getByLabel("Cuenta de destino").locator("option:checked")).toHaveText(chosen);
    await nuevo.getByRole("button", { name: "Agregar movimiento" }).click();
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Mercado de Surquillo" })).toHaveCount(1);
  });

  test("forms work without JavaScript", async ({ browser, baseURL, request, user }) => {
    const accountId = await createAccount(request, user, { name: "Caja", type: "cash" });
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
    const page = await context.newPage();
    await signInAs(page, user, baseURL!);
    // An account edit refused by the schema also checks the opening balance in the currency just
    // chosen (not the one saved), as the browser does.
    await page.goto(`/accounts?edit=${accountId}`);
    const editAccount = page.getByRole("form", { name: "Edit Caja" });
    await editAccount.getByLabel("Name").fill("");
    await editAccount.getByLabel("Currency").selectOption("JPY");
    await editAccount.getByLabel("Opening balance").fill("10.50");
    await editAccount.getByRole("button", { name: "Save" }).click();
    await expect(editAccount.getByText("This field is required.")).toBeVisible();
    await expect(editAccount.getByText("This currency takes no decimal places.")).toBeVisible();
    await page.goto(`/accounts/${accountId}/transactions?new=1`);
    const add = page.getByRole("form", { name: "New transaction" });
    await add.getByLabel("Amount (PEN)").fill("-15.123");
    await add.getByRole("button", { name: "Add transaction" }).click();
    // One answer names every field's problem: the missing description and the amount's decimals
    // (which depend on the account's currency, not on the form's schema).
    await expect(add.getByText("This field is required.")).toBeVisible();
    await expect(add.getByText("This currency takes at most 2 decimal places.")).toBeVisible();
    await add.getByLabel("Description").fill("Menú del día");
    await add.getByRole("button", { name: "Add transaction" }).click();
    // The action answers with the message beside the field and what was typed.
    await expect(add.getByText("This currency takes at most 2 decimal places.")).toBeVisible();
    await expect(add.getByText("This field is required.")).toHaveCount(0);
    await expect(add.getByLabel("Description")).toHaveValue("Menú del día");
    await add.getByLabel("Amount (PEN)").fill("-15.00");
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.getByTestId("transaction-row").getByTestId("amount")).toHaveText(`-${soles("15.00")}`);
    // Sending the same rendered form twice posts once (its idempotency key).
    await page.goto(`/accounts/${accountId}/transactions?new=1`);
    const key = await add.locator("input[name=idempotencyKey]").inputValue();
    for (let i = 0; i < 2; i++) {
      const response = await page.request.post(`/accounts/${accountId}/transactions`, {
        form: { intent: "add", idempotencyKey: key, date: "2026-11-03", description: "Doble clic", amount: "-3.00", status: "posted" },
        headers: { Origin: baseURL!, "Sec-Fetch-Site": "same-origin" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
    }
    await page.goto(`/accounts/${accountId}/transactions`);
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Doble clic" })).toHaveCount(1);
    // Edit and delete too: the row's edit link is a plain link, and its delete button submits
    // the table's one delete form with the row's id.
    await page.getByRole("link", { name: "Edit Doble clic" }).click();
    const edit = page.getByRole("form", { name: "Edit Doble clic" });
    await edit.getByLabel("Description").fill("Doble clic corregido");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Doble clic corregido" })).toHaveCount(1);
    // No dialog can ask without JavaScript, so the page asks: nothing is deleted until the answer.
    await page.getByRole("button", { name: "Delete Doble clic corregido" }).click();
    const question = page.getByRole("form", { name: `Delete “Doble clic corregido” (Nov 3, 2026, ${solesOutInText("3.00")})?`, exact: true });
    await expect(question).toBeVisible();
    await expect(page).toHaveURL(/confirmDelete=.*#delete-question$/);
    await expect(question).toBeInViewport();
    // Its amount never breaks after the minus (a line ending in "-" would read as money in).
    await expect(question.getByText(solesOutInText("3.00"), { exact: true })).toHaveCSS("white-space", "nowrap");
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Doble clic corregido" })).toHaveCount(1);
    await question.getByRole("link", { name: "Cancel" }).click();
    await expect(question).toHaveCount(0);
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Doble clic corregido" })).toHaveCount(1);
    await page.getByRole("button", { name: "Delete Doble clic corregido" }).click();
    await question.getByRole("button", { name: "Delete" }).click();
    await expect(page).not.toHaveURL(/confirmDelete=/);
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Doble clic" })).toHaveCount(0);
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.getByTestId("account-balance")).toContainText(`-${soles("15.00")}`);
    // Totals come with the page; a text search streams them, so without JavaScript a link asks
    // for a page that has them.
    // Visible, not only present: a streamed block sits in the page hidden until a script shows it.
    await expect(page.getByTestId("total-out")).toBeVisible();
    await expect(page.getByTestId("total-out")).toHaveText(`-${soles("15.00")}`);
    await page.goto(`/accounts/${accountId}/transactions?q=menu`);
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    // Nothing claims to be loading: without scripts the streamed totals never arrive.
    await expect(page.getByTestId("totals-loading")).toHaveText("Show the totals", { useInnerText: true });
    await page.getByRole("link", { name: "Show the totals" }).click();
    await expect(page).toHaveURL(/totals=now/);
    await expect(page.getByTestId("total-out")).toBeVisible();
    await expect(page.getByTestId("total-out")).toHaveText(`-${soles("15.00")}`);
    await expect(page.getByTestId("totals-loading")).toHaveCount(0);
    await context.close();
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
    // The question names the row too, so a slip of the pointer shows before anything goes.
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: `Delete ${second}`, exact: true }).click();
    await expect.poll(() => asked).toBe(`Delete “Café Tostado” (Nov 4, 2026, ${solesOutInText("12.00")})?`);
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
  });

  test("Spanish throughout: labels, amounts, dates, messages", async ({ browser, baseURL, request }) => {
    const user = await createUser(request, { locale: "es" });
    const accountId = await createAccount(request, user, { name: "BCP Soles", openingBalance: "1234.50", openingDate: "2026-01-01" });
    await addTransactions(request, user, accountId, [{ date: "2026-01-15", description: "Bodega", amount: "-1.00" }]);
    const { page, context } = await spanishPage(browser, baseURL!, user);
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Movimientos de BCP Soles");
    await expect(page.getByTestId("account-balance")).toContainText(soles("1,233.50"));
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Bodega" })).toContainText("15 ene. 2026");
    await expect(page.getByRole("link", { name: `Editar Bodega (15 ene. 2026, ${solesOutInText("1.00")})`, exact: true })).toBeVisible();
    await disclose(page, "Agregar movimiento");
    const add = page.getByRole("form", { name: "Nuevo movimiento" });
    await add.getByLabel("Descripción").fill("Mercado de Surquillo");
    await add.getByLabel("Monto (PEN)").fill("abc");
    await add.getByRole("button", { name: "Agregar movimiento" }).click();
    await expect(add.getByText("Ingresa el monto en cifras, como 1234 o -12.")).toBeVisible();
    await add.getByLabel("Monto (PEN)").fill("-34.50");
    await add.getByLabel("Fecha").fill(todayInLima());
    await add.getByLabel("Categoría").selectOption({ label: "Supermercado" });
    await add.getByRole("button", { name: "Agregar movimiento" }).click();
    await expect(toast(page, "Movimiento agregado.")).toBeVisible();
    const row = page.getByTestId("transaction-row").filter({ hasText: "Mercado de Surquillo" });
    const [y, m, d] = todayInLima().split("-").map(Number) as [number, number, number];
    await expect(row).toContainText(new Intl.DateTimeFormat("es-PE", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d, 12))));
    await expect(row).toContainText("Supermercado");
    await expect(row).toContainText("Confirmado");
    await expect(row.getByTestId("amount")).toHaveText(`-${soles("34.50")}`);

    await page.goto("/accounts");
    await expect(page.getByRole("heading", { name: "Cuenta corriente", level: 2 })).toBeVisible();
    await expect(page.getByText("2 movimientos", { exact: true })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Saldos" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Gastos por categoría/ })).toBeVisible();
    await expect(page.getByTestId("spending-PEN")).toContainText("Supermercado");
    await context.close();
  });
});

test.describe("receipts", () => {
  test("a transaction's receipt shows as a thumbnail linked to the image", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles" });
    const { transaction } = await apiPost<{ transaction: { id: string } }>(request, signedIn, `/accounts/${accountId}/transactions`, { date: "2026-11-02", description: "Tambo+", amount: "-8.90" });
    await addTransactions(request, signedIn, accountId, [{ date: "2026-11-03", description: "Sin boleta", amount: "-1.00" }]);
    // A 1×1 PNG.
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const upload = await request.put(`/api/v1/transactions/${transaction.id}/receipt`, { data: png, headers: { Authorization: `Bearer ${signedIn.token}`, "Content-Type": "image/png", "CF-Connecting-IP": randomIp() } });
    expect(upload.status(), await upload.text()).toBe(200);
    await page.goto(`/accounts/${accountId}/transactions`);
    const row = page.getByTestId("transaction-row").filter({ hasText: "Tambo+" });
    const image = row.getByRole("img", { name: "Receipt of Tambo+" });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await expect(row.getByTestId("receipt-link")).toHaveAttribute("href", `/resources/receipts/${transaction.id}`);
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Sin boleta" }).getByRole("img")).toHaveCount(0);

    // Removed meanwhile (another tab): its link, opened in a tab, leads back to the list with a
    // message, not to a bare "Not Found"; as an image it is still a plain 404.
    const removed = await request.delete(`/api/v1/transactions/${transaction.id}/receipt`, { headers: { Authorization: `Bearer ${signedIn.token}`, "CF-Connecting-IP": randomIp() } });
    expect(removed.status()).toBe(204);
    await hydrated(page);
    const [tab] = await Promise.all([page.context().waitForEvent("page"), row.getByTestId("receipt-link").click()]);
    await expect(tab).toHaveURL(`/accounts/${accountId}/transactions`);
    await expect(toast(tab, "That receipt is no longer there: its photo or its transaction was deleted.")).toBeVisible();
    expect((await page.request.get(`/resources/receipts/${transaction.id}`, { headers: { "Sec-Fetch-Dest": "image" } })).status()).toBe(404);
  });
});

test.describe("not found", () => {
  test("a malformed accountId and another user's account are the same 404", async ({ page, request, signedIn }) => {
    void signedIn;
    const other = await createUser(request);
    const foreign = await createAccount(request, other, { name: "Not yours" });
    for (const path of ["/accounts/not-an-id/transactions", `/accounts/${foreign}/transactions`, "/accounts/8d0c6a52-3c4b-4f8e-9a57-2f1d2b9e8a11/transactions"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByTestId("error-message")).toHaveText(`Page Not Found: ${path}`);
      await expect(page.getByText("Not yours")).toHaveCount(0);
      // The page failed, not the app: the header stays, with its way on and sign-out.
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Accounts" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    }
    const csv = await page.request.get(`/accounts/${foreign}/transactions.csv`);
    expect(csv.status()).toBe(404);
    expect(await csv.text()).not.toContain("Not yours");
    // Opened in the browser (an export link in a stale tab), the same 404 is the translated page.
    const opened = await page.goto(`/accounts/${foreign}/transactions.csv?q=x`);
    expect(opened?.status()).toBe(404);
    await expect(page).toHaveURL(`/accounts/${foreign}/transactions?q=x`);
    await expect(page.getByTestId("error-message")).toHaveText(`Page Not Found: /accounts/${foreign}/transactions`);
  });
});

test.describe("a stale export link", () => {
  test("opened after the session ended on another device, it leads to sign in and says why, then back to the list it exports, not to a bare 404 or a download that leaves the tab on the sign-in form", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles" });
    // The page is drawn first, so the app Worker has just checked this session (ADR 023's memory).
    await page.goto(`/accounts/${accountId}/transactions?q=wong`);
    await request.post("/api/v1/auth/logout", { headers: { Authorization: `Bearer ${signedIn.token}` } });
    await page.goto(`/accounts/${accountId}/transactions.csv?q=wong`);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/accounts/${accountId}/transactions?q=wong`)}`);
    await expect(page.getByTestId("toast").filter({ hasText: "Your session has ended. Sign in again to continue." })).toBeVisible();
    await page.getByLabel("Email").fill(signedIn.email);
    await page.getByLabel("Password").fill(signedIn.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`/accounts/${accountId}/transactions?q=wong`);
    await expect(page.getByLabel("Search")).toHaveValue("wong");
    // From here the export is one click away, and it downloads.
    const download = page.waitForEvent("download");
    await page.getByTestId("export").click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  });

  test("the settings export and a receipt opened after the session ended also lead to sign in, and back to the settings page or the receipt", async ({ page, request, signedIn, baseURL }) => {
    await page.goto("/settings");
    await request.post("/api/v1/auth/logout", { headers: { Authorization: `Bearer ${signedIn.token}` } });
    await page.goto("/resources/export?format=json");
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/settings")}`);
    await expect(page.getByTestId("toast").filter({ hasText: "Your session has ended. Sign in again to continue." })).toBeVisible();

    const again = await createUser(request);
    const accountId = await createAccount(request, again, { name: "BCP Soles" });
    const { transaction } = await apiPost<{ transaction: { id: string } }>(request, again, `/accounts/${accountId}/transactions`, { date: "2026-11-20", description: "Wong", amount: "-12.50" });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
    expect((await request.put(`/api/v1/transactions/${transaction.id}/receipt`, { data: jpeg, headers: { Authorization: `Bearer ${again.token}`, "Content-Type": "image/jpeg" } })).status()).toBe(200);
    await signInAs(page, again, baseURL!);
    await page.goto(`/accounts/${accountId}/transactions`);
    await request.post("/api/v1/auth/logout", { headers: { Authorization: `Bearer ${again.token}` } });
    await page.goto(`/resources/receipts/${transaction.id}`);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/resources/receipts/${transaction.id}`)}`);
    await expect(page.getByTestId("toast").filter({ hasText: "Your session has ended. Sign in again to continue." })).toBeVisible();
    await page.getByLabel("Email").fill(again.email);
    await page.getByLabel("Password").fill(again.password);
    const receipt = page.waitForResponse((response) => response.url().endsWith(`/resources/receipts/${transaction.id}`) && response.status() === 200);
    await page.getByRole("button", { name: "Sign in" }).click();
    expect((await receipt).headers()["content-type"]).toBe("image/jpeg");
    await expect(page).toHaveURL(`/resources/receipts/${transaction.id}`);
  });
});

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
        .evaluate((row) => [...row.children].map((cell) => getComputedStyle(cell, "::before").content));
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "100.00", openingDate: "2026-01-01" });
    await addTransactions(request, signedIn, accountId, [{ date: todayInLima(), description: "Wong San Isidro", amount: "-20.00" }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    expect(await cellLabels(page)).toEqual(["Date", "Description", "Category", "Amount", "Balance", "Status", "Receipt", "Actions"].map((label) => `"${label}"`));
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
    expect(await cellLabels(spanish)).toEqual(["Fecha", "Descripción", "Categoría", "Monto", "Saldo", "Estado", "Comprobante", "Acciones"].map((label) => `"${label}"`));
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
    // The tooltip is the control's ::after box, and its text the control's aria-label.
    const tip = (control: typeof edit) =>
      control.evaluate((element) => {
        const box = getComputedStyle(element, "::after");
        return { content: box.content, shown: box.visibility === "visible" && box.display !== "none", delay: box.transitionDelay };
      });
    const warm = () => page.evaluate(() => "tooltipsWarm" in document.documentElement.dataset);

    const day = new Intl.DateTimeFormat("en-PE", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${todayInLima()}T12:00:00Z`));
    expect(await tip(edit)).toEqual({ content: `"Edit Wong San Isidro (${day}, ${solesOutInText("20.00")})"`, shown: false, delay: "0s, 0.12s" });
    expect(await fadeInDelay(edit, () => edit.hover())).toBe("0.7s, 0.7s");
    await expect.poll(async () => (await tip(edit)).shown).toBe(true);
    await expect.poll(warm).toBe(true);
    // Within the skip delay the next tooltip has no delay at all.
    expect(await fadeInDelay(remove, () => remove.hover())).toBe("0s");
    await expect.poll(async () => (await tip(remove)).shown).toBe(true);
    await page.keyboard.press("Escape");
    expect((await tip(remove)).shown).toBe(false);
    // Away from every tooltip for longer than the skip delay: the delay is back, Escape forgotten.
    await page.getByRole("heading", { level: 1 }).hover();
    await expect.poll(warm).toBe(false);
    expect(await fadeInDelay(remove, () => remove.hover())).toBe("0.7s, 0.7s");
    await expect.poll(async () => (await tip(remove)).shown).toBe(true);
    // Keyboard focus shows it too.
    await page.getByRole("heading", { level: 1 }).hover();
    await edit.focus();
    await page.keyboard.press("Tab");
    await expect(remove).toBeFocused();
    await expect.poll(async () => (await tip(remove)).shown).toBe(true);
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
    // A new transaction saved with Enter: the form closes and focus goes to what opens it again.
    await disclose(page, "Add transaction");
    const add = page.getByRole("form", { name: "New transaction" });
    await add.getByLabel("Description").fill("Tambo");
    await add.getByLabel("Amount").fill("-3.50");
    await add.getByLabel("Amount").press("Enter");
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Tambo" })).not.toHaveAttribute("aria-busy");
    await expect(page.getByTestId("add-transaction").locator("summary")).toBeFocused();
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
    await expect.poll(() => remove.evaluate((element) => getComputedStyle(element, "::after").visibility)).toBe("visible");
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
    // The add form has no Cancel, so Escape leaves it alone.
    await disclose(page, "Add transaction");
    const add = page.getByRole("form", { name: "New transaction" });
    await add.getByLabel("Description").focus();
    await page.keyboard.press("Escape");
    await stillOpenAfterEscape(page, add);
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
      // Open every disclosure so the forms are checked too.
      const closed = page.locator("details:not([open]) > summary");
      while ((await closed.count()) > 0) await closed.first().click();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});
