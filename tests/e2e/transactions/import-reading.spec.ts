/** The import's preview says how it read a bank's file, and what the first rows become, before anything is saved (ADR 050). */
import { readFile } from "node:fs/promises";
import { createUser, expect, hydrated, randomIp, signInAs, test } from "../support/fixtures";
import { createAccount } from "../support/ledger-api";
import { disclose } from "../support/pages";

const SHOTS = process.env.IMPORT_READING_SHOTS;

for (const { locale, file, texts } of [
  {
    locale: "es",
    file: "azteca-mx.csv",
    texts: {
      disclose: "Importar CSV",
      input: "Archivo CSV",
      read: "Leer archivo",
      amount: 'Monto: columnas 3. "RETIROS" / 4. "DEPOSITOS", un par de cargos y abonos (sale / entra)',
      dates: "Fechas: DD/MM/AAAA, porque la línea 11 tiene 13/11/2026, que solo se lee así.",
      out: "sale dinero",
      in: "entra dinero",
    },
  },
  {
    locale: "en",
    file: "lloyds-uk.csv",
    texts: {
      disclose: "Import CSV",
      input: "CSV file",
      read: "Read file",
      amount: 'Amount: columns 6. "Debit Amount" / 7. "Credit Amount", a debit/credit pair (money out / money in)',
      dates: "Dates: DD/MM/YYYY, because line 4 has 15/11/2026, which reads only that way.",
      out: "money out",
      in: "money in",
    },
  },
] as const) {
  test(`the preview says which column it took for each field and why, and the first rows in or out (${locale})`, async ({ browser, baseURL, request }) => {
    const user = await createUser(request, { locale });
    const language = locale === "es" ? "es-PE,es;q=0.9" : "en-US,en;q=0.9";
    const context = await browser.newContext({ baseURL, locale: locale === "es" ? "es-PE" : "en-US", extraHTTPHeaders: { "Accept-Language": language, "CF-Connecting-IP": randomIp() } });
    const page = await context.newPage();
    await signInAs(page, user, baseURL!);
    const accountId = await createAccount(request, user, { name: "Bank", openingBalance: "500.00", openingDate: "2026-01-01" });
    await page.goto(`/accounts/${accountId}/transactions`);
    await hydrated(page);
    await disclose(page, texts.disclose);
    const csv = await readFile(new URL(`../../fixtures/bank-layouts/${file}`, import.meta.url));
    await page.getByRole("button", { name: texts.input }).setInputFiles({ name: file, mimeType: "text/csv", buffer: csv });
    await page.getByRole("button", { name: texts.read }).click();
    const reading = page.getByTestId("import-reading");
    await expect(reading).toContainText(texts.amount);
    await expect(page.getByTestId("import-reading-dates")).toHaveText(texts.dates);
    const first = page.getByTestId("import-reading-rows").getByRole("listitem");
    await expect(first.first()).toContainText(texts.out);
    await expect(first.nth(1)).toContainText(texts.in);
    if (SHOTS) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await reading.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/reading-${locale}-${width}.png`, fullPage: true });
      }
    }
    await context.close();
  });
}
