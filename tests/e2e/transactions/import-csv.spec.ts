/** Importing a bank's CSV file: where its table is, column mapping, preview, duplicates, and the export of what came in. */
import { readFile } from "node:fs/promises";
import { createUser, expect, hydrated, randomIp, signInAs, test } from "../support/fixtures";
import { createAccount } from "../support/ledger-api";
import { soles } from "../support/money";
import { disclose, toast } from "../support/pages";

test.describe("accounts and transactions", () => {
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
    await expect(page.getByTestId("import-below-table")).toHaveText("La tabla termina antes de la línea 8 (\"Saldo final\"): esa línea y las siguientes no tienen fecha, así que se dejan de lado.");
    // The columns were found by their names, and the rows read with them.
    await expect(mapping.getByLabel("Columna de fecha")).toHaveValue("0");
    await expect(page.getByTestId("import-counts")).toContainText("2 de 2");
    await context.close();
  });

  test("a column changed after the preview is never imported unseen: with JavaScript Import waits for the new preview; without, the action shows it first (Spanish)", async ({ page, request, signedIn, browser, baseURL }) => {
    const csv = "Fecha;Concepto;Importe\n01/11/2026;Wong;-10,50\n02/11/2026;Metro;-1.220,00\n";
    const accountId = await createAccount(request, signedIn, { name: "BCP", openingDate: "2026-01-01" });
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    await disclose(page, "Import CSV");
    await page.getByRole("button", { name: "CSV file" }).setInputFiles({ name: "nov.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Read file" }).click();
    const mapping = page.getByRole("form", { name: "Columns" });
    await expect(mapping.getByLabel("Date format")).toHaveValue("DD/MM/YYYY");
    await expect(page.getByTestId("import-preview")).toContainText("Nov 1, 2026");
    // Another date format chosen: the rows shown are not what Import would bring, so it waits.
    await mapping.getByLabel("Date format").selectOption("MM/DD/YYYY");
    await expect(page.getByTestId("import-mapping-changed")).toHaveText("The columns changed after this preview: update it to see the rows as they will be imported, then import.");
    await expect(mapping.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
    // Chosen back (or chosen again as it was): the preview is what Import would bring again.
    await mapping.getByLabel("Date format").selectOption("DD/MM/YYYY");
    await expect(page.getByTestId("import-mapping-changed")).toHaveCount(0);
    await expect(mapping.getByRole("button", { name: "Import", exact: true })).toBeEnabled();
    await mapping.getByLabel("Date format").selectOption("MM/DD/YYYY");
    await expect(mapping.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
    await mapping.getByRole("button", { name: "Update preview" }).click();
    await expect(page.getByTestId("import-preview")).toContainText("Jan 11, 2026");
    await expect(page.getByTestId("import-mapping-changed")).toHaveCount(0);
    // "How Tesoro read this file" says the format is the user's now, not why the guess took another.
    await expect(page.getByTestId("import-reading-dates")).toHaveText("Dates: MM/DD/YYYY, as set in the form.");
    await expect(mapping.getByRole("button", { name: "Import", exact: true })).toBeEnabled();
    await mapping.getByLabel("Date format").selectOption("DD/MM/YYYY");
    await mapping.getByRole("button", { name: "Update preview" }).click();
    await expect(page.getByTestId("import-preview")).toContainText("Nov 2, 2026");
    await expect(page.getByTestId("import-reading-dates")).toContainText("Dates: DD/MM/YYYY");
    await expect(page.getByTestId("import-reading-dates")).not.toContainText("as set in the form");
    await mapping.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("import-result")).toContainText("2 transactions imported");
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Metro" })).toContainText("Nov 2, 2026");

    // Without JavaScript nothing can wait: Import posts the changed columns, and the action answers
    // the preview they make, saying so, and imports nothing until asked again.
    const user = await createUser(request, { locale: "es" });
    const other = await createAccount(request, user, { name: "BCP", openingDate: "2026-01-01" });
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: "es-PE", extraHTTPHeaders: { "Accept-Language": "es-PE,es;q=0.9", "CF-Connecting-IP": randomIp() } });
    const plain = await context.newPage();
    await signInAs(plain, user, baseURL!);
    await plain.goto(`/accounts/${other}/transactions`);
    await plain.getByText("Importar CSV").click();
    // A bank's Excel download (a zip inside): the page says how to make the CSV.
    await plain.getByRole("button", { name: "Archivo CSV" }).setInputFiles({ name: "movimientos.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]) });
    await plain.getByRole("button", { name: "Leer archivo" }).click();
    await expect(plain.getByText('Esta es una hoja de cálculo (como un archivo de Excel) o un archivo comprimido, no un CSV. Ábrela en Excel (o Google Sheets), guárdala como "CSV UTF-8" y elige ese archivo.')).toBeVisible();
    // A PDF statement is named too, with where to get the CSV (session 33 QA: read as columns of garbage).
    await plain.getByRole("button", { name: "Archivo CSV" }).setInputFiles({ name: "estado-de-cuenta.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n") });
    await plain.getByRole("button", { name: "Leer archivo" }).click();
    await expect(plain.getByText('Este es un PDF (un estado de cuenta para leer o imprimir), no un CSV. En la banca por internet de tu banco, descarga tus movimientos en CSV o Excel; si es un Excel, guárdalo como "CSV UTF-8" y elige ese archivo.')).toBeVisible();
    await plain.getByRole("button", { name: "Archivo CSV" }).setInputFiles({ name: "nov.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await plain.getByRole("button", { name: "Leer archivo" }).click();
    const columns = plain.getByRole("form", { name: "Columnas" });
    await columns.getByLabel("Formato de fecha").selectOption("MM/DD/YYYY");
    await columns.getByRole("button", { name: "Importar", exact: true }).click();
    await expect(plain.getByTestId("import-mapping-reread")).toHaveText("Las columnas cambiaron después de la vista previa que viste: estas son las filas tal como se importarán ahora. Revísalas y luego importa.");
    // First in the panel, above the matches and the columns, where the reloaded page shows it.
    await expect(plain.getByTestId("import-mapping-reread")).toBeInViewport();
    await expect(plain.getByTestId("import-preview")).toContainText("11 ene. 2026");
    await expect(plain.getByTestId("transaction-row")).toHaveCount(0);
    await plain.getByRole("form", { name: "Columnas" }).getByRole("button", { name: "Importar", exact: true }).click();
    await expect(plain.getByTestId("import-result")).toContainText("2 movimientos importados");
    await expect(plain.getByTestId("transaction-row")).toHaveCount(2);
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
    // The file stays in the API as a draft (ADR 047): the page carries its id, never its content.
    await expect(mapping.locator('input[name="draftId"]')).toHaveValue(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await expect(mapping.locator('input[name="csv"]')).toHaveCount(0);
    expect(await page.content()).not.toContain("Plaza Vea;-1.234,50");
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
    await expect(page.getByTestId("import-counts")).toHaveText("Rows ready to import: 3 of 4. 0 duplicates will be skipped. 1 row with errors will be skipped.");
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
    await expect(page.getByTestId("import-counts")).toHaveText("Rows ready to import: 0 of 4. 3 duplicates will be skipped. 1 row with errors will be skipped.");
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
    // Text fields are quoted, so a spreadsheet never reads one as a formula (issue 36, ADR 046).
    expect(lines[1]).toMatch(/^2026-03-03,"Rappi",-45\.90,PEN,"Delivery",/);
    const all = await page.request.get(`/accounts/${accountId}/transactions.csv`);
    expect(all.status()).toBe(200);
    expect(all.headers()["content-disposition"]).toMatch(/attachment; filename=/);
    expect((await all.text()).trim().split(/\r\n/)).toHaveLength(4);
  });
});
