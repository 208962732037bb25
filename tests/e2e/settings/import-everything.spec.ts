/** Settings → Import everything (ADR 060): one user's export restored into a new user, with and without JavaScript. */
import { readFileSync, writeFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { createUser, expect, hydrated, randomIp, signInAs, test, type TestUser } from "../support/fixtures";
import { apiPost, createAccount } from "../support/ledger-api";

async function balances(request: APIRequestContext, user: TestUser): Promise<Record<string, number>> {
  const response = await request.get("/api/v1/accounts", { headers: { Authorization: `Bearer ${user.token}`, "CF-Connecting-IP": randomIp() } });
  const { accounts } = (await response.json()) as { accounts: Array<{ name: string; balanceMinor: number }> };
  return Object.fromEntries(accounts.map((a) => [a.name, a.balanceMinor]));
}

/** The source user's ledger, and its export downloaded from the settings page as a person would. */
async function exportedFile(page: Page, request: APIRequestContext, user: TestUser, path: string): Promise<string> {
  const soles = await createAccount(request, user, { name: "BCP Soles", openingBalance: "1000.00" });
  const dollars = await createAccount(request, user, { name: "Interbank Dólares", currency: "USD", openingBalance: "50.00" });
  await apiPost(request, user, `/accounts/${soles}/transactions`, { date: "2026-11-02", description: "Wong", amount: "-85.40" });
  await apiPost(request, user, `/accounts/${dollars}/transactions`, { date: "2026-11-03", description: "Sueldo", amount: "1500.00" });
  await apiPost(request, user, "/transfers", { fromAccountId: soles, toAccountId: dollars, date: "2026-11-04", description: "Cambio", amount: "370.00", toAmount: "100.00" });
  await page.goto("/settings");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download JSON" }).click()]);
  writeFileSync(path, readFileSync((await download.path())!));
  return path;
}

test("an export restored into a new account brings every balance back, with JavaScript", async ({ page, request, signedIn, browser, baseURL }, info) => {
  const file = await exportedFile(page, request, signedIn, info.outputPath("export.json"));
  const target = await createUser(request);
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const other = await context.newPage();
  await signInAs(other, target, baseURL!);
  await other.goto("/settings#importEverything");
  await hydrated(other);
  await other.getByLabel("Export file (JSON)").setInputFiles(file);
  await other.getByRole("button", { name: "Import everything" }).click();
  await expect(other.getByRole("status").filter({ hasText: "Everything is back: 2 accounts, 4 transactions, 0 receipts." })).toBeVisible();
  expect(await balances(request, target)).toEqual(await balances(request, signedIn));
  expect(await balances(request, target)).toEqual({ "BCP Soles": 100000 - 8540 - 37000, "Interbank Dólares": 5000 + 150000 + 10000 });
  // A second time, the ledger is no longer empty: refused, and nothing changes.
  await other.getByLabel("Export file (JSON)").setInputFiles(file);
  await other.getByRole("button", { name: "Import everything" }).click();
  await expect(other.getByRole("alert").filter({ hasText: "Import everything only works while you have none." })).toBeVisible();
  expect(await balances(request, target)).toEqual(await balances(request, signedIn));
  await context.close();
});

test("without JavaScript, in Spanish: a tampered file is refused with its reason, then the real one is restored", async ({ page, request, signedIn, browser, baseURL }, info) => {
  const file = await exportedFile(page, request, signedIn, info.outputPath("export.json"));
  const tampered = JSON.parse(readFileSync(file, "utf8"));
  tampered.accounts[0].balanceMinor += 1;
  const tamperedPath = info.outputPath("tampered.json");
  writeFileSync(tamperedPath, JSON.stringify(tampered));
  const target = await createUser(request, { locale: "es" });
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: "es-PE", extraHTTPHeaders: { "Accept-Language": "es-PE,es;q=0.9", "CF-Connecting-IP": randomIp() } });
  const other = await context.newPage();
  await signInAs(other, target, baseURL!);
  await other.goto("/settings");
  await other.getByLabel("Archivo de exportación (JSON)").setInputFiles(tamperedPath);
  await other.getByRole("button", { name: "Importar todo" }).click();
  await expect(other.getByRole("alert").filter({ hasText: "El archivo no se importó y no se guardó nada." })).toBeVisible();
  await expect(other.getByTestId("import-everything-reasons")).toContainText("accounts[0].balanceMinor: El saldo no es el saldo inicial más los movimientos de la cuenta.");
  expect(await balances(request, target)).toEqual({});
  await other.getByLabel("Archivo de exportación (JSON)").setInputFiles(file);
  await other.getByRole("button", { name: "Importar todo" }).click();
  await expect(other.getByRole("status").filter({ hasText: "Todo está de vuelta: 2 cuentas, 4 movimientos, 0 comprobantes." })).toBeVisible();
  expect(await balances(request, target)).toEqual(await balances(request, signedIn));
  await context.close();
});
