/** The accounts page (issue 4): create, edit, archive and restore, an edit from another tab, currencies; and the 404 of an account that is not the user's. */
import { createUser, expect, hydrated, randomIp, signInAs, test } from "../support/fixtures";
import { createAccount } from "../support/ledger-api";
import { dollars, soles, solesOutInText } from "../support/money";
import { disclose, sameFormInTwoTabs, spanishPage, toast } from "../support/pages";

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
    // A new account is a savings account unless chosen otherwise (ADR 055).
    await expect(newAccount.getByLabel("Type")).toHaveValue("savings");
    await newAccount.getByLabel("Type").selectOption("checking");
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
    await newAccount.getByLabel("Type").selectOption("checking");
    await newAccount.getByLabel("Currency").selectOption("CLP");
    await newAccount.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Pesos chilenos", level: 3 })).toBeVisible();
    await expect(page.getByTestId("account-totals")).toContainText("CLP\u00a00");
    // Beside a group's total the code names the currency, once: "PEN S/ 1,000.00", but "CLP 0", not "CLP CLP 0".
    await expect(page.getByTestId("group-checking").getByLabel("Total Checking")).toHaveJSProperty("textContent", `CLP\u00a00PEN ${soles("1,000.00")}`);
    // Totals per currency, never added together.
    await expect(page.getByTestId("account-totals")).toContainText(soles("1,000.00"));
    await expect(page.getByTestId("account-totals")).toContainText(dollars("200.00"));

    // Archive and restore. An account with money in it asks first (ADR 086): archived, it leaves
    // the totals and net worth. "No, keep it" closes the question and archives nothing.
    const dollarsCard = page.getByTestId("account-card").filter({ hasText: "Interbank Dólares" });
    await expect(dollarsCard.getByRole("button", { name: "Archive Interbank Dólares" })).toHaveCount(0);
    await dollarsCard.getByTestId("archive-question").locator("summary").click();
    await expect(dollarsCard.getByTestId("archive-question")).toContainText(
      `“Interbank Dólares” has a balance of ${dollars("200.00")}. Archived, it no longer counts in your totals or net worth, and its scheduled movements are not posted. Archive it anyway?`,
    );
    await dollarsCard.getByRole("button", { name: "No, keep it" }).click();
    await expect(dollarsCard.getByRole("button", { name: "Yes, archive it" })).toBeHidden();
    await expect(dollarsCard.getByTestId("archive-question").locator("summary")).toBeFocused();
    await expect(page.getByTestId("group-archived")).toHaveCount(0);
    await dollarsCard.getByTestId("archive-question").locator("summary").click();
    await dollarsCard.getByRole("button", { name: "Yes, archive it" }).click();
    await expect(toast(page, "Account archived.")).toBeVisible();
    await expect(page.getByTestId("group-archived")).toContainText("Interbank Dólares");
    // The card moved to the Archived group; focus followed it to its Restore button.
    await expect(page.getByRole("button", { name: "Restore Interbank Dólares" })).toBeFocused();
    await expect(page.getByTestId("account-totals")).not.toContainText("USD");
    await page.getByRole("button", { name: "Restore Interbank Dólares" }).click();
    await expect(toast(page, "Account restored.")).toBeVisible();
    // Back among the active ones, focus is on its question's summary (it still holds money).
    await expect(dollarsCard.getByTestId("archive-question").locator("summary")).toBeFocused();
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
    // Pesos chilenos holds nothing: archived at once; the other two ask first.
    await page.getByRole("button", { name: "Archive Pesos chilenos" }).click();
    await expect(page.getByTestId("group-archived")).toContainText("Pesos chilenos");
    for (const name of ["BCP Sueldo", "Interbank Dólares"]) {
      const card = page.getByTestId("account-card").filter({ hasText: name });
      await card.getByTestId("archive-question").locator("summary").click();
      await card.getByRole("button", { name: "Yes, archive it" }).click();
      await expect(page.getByTestId("group-archived")).toContainText(name);
    }
    await page.goto("/");
    const empty = page.getByTestId("overview-empty");
    await expect(empty.getByRole("heading", { name: "No active accounts" })).toBeVisible();
    await expect(empty).toContainText("All your 3 accounts are archived");
    await empty.getByRole("link", { name: "Go to Accounts" }).click();
    await expect(page).toHaveURL("/accounts");
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
});

test.describe("not found", () => {
  test("without JavaScript, in Spanish on a phone: archiving an account with money asks first, and the answer archives it", async ({ browser, baseURL, request }) => {
    const user = await createUser(request, { locale: "es" });
    await createAccount(request, user, { name: "Visa Interbank", type: "credit_card", openingBalance: "-850.30", openingDate: "2026-01-01" });
    await createAccount(request, user, { name: "Caja", type: "cash", openingBalance: "0", openingDate: "2026-01-01" });
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "es-PE", extraHTTPHeaders: { "Accept-Language": "es-PE,es;q=0.9", "CF-Connecting-IP": randomIp() } });
    const page = await context.newPage();
    await signInAs(page, user, baseURL!);
    await page.goto("/accounts");
    const visa = page.getByTestId("account-card").filter({ hasText: "Visa Interbank" });
    await visa.getByTestId("archive-question").locator("summary").click();
    await expect(visa.getByTestId("archive-question")).toContainText(
      `"Visa Interbank" tiene un saldo de ${solesOutInText("850.30")}. Al archivarla, deja de contar en tus totales y en tu patrimonio neto, y sus movimientos programados ya no se registran. ¿La archivas igual?`,
    );
    // "No, mantenerla" needs JavaScript; without it the summary closes the question.
    await expect(visa.getByRole("button", { name: "No, mantenerla" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await visa.getByRole("button", { name: "Sí, archivarla" }).click();
    await expect(page.getByTestId("group-archived")).toContainText("Visa Interbank");
    // Caja holds nothing: no question.
    await expect(page.getByTestId("account-card").filter({ hasText: "Caja" }).getByTestId("archive-question")).toHaveCount(0);
    await context.close();
  });

  test("a card's or a loan's balance typed without a sign asks whether it is owed (ADR 089), with and without JavaScript", async ({ browser, baseURL, page, request, signedIn }) => {
    await createAccount(request, signedIn, { name: "BCP", openingBalance: "0", openingDate: "2026-01-01" });
    await page.goto("/accounts?new");
    await hydrated(page);
    const create = page.getByRole("form", { name: "New account" });
    await create.getByLabel("Name").fill("Visa");
    await create.getByLabel("Type").selectOption("credit_card");
    // Digits only, as a phone's decimal keypad types them.
    await create.getByLabel("Opening balance").fill("1500");
    await create.getByRole("button", { name: "Create account" }).click();
    const question = create.getByTestId("owed-question");
    await expect(question).toContainText(`Do you owe ${soles("1,500.00")} on “Visa”? What you owe is saved with a minus: ${solesOutInText("1,500.00")}.`);
    const accounts = async () => (await (await request.get("/api/v1/accounts", { headers: { Authorization: `Bearer ${signedIn.token}` } })).json()).accounts as Array<{ name: string; balance: string }>;
    expect((await accounts()).map((a) => a.name)).toEqual(["BCP"]);
    // A question, not a failure: no failure toast over it.
    await expect(toast(page, "need attention")).toHaveCount(0);
    await question.getByRole("button", { name: `Yes, I owe it: ${solesOutInText("1,500.00")}` }).click();
    await expect(toast(page, "Account created.")).toBeVisible();
    // A savings account, or a card typed with its sign, is not asked.
    await disclose(page, "New account");
    await create.getByLabel("Name").fill("Ahorros");
    await create.getByLabel("Opening balance").fill("300");
    await create.getByRole("button", { name: "Create account" }).click();
    // Its card, not the toast: the first account's "Account created." may still be showing.
    await expect(page.getByRole("heading", { name: "Ahorros", level: 3 })).toBeVisible();
    expect(Object.fromEntries((await accounts()).map((a) => [a.name, a.balance]))).toEqual({ BCP: "0.00", Visa: "-1500.00", Ahorros: "300.00" });

    // Without JavaScript, in Spanish: a loan in the user's favour is kept as typed.
    const user = await createUser(request, { locale: "es" });
    const { page: bare, context } = await spanishPage(browser, baseURL!, user, { javaScriptEnabled: false });
    await bare.goto("/accounts");
    const nueva = bare.getByRole("form", { name: "Nueva cuenta" });
    await nueva.getByLabel("Nombre").fill("Préstamo Caja Arequipa");
    await nueva.getByLabel("Tipo").selectOption("loan");
    await nueva.getByLabel("Saldo inicial").fill("2000");
    await nueva.getByRole("button", { name: "Crear cuenta" }).click();
    const pregunta = bare.getByRole("form", { name: "Nueva cuenta" }).getByTestId("owed-question");
    await expect(pregunta).toContainText(`¿Debes ${soles("2,000.00")} en "Préstamo Caja Arequipa"? Lo que debes se guarda con signo menos: ${solesOutInText("2,000.00")}.`);
    await pregunta.getByRole("button", { name: `No, es a mi favor: ${soles("2,000.00")}` }).click();
    await expect(bare.getByRole("heading", { name: "Préstamo Caja Arequipa", level: 3 })).toBeVisible();
    const theirs = (await (await request.get("/api/v1/accounts", { headers: { Authorization: `Bearer ${user.token}` } })).json()).accounts as Array<{ balance: string }>;
    expect(theirs.map((a) => a.balance)).toEqual(["2000.00"]);
    await context.close();
  });

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
