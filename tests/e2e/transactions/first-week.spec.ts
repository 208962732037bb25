/**
 * The first real week (issue 35), its import half: movements typed in by hand and a transfer, then
 * the banks' files. The rows already typed are matched, not doubled; the transfer's leg in the
 * other bank's file stays a transfer; a dollar file offered to a soles account is stopped.
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, signInAs, test } from "../support/fixtures";
import { addTransactions, apiPost, createAccount } from "../support/ledger-api";
import { soles } from "../support/money";
import { disclose, spanishPage, toast } from "../support/pages";

/** BCP's layout: lines about the account, then the table (with its own running balance). */
const BCP_FILE = [
  "Movimientos de la cuenta",
  "Cuenta:;193-1234567-0-12",
  "Moneda:;Soles",
  ";;;;",
  "Fecha;Fecha valuta;Descripción operación;Monto;Saldo",
  "01/11/2026;01/11/2026;ABONO SALARIO EMPRESA SAC;4500.00;5500.00",
  "02/11/2026;02/11/2026;YAPE RECIBIDO JUAN P;50.00;5550.00",
  "04/11/2026;03/11/2026;COMPRA POS PLAZA VEA SURCO;-186.40;5363.60",
  "05/11/2026;05/11/2026;WONG SAN ISIDRO;-85.40;5278.20",
  "06/11/2026;06/11/2026;PAGO LUZ DEL SUR;-132.70;5145.50",
  "07/11/2026;07/11/2026;SPOTIFY P0A1B2;-20.77;5124.73",
].join("\r\n");
/** The bank's balance on 7 Nov, its file's last day (its last Saldo), less the transfer of 10 Nov made after it. */
const BCP_BANK_BALANCE = 512473;
const BCP_BALANCE_AFTER_TRANSFER = "4,861.23";

const BBVA_FILE = ["Cuenta:;0011-0123-0200111111", "Moneda:;SOLES", ";;", "Fecha;Concepto;Importe", "11/11/2026;TRASPASO DESDE BCP;+263,50", "12/11/2026;NETFLIX.COM;-44,90"].join("\r\n");

const BBVA_USD_FILE = ["Cuenta:;0011-0123-0200999999", "Moneda:;DÓLARES AMERICANOS", ";;", "Fecha;Concepto;Importe", "15/11/2026;AMAZON MKTPLACE;-45,99"].join("\r\n");

async function readFile(page: Page, name: string, csv: string, labels = { section: "Import CSV", field: "CSV file", read: "Read file" }) {
  await disclose(page, labels.section);
  await page.getByRole("button", { name: labels.field }).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await page.getByRole("button", { name: labels.read }).click();
}

async function map(page: Page, columns: { date: string; description: string; amount: string }, decimal: "." | ",") {
  const mapping = page.getByRole("form", { name: "Columns" });
  await mapping.getByLabel("Date column").selectOption({ label: columns.date });
  await mapping.getByLabel("Description column").selectOption({ label: columns.description });
  await mapping.getByLabel("Amount column", { exact: true }).selectOption({ label: columns.amount });
  await mapping.getByLabel("Date format").selectOption("DD/MM/YYYY");
  await mapping.getByLabel("Number format").selectOption(decimal);
  await mapping.getByRole("button", { name: "Update preview" }).click();
  return mapping;
}

test.describe("the first real week", () => {
  test("typed in, then imported: the bank's rows match what was typed, the transfer leg stays a transfer, a dollar file is stopped", async ({ page, request, signedIn, browser, baseURL }) => {
    const bcp = await createAccount(request, signedIn, { name: "BCP", openingBalance: "1000.00", openingDate: "2026-10-31", number: "193-1234567-0-12" });
    const bbva = await createAccount(request, signedIn, { name: "BBVA", openingBalance: "0.00", openingDate: "2026-10-31", number: "0011-0123-0200111111" });
    const bbvaUsd = await createAccount(request, signedIn, { name: "BBVA Dólares", currency: "USD", openingBalance: "0.00", openingDate: "2026-10-31", number: "0011-0123-0200999999" });
    // The week, typed in by hand.
    await addTransactions(request, signedIn, bcp, [
      { date: "2026-11-01", description: "Salary", amount: "4500.00" },
      { date: "2026-11-06", description: "Luz del Sur", amount: "-132.70" },
    ]);
    const transfer = await apiPost<{ transferId: string; to: { id: string } }>(request, signedIn, "/transfers", { fromAccountId: bcp, toAccountId: bbva, amount: "263.50", date: "2026-11-10" });

    // Plaza Vea typed on the page as a phone's decimal keypad types it: digits only, no minus key.
    await page.goto(`/accounts/${bcp}/transactions`);
    await hydrated(page);
    await disclose(page, "Add transaction");
    const add = page.getByRole("form", { name: "New transaction" });
    await add.getByLabel("Date").fill("2026-11-03");
    await add.getByLabel("Description").fill("Plaza Vea");
    await expect(add.getByLabel("Amount (PEN)")).toHaveAttribute("inputmode", "decimal");
    await add.getByLabel("Amount (PEN)").pressSequentially("186.40");
    await add.getByRole("button", { name: "Add transaction" }).click();
    await expect(toast(page, "Transaction added.")).toBeVisible();
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Plaza Vea" }).getByTestId("amount")).toHaveText(`-${soles("186.40")}`);

    // BCP's file: three of its rows are the ones typed in.
    await page.reload();
    await hydrated(page);
    await readFile(page, "bcp-noviembre.csv", BCP_FILE);
    const mapping = await map(page, { date: "1. Fecha", description: "3. Descripción operación", amount: "4. Monto" }, ".");
    await expect(page.getByTestId("import-plan")).toHaveText("3 new, 3 match existing, 0 to decide.");
    const matches = page.getByTestId("import-match");
    await expect(matches).toHaveCount(3);
    await expect(matches.filter({ hasText: "ABONO SALARIO" }).getByTestId("import-match-existing")).toContainText("Salary");
    await expect(matches.filter({ hasText: "PLAZA VEA SURCO" }).getByTestId("import-match-existing")).toContainText("Plaza Vea");
    await expect(matches.filter({ hasText: "PLAZA VEA SURCO" }).getByTestId("import-match-existing")).toContainText(`-${soles("186.40")}`);
    await expect(matches.filter({ hasText: "LUZ DEL SUR" }).getByTestId("import-match-existing")).toContainText("Luz del Sur");
    // The file's account and currency are this account's: no stop.
    await expect(page.getByTestId("import-file-check")).toHaveCount(0);
    await mapping.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("import-result")).toContainText("3 transactions imported");
    await expect(page.getByTestId("import-linked")).toHaveText("3 rows linked to movements already in the account.");
    await expect(toast(page, "3 transactions imported")).toBeVisible();
    // Nothing doubled: three typed, one transfer leg, three new.
    await expect(page.getByTestId("transaction-row")).toHaveCount(7);
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Salary" })).toHaveCount(1);
    // The bank's balance on its file's last day, less the transfer made after it.
    expect(BCP_BANK_BALANCE - 26350).toBe(486123);
    await expect(page.getByTestId("account-balance")).toContainText(soles(BCP_BALANCE_AFTER_TRANSFER));

    // Reconciled to the bank: on its file's last day (7 Nov) its balance is the file's last Saldo,
    // and Tesoro's agrees; the six movements up to that day are marked, the later transfer is not.
    await disclose(page, "Reconcile");
    const reconcile = page.getByRole("form", { name: "Reconcile with the bank" });
    await reconcile.getByLabel("Day").fill("2026-11-07");
    await reconcile.getByLabel("The bank's balance (PEN)").fill("5,124.73");
    await reconcile.getByRole("button", { name: "Compare" }).click();
    const reconciled = page.getByTestId("reconcile-result");
    await expect(reconciled).toContainText("They agree.");
    await reconciled.getByRole("button", { name: "Mark 6 as reconciled" }).click();
    await expect(toast(page, "Reconciled")).toBeVisible();

    // BBVA's file: its "TRASPASO DESDE BCP" is the transfer's leg, a day later.
    await page.goto(`/accounts/${bbva}/transactions`);
    await hydrated(page);
    await readFile(page, "bbva-noviembre.csv", BBVA_FILE);
    const bbvaMapping = await map(page, { date: "1. Fecha", description: "2. Concepto", amount: "3. Importe" }, ",");
    await expect(page.getByTestId("import-plan")).toHaveText("1 new, 1 matches existing, 0 to decide.");
    await expect(page.getByTestId("import-match").getByTestId("import-match-existing")).toContainText("(transfer)");
    await bbvaMapping.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("import-result")).toContainText("1 transaction imported");
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
    await expect(page.getByTestId("account-balance")).toContainText(soles("218.60"));
    // Still a transfer, with its pair.
    const leg = await request.get(`/api/v1/transactions/${transfer.to.id}`, { headers: { Authorization: `Bearer ${signedIn.token}` } });
    expect((await leg.json()).transaction).toMatchObject({ transferId: transfer.transferId, amountMinor: 26350 });

    // A dollar statement offered to the soles account, in Spanish: stopped, with the reason and the dollar account.
    // The user switches the app to Spanish (Settings), as a user in Peru would.
    const switched = await request.patch("/api/v1/users/me", { data: { locale: "es" }, headers: { Authorization: `Bearer ${signedIn.token}` } });
    expect(switched.status()).toBe(200);
    const spanish = await spanishPage(browser, baseURL!, signedIn);
    await spanish.page.goto(`/accounts/${bbva}/transactions`);
    await hydrated(spanish.page);
    await readFile(spanish.page, "bbva-dolares.csv", BBVA_USD_FILE, { section: "Importar CSV", field: "Archivo CSV", read: "Leer archivo" });
    const stop = spanish.page.getByTestId("import-file-check");
    await expect(stop).toContainText("Este archivo podría ser de otra cuenta");
    await expect(stop).toContainText("El archivo dice que su moneda es USD, y esta cuenta está en PEN.");
    await expect(stop.getByRole("link", { name: "Importar en BBVA Dólares (USD)" })).toHaveAttribute("href", `/accounts/${bbvaUsd}/transactions`);
    await expect(stop.getByLabel("Importar de todos modos en esta cuenta")).not.toBeChecked();
    await expect(spanish.page.getByTestId("import-matches")).toHaveCount(0);
    await spanish.context.close();
    // Nothing came in.
    await page.reload();
    await expect(page.getByTestId("account-balance")).toContainText(soles("218.60"));
  });

  test("a probable match is the user's to decide, and the import asks until it is decided (no JavaScript)", async ({ browser, baseURL, request, signedIn }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAs(page, signedIn, baseURL!);
    const account = await createAccount(request, signedIn, { name: "BCP", openingBalance: "100.00", openingDate: "2026-10-31" });
    await addTransactions(request, signedIn, account, [{ date: "2026-11-08", description: "Farmacia", amount: "-35.00" }]);
    await page.goto(`/accounts/${account}/transactions`);
    await readFile(page, "bcp.csv", ["Fecha;Descripción;Monto", "09/11/2026;INKAFARMA MIRAFLORES;-35.00"].join("\n"));
    const mapping = await map(page, { date: "1. Fecha", description: "2. Descripción", amount: "3. Monto" }, ".");
    await expect(page.getByTestId("import-plan")).toHaveText("0 new, 0 match existing, 1 to decide.");
    await mapping.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("import-decide-error")).toHaveText("Choose for each probable match whether to link it or add it as new.");
    await page.getByTestId("import-link").check();
    await page.getByRole("form", { name: "Columns" }).getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("import-linked")).toHaveText("1 row linked to a movement already in the account.");
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await context.close();
  });

  test("a sure match can be added as new instead of linked (no JavaScript)", async ({ browser, baseURL, request, signedIn }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAs(page, signedIn, baseURL!);
    const account = await createAccount(request, signedIn, { name: "BCP", openingBalance: "100.00", openingDate: "2026-10-31" });
    await addTransactions(request, signedIn, account, [{ date: "2026-11-03", description: "Plaza Vea", amount: "-186.40" }]);
    await page.goto(`/accounts/${account}/transactions`);
    await readFile(page, "bcp.csv", ["Fecha;Descripción;Monto", "04/11/2026;COMPRA POS PLAZA VEA SURCO;-186.40"].join("\n"));
    await map(page, { date: "1. Fecha", description: "2. Descripción", amount: "3. Monto" }, ".");
    await expect(page.getByTestId("import-plan")).toHaveText("0 new, 1 matches existing, 0 to decide.");
    const match = page.getByTestId("import-match");
    await expect(match).toHaveAttribute("data-kind", "sure");
    // Linked unless told otherwise.
    await expect(match.getByTestId("import-link")).toBeChecked();
    await match.getByTestId("import-add-new").check();
    await page.getByRole("form", { name: "Columns" }).getByRole("button", { name: "Update preview" }).click();
    await expect(page.getByTestId("import-plan")).toHaveText("1 new, 0 match existing, 0 to decide.");
    await expect(page.getByTestId("import-match").getByTestId("import-add-new")).toBeChecked();
    await page.getByRole("form", { name: "Columns" }).getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("import-result")).toContainText("1 transaction imported");
    await expect(page.getByTestId("import-linked")).toHaveCount(0);
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
    await context.close();
  });
});
