/** /reports (issue 38, ADR 059): the tables hold what the API answers, the CSVs the same numbers, charts show without overflowing, in both languages at phone and desktop width. */
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, hydrated, signInAs, test, type TestUser } from "../support/fixtures";
import { addTransactions, apiPost, createAccount } from "../support/ledger-api";
import { todayInLima } from "../support/dates";
import { spanishPage } from "../support/pages";

interface Report {
  from: string;
  to: string;
  currency: string;
  months: string[];
  netWorth: Array<{ month: string; assetsMinor: number; debtsMinor: number; netMinor: number }>;
  cashFlow: Array<{ month: string; inMinor: number; outMinor: number; netMinor: number }>;
  spending: Array<{ id: string; totalMinor: number; byMonth: number[] }>;
  topPayees: Array<{ payee: string; minor: number }>;
  leftOut: Array<{ currency: string }>;
}

const decimal = (minor: number) => `${minor < 0 ? "-" : ""}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, "0")}`;

async function seed(request: APIRequestContext, user: TestUser) {
  const today = todayInLima();
  const month = today.slice(0, 7);
  const previous = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 2, 1)).toISOString().slice(0, 7);
  const categories = (await (await request.get("/api/v1/categories", { headers: { Authorization: `Bearer ${user.token}` } })).json()).categories as Array<{ id: string; defaultKey: string }>;
  const id = (key: string) => categories.find((c) => c.defaultKey === key)!.id;
  const bcp = await createAccount(request, user, { name: "BCP", openingBalance: "1500.00", openingDate: `${previous}-01` });
  const visa = await createAccount(request, user, { name: "Visa", type: "credit_card", openingDate: `${previous}-01` });
  // Pounds: a currency with no official rate (the local BCRP answer has USD and EUR) and none of the user's.
  const pounds = await createAccount(request, user, { name: "Libras", currency: "GBP", openingBalance: "50.00", openingDate: `${previous}-01` });
  await addTransactions(request, user, pounds, [{ date: `${month}-01`, description: "Tea", payee: "Fortnum", amount: "-12.00" }]);
  await addTransactions(request, user, bcp, [
    { date: `${previous}-02`, description: "Sueldo", amount: "4200.00", categoryId: id("income") },
    { date: `${previous}-03`, description: "Wong", payee: "Wong", amount: "-312.40", categoryId: id("groceries") },
    { date: `${month}-01`, description: "Plaza Vea", payee: "Plaza Vea", amount: "-88.15", categoryId: id("groceries") },
  ]);
  await addTransactions(request, user, visa, [{ date: `${month}-01`, description: "Cineplanet", payee: "Cineplanet", amount: "-45.00" }]);
  await apiPost(request, user, "/transfers", { fromAccountId: bcp, toAccountId: visa, amount: "45.00", date: `${month}-01`, description: "Pago Visa" });
  const response = await request.get(`/api/v1/reports`, { headers: { Authorization: `Bearer ${user.token}` }, params: { to: month } });
  expect(response.status()).toBe(200);
  return { month, previous, report: (await response.json()) as Report };
}

/** Each row's figures as the page wrote them (data-minor of each amount). */
async function tableMinors(page: Page, testId: string): Promise<number[][]> {
  return page.getByTestId(testId).locator("tbody tr").evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td:not([data-native]) [data-minor]")].map((cell) => Number(cell.getAttribute("data-minor")))));
}

async function csvOf(page: Page, testId: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return readFile((await download.path())!, "utf8");
}

for (const view of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  for (const language of ["en", "es"] as const) {
    test(`reports match the API, download as CSV and fit the screen (${language}, ${view.name})`, async ({ page: englishPage, request, signedIn, browser, baseURL }) => {
      const { report } = await seed(request, signedIn);
      if (language === "es") {
        const switched = await request.patch("/api/v1/users/me", { data: { locale: "es" }, headers: { Authorization: `Bearer ${signedIn.token}` } });
        expect(switched.status()).toBe(200);
      }
      const spanish = language === "es" ? await spanishPage(browser, baseURL!, signedIn) : null;
      const page = spanish?.page ?? englishPage;
      await page.setViewportSize({ width: view.width, height: view.height });
      await page.goto("/reports");
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language === "es" ? "Reportes" : "Reports");

      // Twelve months to this one: the page's default period, the API's for `to` alone.
      expect(await tableMinors(page, "table-net-worth")).toEqual(report.netWorth.map((m) => [m.assetsMinor, m.debtsMinor, m.netMinor]));
      expect(await tableMinors(page, "table-cash-flow")).toEqual(report.cashFlow.map((m) => [m.inMinor, m.outMinor, m.netMinor]));
      expect(await tableMinors(page, "table-spending")).toEqual(report.spending.map((c) => [...c.byMonth, c.totalMinor]));
      expect((await tableMinors(page, "table-payees")).map((row) => row[0])).toEqual(report.topPayees.map((p) => p.minor));
      // The transfer is not money in or out; the pounds without a rate are said to be left out.
      expect(report.cashFlow.at(-1)).toMatchObject({ inMinor: 0, outMinor: -13_315 });
      expect(report.leftOut.map((l) => l.currency)).toEqual(["GBP"]);
      await expect(page.getByTestId("report-rates")).toContainText("GBP");

      // Charts are server-drawn images with a title; they and the page fit the width, wide tables scroll in their box.
      for (const chart of ["chart-net-worth", "chart-cash-flow", "chart-spending"]) {
        const svg = page.getByTestId(chart);
        await expect(svg).toHaveAttribute("role", "img");
        await expect(svg.locator("title")).not.toBeEmpty();
        const box = (await svg.boundingBox())!;
        expect(box.width).toBeLessThanOrEqual(view.width);
      }
      // The payees' bars are HTML (ADR 088): one image too, named by its title, each name and amount the page's own text.
      const payees = page.getByTestId("chart-payees");
      await expect(payees).toHaveAttribute("role", "img");
      const count = report.topPayees.length;
      await expect(payees).toHaveAccessibleName(language === "es" ? new RegExp(`^Los ${count} comercios o personas con quienes más gastaste de `) : new RegExp(`^The ${count} payees you spent most with from `));
      expect((await payees.boundingBox())!.width).toBeLessThanOrEqual(view.width);
      // Every chart's text reads at 10 px or more at either width (it was 6.6 px on a phone), inside its
      // chart; the month labels shown do not overlap.
      const texts = await page.locator("svg[role=img]").evaluateAll((charts) =>
        charts.flatMap((chart) => {
          const frame = chart.getBoundingClientRect();
          const scale = frame.width / (chart as SVGSVGElement).viewBox.baseVal.width;
          return [...chart.querySelectorAll("text")]
            .filter((node) => getComputedStyle(node).display !== "none")
            .map((node) => {
              const box = node.getBoundingClientRect();
              return { chart: chart.dataset.testid, text: node.textContent, month: node.hasAttribute("text-anchor"), px: parseFloat(getComputedStyle(node).fontSize) * scale, left: box.left, right: box.right, inside: box.left >= frame.left - 1 && box.right <= frame.right + 1 };
            });
        }),
      );
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.filter((text) => text.px < 10 || !text.inside)).toEqual([]);
      for (const chart of new Set(texts.map((text) => text.chart))) {
        const months = texts.filter((text) => text.chart === chart && text.month).sort((a, b) => a.left - b.left);
        expect(months.length).toBeGreaterThan(0);
        expect(months.filter((text, i) => i > 0 && text.left < months[i - 1]!.right), `${chart}: overlapping months`).toEqual([]);
      }
      const payeeText = await payees.getByText(report.topPayees[0]!.payee).evaluate((node) => parseFloat(getComputedStyle(node).fontSize));
      expect(payeeText).toBeGreaterThanOrEqual(12);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      const netWorthCsv = await csvOf(page, "csv-net-worth");
      expect(netWorthCsv.startsWith("\uFEFF")).toBe(true);
      const lines = netWorthCsv.slice(1).trim().split("\r\n");
      expect(lines[0]).toBe(language === "es" ? '"Mes","Activos","Deudas","Neto","Moneda"' : '"Month","Assets","Debts","Net","Currency"');
      expect(lines.slice(1)).toEqual(report.netWorth.map((m) => `${m.month},${decimal(m.assetsMinor)},${decimal(m.debtsMinor)},${decimal(m.netMinor)},PEN`));
      const payeesCsv = (await csvOf(page, "csv-payees")).slice(1).trim().split("\r\n").slice(1);
      expect(payeesCsv.map((line) => line.split(",").slice(0, 2))).toEqual(report.topPayees.map((p) => [`"${p.payee}"`, decimal(p.minor)]));
      // Pounds with no rate are not in "Spent": the chart and the CSV say what was spent, unconverted (session 36 QA).
      expect(payeesCsv.find((line) => line.startsWith('"Fortnum"'))).toBe('"Fortnum",0.00,1,PEN,"12.00 GBP"');
      await expect(payees).toContainText(language === "es" ? /12\.00, sin convertir: no hay tipo de cambio/ : /12\.00, not converted: no rate/);
      await spanish?.context.close();
    });
  }
}

test("the filters narrow the period and the accounts without scripts", async ({ browser, request, signedIn, baseURL }) => {
  const { month, previous } = await seed(request, signedIn);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAs(page, signedIn, baseURL!);
  await page.goto("/reports");
  await expect(page.getByTestId("table-net-worth").locator("tbody tr")).toHaveCount(12);
  // Months typed by hand make a custom period even though the list still says "Last 12 months".
  await page.getByLabel("From month").fill(previous);
  await page.getByLabel("To month").fill(month);
  await page.getByRole("checkbox", { name: "Visa" }).check();
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/period=last12/);
  await expect(page.getByTestId("table-net-worth").locator("tbody tr")).toHaveCount(2);
  await expect(page.getByLabel("Period", { exact: true })).toHaveValue("custom");
  // Only the card: -45.00 spent, +45.00 paid by the transfer; nothing in the previous month.
  expect(await tableMinors(page, "table-net-worth")).toEqual([
    [0, 0, 0],
    [0, 0, 0],
  ]);
  expect(await tableMinors(page, "table-cash-flow")).toEqual([
    [0, 0, 0],
    [0, -4_500, -4_500],
  ]);
  // A month the other way round is refused under its field.
  await page.getByLabel("From month").fill(month);
  await page.getByLabel("To month").fill(previous);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("The last month comes after the first.")).toBeVisible();
  await context.close();
});
