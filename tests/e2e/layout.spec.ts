/**
 * What people type can be longer than the screen (QA, session 8): a description or payee with no
 * space in it, a 60-character account name, a total of twelve digits. None of it may push the page
 * sideways, hide the amount, or run one figure over the next; and toasts follow the dark theme.
 * Data is made through the API; the pages are the real build in Chromium.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { createUser, expect, hydrated, randomIp, signInAs, test, type TestUser } from "./support/fixtures";
import { todayInLima } from "./support/dates";
import { NBSP } from "./support/money";

// The longest each field allows, without one break opportunity.
const LONG_NAME = "CuentaSueldoBCPConUnNombreLarguisimoSinEspacios".padEnd(60, "X");
const LONG_DESCRIPTION = "Sinespacioslargisimo".repeat(10);
const LONG_PAYEE = "BodegaDonaRosaDeMiraflores".repeat(4).slice(0, 100);
const LONG_NOTES = "Nota".repeat(250);
// Long, but with spaces: it must wrap at them, not be cut at the card's edge.
const SPACED_DESCRIPTION = `${"A".repeat(20)} ${"Descripción muy larga ".repeat(8).trim()}`;

async function api<T>(request: APIRequestContext, user: TestUser, method: "post" | "patch", path: string, data: unknown): Promise<T> {
  const headers = { Authorization: `Bearer ${user.token}`, "CF-Connecting-IP": randomIp(), "Idempotency-Key": crypto.randomUUID() };
  const response = await request[method](`/api/v1${path}`, { data, headers });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

async function createAccount(request: APIRequestContext, user: TestUser, body: Record<string, string>): Promise<string> {
  const { account } = await api<{ account: { id: string } }>(request, user, "post", "/accounts", { type: "checking", currency: "PEN", openingBalance: "0.00", ...body });
  return account.id;
}

/** A user whose accounts and transactions are as long as the forms allow. */
async function longData(request: APIRequestContext, user: TestUser) {
  const accountId = await createAccount(request, user, { name: LONG_NAME, openingBalance: "100.00", openingDate: "2026-01-01", institution: "BancoDeCreditoDelPeruSucursalMirafloresAvenidaLarco".padEnd(80, "X") });
  const savingsId = await createAccount(request, user, { name: "Ahorros", type: "savings" });
  await createAccount(request, user, { name: "Dólares", currency: "USD", openingBalance: "4404.46" });
  // Two of the largest openings: their total, 22 characters of digits, is wider than a phone's line at a figure's usual size.
  await createAccount(request, user, { name: "Euros", type: "cash", currency: "EUR", openingBalance: "9999999999999.99" });
  await createAccount(request, user, { name: "Euros bis", type: "cash", currency: "EUR", openingBalance: "9999999999999.99" });
  await createAccount(request, user, { name: "Yenes", type: "cash", currency: "JPY", openingBalance: "1500" });
  await createAccount(request, user, { name: "Dinares", type: "loan", currency: "KWD", openingBalance: "-123456789.123" });
  const today = todayInLima();
  const rows = [
    { date: today, description: "Sueldo", amount: "5000.00" },
    { date: today, description: SPACED_DESCRIPTION, amount: "-45.90" },
    { date: today, description: LONG_DESCRIPTION, amount: "-1234567.89", payee: LONG_PAYEE, notes: LONG_NOTES },
  ];
  let longId = "";
  for (const row of rows) {
    const { transaction } = await api<{ transaction: { id: string } }>(request, user, "post", `/accounts/${accountId}/transactions`, row);
    if (row.description === LONG_DESCRIPTION) longId = transaction.id;
  }
  // The savings account's leg reads "From <the long name>", and its default description names both.
  await api(request, user, "post", "/transfers", { fromAccountId: accountId, toAccountId: savingsId, amount: "10.00", date: today });
  return { accountId, longId, savingsId };
}

/** The page itself never scrolls sideways, and no table hides a part of itself behind its own scroll bar. */
async function expectFits(page: Page, where: string) {
  const { page: width, viewport, clipped } = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    clipped: [...document.querySelectorAll("table")]
      .map((table) => table.parentElement!)
      .filter((wrap) => wrap.scrollWidth > wrap.clientWidth)
      .map((wrap) => `${wrap.querySelector("table")?.dataset.testid ?? "table"}: ${wrap.scrollWidth} > ${wrap.clientWidth}`),
  }));
  expect(width, `${where}: the page's width`).toBeLessThanOrEqual(viewport);
  expect(clipped, `${where}: tables wider than their box`).toEqual([]);
}

/**
 * Brings an element into view by scrolling the page up or down only: Playwright's own scrolling
 * would also scroll a table's box sideways, and so hide the very fault these tests look for.
 */
async function scrollDownTo(target: Locator) {
  await target.evaluate((element) => window.scrollTo(0, window.scrollY + element.getBoundingClientRect().top - window.innerHeight / 3));
}

/**
 * No two of these texts overlap (a long amount must not run over the next one). The text's own
 * extent, from a Range: an amount is a flex item whose box keeps its column's width while the
 * text runs out of it.
 */
async function expectNoOverlap(items: Locator, where: string) {
  const boxes = await items.evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const rect = range.getBoundingClientRect();
      return { text: element.textContent ?? "", left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
    }),
  );
  expect(boxes.length, where).toBeGreaterThan(1);
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(overlap, `${where}: "${a.text}" and "${b.text}" overlap`).toBe(false);
    }
  }
}

const CASES = [
  { width: 390, height: 844, locale: "es" as const, photoMode: "Foto de comprobante", pickFile: "Elegir o tomar una foto", account: "Cuenta" },
  { width: 1280, height: 900, locale: "en" as const, photoMode: "Receipt photo", pickFile: "Choose or take a photo", account: "Account" },
  // A small desktop in Spanish, the longer language: the eight columns at their narrowest.
  { width: 1024, height: 768, locale: "es" as const, photoMode: "Foto de comprobante", pickFile: "Elegir o tomar una foto", account: "Cuenta" },
];

test.describe("long words and large amounts", () => {
  for (const view of CASES) {
    test(`never widen the page at ${view.width} px (${view.locale}): transactions, edit form, overview, accounts, camera`, async ({ browser, baseURL, request }) => {
      const user = await createUser(request, { locale: view.locale });
      const { accountId, longId, savingsId } = await longData(request, user);
      const context = await browser.newContext({
        baseURL,
        viewport: { width: view.width, height: view.height },
        locale: view.locale === "es" ? "es-PE" : "en-US",
        extraHTTPHeaders: { "Accept-Language": view.locale === "es" ? "es-PE,es;q=0.9" : "en-US,en;q=0.9", "CF-Connecting-IP": randomIp() },
      });
      const page = await context.newPage();
      await signInAs(page, user, baseURL!);

      // The transactions: the long row's amount and actions stay on the screen, all of it visible.
      await page.goto(`/accounts/${accountId}/transactions`);
      await hydrated(page);
      const longRow = page.getByTestId("transaction-row").filter({ hasText: LONG_DESCRIPTION });
      await expect(longRow).toContainText(LONG_PAYEE);
      await expectFits(page, "transactions");
      const amount = longRow.getByTestId("amount");
      await expect(amount).toContainText(`-S/${NBSP}1,234,567.89`);
      await scrollDownTo(amount);
      // The figure itself, whole, on screen (its cell is as tall as the wrapped description, which
      // may run past the window's foot at 1024 px).
      const figure = amount.getByText(`-S/${NBSP}1,234,567.89`);
      await expect(figure).toBeInViewport({ ratio: 1 });
      const right = await amount.evaluate((cell) => cell.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(view.width);
      // On a desktop, the row is one line of columns: the actions are on the screen too.
      if (view.width >= 768) await expect(longRow.locator("td").last().locator("a, button").last()).toBeInViewport({ ratio: 1 });
      // And the description, the one column that wraps, has the room the others leave: the widest, a quarter of the table or more.
      if (view.width >= 1280) {
        const table = page.getByTestId("transactions");
        const widths = await table.locator("thead th").evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width));
        const descriptionAt = (await table.locator("thead th").allTextContents()).findIndex((text) => text.trim() === "Description");
        expect(descriptionAt, "the description column is there").toBeGreaterThan(0);
        expect(Math.max(...widths), "the description column is the widest").toBe(widths[descriptionAt]);
        expect(widths[descriptionAt]!, "the description column's share").toBeGreaterThanOrEqual((await table.evaluate((element) => element.getBoundingClientRect().width)) / 4);
      }

      // The import's preview of a file with such a description: every column stays in its box (QA, session 24).
      const importDetails = page.locator("details").filter({ has: page.locator("#import-file") });
      await importDetails.locator("summary").first().click();
      await page.locator("#import-file").setInputFiles({ name: "largo.csv", mimeType: "text/csv", buffer: Buffer.from(`date,description,amount\n2026-11-02,${LONG_DESCRIPTION},-12.50\n`) });
      await page.locator("form").filter({ has: page.locator("#import-file") }).locator("button[type=submit]").click();
      await expect(page.getByTestId("import-preview")).toContainText(LONG_DESCRIPTION);
      await expectFits(page, "import preview");

      // Its edit form, whose title repeats the description.
      await page.goto(`/accounts/${accountId}/transactions?edit=${longId}`);
      await hydrated(page);
      await expect(page.locator(`#edit-${longId}`)).toBeVisible();
      await expectFits(page, "edit form");

      // Another account's page: the transfer's other leg, and the transfer form, whose list of
      // accounts holds the long name (a <select> is as wide as its longest option).
      await page.goto(`/accounts/${savingsId}/transactions`);
      await hydrated(page);
      await page.getByTestId("transfer").locator("summary").click();
      await expect(page.getByTestId("transfer").locator("select").first()).toBeVisible();
      await expect(page.getByTestId("transaction-row")).toContainText(LONG_NAME);
      await expectFits(page, "transfer form");

      // The overview: balances side by side without overlapping, the latest transactions in the page.
      await page.goto("/");
      await hydrated(page);
      await expect(page.getByTestId("recent")).toContainText(LONG_DESCRIPTION);
      await expectFits(page, "overview");
      await expectNoOverlap(page.getByTestId("balances").locator("[data-minor]"), "overview balances");
      // Every link of the page's body is a target a thumb can hit: 24 px tall at least (WCAG 2.5.8).
      const short = await page.locator("main a").evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getBoundingClientRect().height] as const).filter(([, height]) => height < 24));
      expect(short, "links under 24 px tall on the overview").toEqual([]);

      // The accounts: the totals per currency do not run over each other.
      await page.goto("/accounts");
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 3, name: LONG_NAME })).toBeVisible();
      await expectFits(page, "accounts");
      const totals = page.getByTestId("account-totals").locator("[data-minor]");
      await expect(totals).toHaveCount(5); // PEN, USD, EUR, JPY, KWD
      await expect(page.getByTestId("account-totals")).toContainText(`€${NBSP}19,999,999,999,999.98`);
      await expectNoOverlap(totals, "totals per currency");
      // A wrapped negative figure keeps its minus sign on the line of its currency and digits.
      const lonelySigns = await page.locator("[data-minor^='-']").evaluateAll((figures) =>
        figures.filter((figure) => {
          const text = figure.firstChild?.nodeType === Node.TEXT_NODE ? figure.firstChild : (figure.firstChild?.firstChild ?? null);
          if (!text || (text.textContent ?? "").length < 2) return false;
          const range = document.createRange();
          range.setStart(text, 0);
          range.setEnd(text, 2);
          return range.getClientRects().length > 1;
        }).map((figure) => figure.textContent),
      );
      expect(lonelySigns, "accounts: a minus sign alone on its line").toEqual([]);
      // And a figure breaks before its digits, never inside them: the largest totals here
      // (19,999,999,999,999.98, and 123,456,789.123 with a minus) are set smaller rather than split.
      const brokenDigits = await page.locator("[data-minor]").evaluateAll((figures) =>
        figures.filter((figure) => {
          const digits = figure.lastChild;
          if (!figure.firstElementChild || !digits || digits.nodeType !== Node.TEXT_NODE) return false;
          const range = document.createRange();
          range.selectNodeContents(digits);
          return range.getClientRects().length > 1;
        }).map((figure) => figure.textContent),
      );
      expect(brokenDigits, "accounts: digits broken across lines").toEqual([]);

      // The camera's list of an account's recent transactions, to attach a receipt photo to.
      await page.goto("/camera");
      await hydrated(page);
      await page.getByRole("button", { name: view.photoMode }).click();
      const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
      await page.getByLabel(view.pickFile).setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: png });
      await page.getByLabel(view.account, { exact: true }).selectOption(accountId);
      const items = page.getByTestId("recent-transaction");
      await expect(items).toHaveCount(4);
      await expectFits(page, "camera");
      const wide = await items.evaluateAll((elements) => elements.filter((item) => item.scrollWidth > item.clientWidth).map((item) => item.textContent));
      expect(wide, "camera: rows wider than their box").toEqual([]);
      const longItem = items.filter({ hasText: LONG_DESCRIPTION });
      await scrollDownTo(longItem);
      await expect(longItem.locator("[data-minor]")).toBeInViewport({ ratio: 1 });
      // Income carries its "+", as in every other list.
      await expect(items.filter({ hasText: /^Sueldo/ }).locator("[data-minor]")).toHaveText(`+S/${NBSP}5,000.00`);
      await context.close();
    });
  }
});

test.describe("toasts and the theme", () => {
  /** The toast's box and text colours, and the theme's raised surface and text, as the page computes them. */
  async function toastColours(page: Page) {
    const toast = page.getByTestId("toast").filter({ hasText: "Account created." });
    await expect(toast).toBeVisible();
    return toast.evaluate((element) => {
      const bar = element.firstElementChild!;
      const probe = document.createElement("div");
      probe.style.background = "var(--color-surface-raised)";
      probe.style.color = "var(--color-text)";
      document.body.appendChild(probe);
      const theme = { background: getComputedStyle(probe).backgroundColor, text: getComputedStyle(probe).color };
      probe.remove();
      return { toast: { background: getComputedStyle(bar).backgroundColor, text: getComputedStyle(bar).color }, theme };
    });
  }

  async function createAccountWithForm(page: Page, name: string) {
    await page.goto("/accounts?new=1");
    await hydrated(page);
    const form = page.getByRole("form", { name: "New account" });
    await form.getByLabel("Name").fill(name);
    await form.getByRole("button", { name: "Create account" }).click();
  }

  const WHITE = "rgb(255, 255, 255)";

  /** The header controls on screen that a click at their centre would miss while the toast shows. */
  async function headerControlsCovered(page: Page) {
    return page.locator("header a, header button").evaluateAll((controls) =>
      controls
        .filter((control) => {
          const r = control.getBoundingClientRect();
          const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
          // A control the layout does not show at this width (quick add on a phone) cannot be covered.
          if (r.width === 0 && r.height === 0) return false;
          // Nor can an entry of the closed "More" menu (ADR 063).
          if (!control.checkVisibility()) return false;
          return y >= 0 && y < innerHeight && !control.contains(document.elementFromPoint(x, y));
        })
        .map((control) => control.textContent),
    );
  }

  for (const width of [390, 1280]) {
    test(`a toast opens below the header, never over its links, and at the top once the header is scrolled away (${width} px)`, async ({ page, signedIn }) => {
      void signedIn;
      // Short enough that the page scrolls past its header at both widths.
      await page.setViewportSize({ width, height: 420 });
      await createAccountWithForm(page, "Caja");
      const toast = page.getByTestId("toast").filter({ hasText: "Account created." });
      await expect(toast).toBeVisible();
      const header = page.locator("header");

      // Saving moved focus (and the page) to the new account; back at the top the toast sits under the header.
      await page.evaluate(() => window.scrollTo(0, 0));
      const headerBottom = await header.evaluate((element) => element.getBoundingClientRect().bottom);
      expect(headerBottom, "the header has a height").toBeGreaterThan(40);
      await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
      expect(await headerControlsCovered(page)).toEqual([]);

      // Scrolled past the header, the toast moves up to the top of the window.
      await page.evaluate(() => window.scrollTo(0, 400));
      await expect.poll(() => header.evaluate((element) => element.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
      await expect.poll(async () => (await toast.boundingBox())!.y).toBeLessThan(40);
    });
  }

  test("a toast is dark when the user chose the dark theme", async ({ page, request, user, baseURL }) => {
    await api(request, user, "patch", "/users/me", { theme: "dark" });
    await signInAs(page, user, baseURL!);
    await createAccountWithForm(page, "Caja");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    const colours = await toastColours(page);
    expect(colours.theme.background).not.toBe(WHITE);
    expect(colours.toast).toEqual(colours.theme);
  });

  test("a toast is dark when the theme follows a device set to dark, and light on a light one", async ({ page, signedIn }) => {
    void signedIn;
    await page.emulateMedia({ colorScheme: "dark" });
    await createAccountWithForm(page, "Caja");
    const dark = await toastColours(page);
    expect(dark.theme.background).not.toBe(WHITE);
    expect(dark.toast).toEqual(dark.theme);

    await page.emulateMedia({ colorScheme: "light" });
    await createAccountWithForm(page, "Ahorros");
    const light = await toastColours(page);
    expect(light.toast).toEqual({ background: WHITE, text: light.theme.text });
  });
});
