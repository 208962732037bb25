/** Recent imports: undoing the import of the wrong file, with JavaScript and without it. */
import { createUser, expect, hydrated, randomIp, signInAs, test } from "../support/fixtures";
import { addTransactions, createAccount } from "../support/ledger-api";
import { soles } from "../support/money";
import { disclose, toast } from "../support/pages";

test.describe("accounts and transactions", () => {
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
});
