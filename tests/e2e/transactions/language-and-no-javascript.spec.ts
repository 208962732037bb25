/** The transaction forms in Spanish, through a change of language, and without JavaScript. */
import { createUser, expect, hydrated, randomIp, signInAs, test } from "../support/fixtures";
import { todayInLima } from "../support/dates";
import { addTransactions, createAccount } from "../support/ledger-api";
import { soles, solesOutInText } from "../support/money";
import { disclose, spanishPage, toast } from "../support/pages";

test.describe("accounts and transactions", () => {
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
    await expect(add.getByText("Ingresa el monto en cifras, como 45.90, 1,234.56 o 1.234,56.")).toBeVisible();
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
