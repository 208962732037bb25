/** Issue 35's words (ADR 055): one button palette, readable in both themes; Peru's account kinds; every currency named. */
import type { Locator, Page } from "@playwright/test";
import { createUser, expect, hydrated, randomIp, signInAs, test } from "../support/fixtures";
import { createAccount } from "../support/ledger-api";
import { disclose } from "../support/pages";

type Look = { background: [number, number, number]; text: [number, number, number] };

async function lookOf(button: Locator): Promise<Look> {
  return button.evaluate((element) => {
    const rgb = (value: string) => (value.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
    const style = getComputedStyle(element);
    return { background: rgb(style.backgroundColor), text: rgb(style.color) };
  });
}

/** WCAG 2's contrast ratio of two sRGB colours. */
function contrast(a: [number, number, number], b: [number, number, number]): number {
  const luminance = ([r, g, b]: [number, number, number]) => {
    const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const isRed = ([r, g, b]: [number, number, number]) => r > 150 && r > 2 * g && r > 2 * b;
const isGreen = ([r, g, b]: [number, number, number]) => g > 100 && g > 1.3 * r && g > 1.3 * b;

async function importOneFile(page: Page) {
  await disclose(page, "Import CSV");
  await page.getByRole("button", { name: "CSV file" }).setInputFiles({ name: "marzo.csv", mimeType: "text/csv", buffer: Buffer.from("date,description,amount\n2026-03-01,Plaza Vea,-120.00\n") });
  const read = page.getByRole("button", { name: "Read file" });
  const readLook = await lookOf(read);
  await read.click();
  const commit = page.getByRole("form", { name: "Columns" }).getByRole("button", { name: "Import", exact: true });
  const commitLook = await lookOf(commit);
  await commit.click();
  await expect(page.getByTestId("import-result")).toBeVisible();
  await page.getByRole("link", { name: "Import another file" }).click();
  return { readLook, commitLook };
}

test.describe("words", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`"Undo the import" is a red (destructive) button and the import's own actions green, each readable (${theme} theme)`, async ({ page, request, signedIn }) => {
      await page.emulateMedia({ colorScheme: theme });
      const accountId = await createAccount(request, signedIn, { name: "Interbank", openingBalance: "500.00", openingDate: "2026-01-01" });
      await page.goto(`/accounts/${accountId}/transactions`);
      await hydrated(page);
      const { readLook, commitLook } = await importOneFile(page);
      // "Read file" was blue (a second kind of primary): both steps of the import are now the one green.
      for (const look of [readLook, commitLook]) {
        expect(isGreen(look.background), JSON.stringify(look)).toBe(true);
        expect(contrast(look.background, look.text)).toBeGreaterThanOrEqual(4.5);
      }
      await page.reload();
      await hydrated(page);
      await disclose(page, "Import CSV");
      await page.getByRole("button", { name: /^Undo the import of marzo\.csv \(/ }).click();
      const confirm = page.getByTestId("undo-import-question").getByRole("button", { name: "Undo the import" });
      const look = await lookOf(confirm);
      expect(isRed(look.background), JSON.stringify(look)).toBe(true);
      expect(contrast(look.background, look.text)).toBeGreaterThanOrEqual(4.5);
      // The theme really is the one named: white text on the light theme's red, near-black on the dark theme's.
      expect(look.text).toEqual(theme === "light" ? [255, 255, 255] : [15, 23, 42]);
      // Cancel beside it is neutral: neither green nor red.
      const cancel = await lookOf(page.getByTestId("undo-import-question").getByRole("link", { name: "Cancel" }));
      expect(isRed(cancel.background) || isGreen(cancel.background)).toBe(false);
    });
  }

  test("in Spanish a new account is a savings account by default, and every currency in the picker has a name (workerd lacks SLE, XCG, ZWG)", async ({ browser, baseURL, request }) => {
    const user = await createUser(request, { locale: "es" });
    const context = await browser.newContext({ baseURL, locale: "es-PE", extraHTTPHeaders: { "Accept-Language": "es-PE,es;q=0.9", "CF-Connecting-IP": randomIp() } });
    const page = await context.newPage();
    await signInAs(page, user, baseURL!);
    await page.goto("/accounts?new=1");
    const type = page.getByLabel("Tipo", { exact: true });
    await expect(type.locator("option:checked")).toHaveText("Cuenta de ahorros");
    await expect(type.locator("option")).toContainText(["Cuenta corriente", "Cuenta de ahorros", "Tarjeta de crédito", "Efectivo", "Billetera digital", "Préstamo"]);
    const currency = page.getByLabel("Moneda", { exact: true });
    const labels = await currency.locator("option").allTextContents();
    expect(labels.filter((label) => !label.includes(" · "))).toEqual([]);
    expect(labels).toEqual(expect.arrayContaining(["PEN · sol peruano", "SLE · leona sierraleonesa", "XCG · florín caribeño", "ZWG · oro zimbabuense"]));
    await context.close();
  });
});
