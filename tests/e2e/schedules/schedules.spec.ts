/**
 * Scheduled transactions (issue 37, ADR 058): a schedule made on /schedules, its next occurrences
 * on the schedules page, the account's transactions page and the overview, each posted now,
 * skipped or edited for that day only; "Found for you" accepted. With and without JavaScript, in
 * English and Spanish, at phone and desktop width.
 */
import { createUser, expect, hydrated, signInAs, test, type TestUser } from "../support/fixtures";
import { todayInLima } from "../support/dates";
import { addTransactions, apiPost, createAccount } from "../support/ledger-api";
import { soles } from "../support/money";
import { spanishPage, toast } from "../support/pages";
import type { APIRequestContext, Page } from "@playwright/test";

async function schedule(request: APIRequestContext, user: TestUser, body: Record<string, unknown>) {
  return (await apiPost<{ schedule: { id: string } }>(request, user, "/schedules", { kind: "weeks", start: todayInLima(), mode: "confirm", ...body })).schedule.id;
}

/** Opens the account page's "Coming up" disclosure unless it is open already. */
async function openUpcoming(page: Page) {
  const details = page.getByTestId("account-upcoming");
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.locator("summary").click();
}

for (const width of [390, 1280]) {
  test.describe(`schedules at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("made on /schedules, then posted, skipped and edited for one day from the account's page", async ({ page, request, signedIn }) => {
      test.slow();
      const accountId = await createAccount(request, signedIn, { name: "BCP Soles", openingBalance: "1000.00", openingDate: "2026-01-01" });
      await page.goto("/schedules");
      await hydrated(page);
      const form = page.getByTestId("new-schedule-form");
      await form.getByLabel("Description").fill("Gym");
      await form.getByLabel("Amount", { exact: true }).fill("30.00");
      await form.getByLabel("Repeats").selectOption("weeks");
      // A start in the past posts nothing before today (ADR 058): the field says so (session 35's tester).
      await expect(form.getByLabel("Starts")).toHaveAccessibleDescription("Dates before today are not posted: add past ones as movements.");
      // Sent by its button on a desktop, by Enter in a field on a phone: focus lands on the summary either way.
      if (width === 390) await form.getByLabel("Description").press("Enter");
      else await form.getByRole("button", { name: "Add schedule" }).click();
      await expect(toast(page, "Schedule added.")).toBeVisible();
      await expect(page.getByTestId("schedule").filter({ hasText: "Gym" })).toContainText("Every week");
      // The form closed, focus on what opens it again, and it opens blank: a second schedule does not
      // take the first one's payee or category unasked (session 36 QA).
      const summary = page.getByTestId("new-schedule").locator("summary");
      await expect(summary).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(form.getByLabel("Description")).toHaveValue("");
      await expect(form.getByLabel("Amount", { exact: true })).toHaveValue("");
      await expect(form.getByLabel("Repeats")).toHaveValue("monthlyDay");
      const first = page.getByTestId("upcoming").getByTestId("occurrence").first();
      await expect(first).toContainText("To confirm");
      await expect(first).toContainText("Today");

      await page.goto(`/accounts/${accountId}/transactions`);
      await hydrated(page);
      const upcoming = page.getByTestId("account-upcoming");
      await expect(upcoming).toHaveAttribute("open", "");
      const rows = upcoming.getByTestId("occurrence");
      await rows.first().getByRole("button", { name: "Post now" }).click();
      await expect(toast(page, "Posted.")).toBeVisible();
      await expect(page.getByTestId("account-balance")).toContainText(soles("970.00"));
      await expect(page.getByTestId("transaction-row").filter({ hasText: "Gym" })).toHaveCount(1);
      // The next one: skipped; the one after: edited for that day only.
      await openUpcoming(page);
      await rows.first().getByRole("button", { name: "Skip" }).click();
      await expect(toast(page, "Skipped.")).toBeVisible();
      await openUpcoming(page);
      await rows.first().getByRole("link", { name: "Edit this one" }).click();
      const edit = page.getByTestId("occurrence-edit");
      await edit.getByLabel("Amount (this one only)").fill("45.50");
      await edit.getByRole("button", { name: "Save this one" }).click();
      await expect(toast(page, "Changed for that day only.")).toBeVisible();
      await openUpcoming(page);
      await expect(rows.first()).toContainText("Changed");
      await expect(rows.first()).toContainText(`-${soles("45.50")}`);
      await expect(page.getByTestId("account-balance")).toContainText(soles("970.00"));
      await page.screenshot({ path: `test-results/schedules-account-${width}.png`, fullPage: true });
      await page.goto("/schedules");
      await page.screenshot({ path: `test-results/schedules-page-${width}.png`, fullPage: true });
    });

    test("works without JavaScript: create, post now, a refusal beside its field", async ({ browser, request, user, baseURL }) => {
      test.slow();
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signInAs(page, user, baseURL!);
      await createAccount(request, user, { name: "Cash", openingBalance: "200.00", openingDate: "2026-01-01" });
      await page.goto("/schedules");
      const form = page.getByTestId("new-schedule-form");
      await form.getByLabel("Description").fill("Rent");
      await form.getByLabel("Amount", { exact: true }).fill("12.345");
      await form.getByLabel("Repeats").selectOption("monthlyDay");
      await form.getByLabel("Day of the month").fill("31");
      await form.getByRole("button", { name: "Add schedule" }).click();
      await expect(page.getByTestId("new-schedule-form").locator("#new-schedule-amount-error")).toBeVisible();
      await expect(page.getByTestId("new-schedule-form").getByLabel("Description")).toHaveValue("Rent");
      await page.getByTestId("new-schedule-form").getByLabel("Amount", { exact: true }).fill("150.00");
      await page.getByTestId("new-schedule-form").getByRole("button", { name: "Add schedule" }).click();
      await expect(page.getByTestId("schedule").filter({ hasText: "Rent" })).toContainText("Monthly on day 31");
      await context.close();
    });
  });
}

test("without JavaScript, an occurrence is posted from the overview and comes back to it", async ({ browser, request, user, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAs(page, user, baseURL!);
  const accountId = await createAccount(request, user, { name: "Cash", openingBalance: "200.00", openingDate: "2026-01-01" });
  await schedule(request, user, { accountId, description: "Water", amount: "-20.00" });
  await page.goto("/");
  const card = page.getByTestId("overview-upcoming");
  await expect(card.getByTestId("occurrence").first()).toContainText("To confirm");
  await card.getByTestId("occurrence").first().getByRole("button", { name: "Post now" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("overview-upcoming").getByTestId("occurrence").first()).not.toContainText("To confirm");
  await context.close();
});

test("en español: Encontrados para ti, agregar una sugerencia", async ({ browser, request, baseURL }) => {
  const user = await createUser(request, { locale: "es" });
  const accountId = await createAccount(request, user, { name: "Sueldo", openingBalance: "0.00", openingDate: "2025-01-01" });
  const today = todayInLima();
  const weeksAgo = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 7 * 86_400_000).toISOString().slice(0, 10);
  await addTransactions(request, user, accountId, [1, 2, 3, 4, 5].map((n) => ({ date: weeksAgo(n), description: "Netflix", payee: "Netflix", amount: "-44.90" })));
  const { page, context } = await spanishPage(browser, baseURL!, user);
  await page.goto("/schedules");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Programados" })).toBeVisible();
  const found = page.getByTestId("suggestions");
  await expect(found.getByRole("heading", { name: "Encontrados para ti" })).toBeVisible();
  const netflix = found.getByTestId("suggestion").filter({ hasText: "Netflix" });
  await expect(netflix).toContainText("Cada semana");
  await netflix.getByRole("button", { name: "Agregar" }).click();
  await expect(toast(page, "Programación agregada.")).toBeVisible();
  await expect(page.getByTestId("schedule").filter({ hasText: "Netflix" })).toContainText("Me pide confirmar");
  await expect(page.getByTestId("suggestions")).toHaveCount(0);
  await context.close();
});

test("en español: una programación de una cuenta archivada dice que está en pausa y cómo volver, sin editar", async ({ browser, request, baseURL }) => {
  const user = await createUser(request, { locale: "es" });
  const visa = await createAccount(request, user, { name: "Visa", type: "credit_card", openingDate: "2026-01-01" });
  const bcp = await createAccount(request, user, { name: "BCP", openingBalance: "500.00", openingDate: "2026-01-01" });
  const netflix = await schedule(request, user, { accountId: visa, description: "Netflix", amount: "-44.90", kind: "months" });
  await schedule(request, user, { accountId: bcp, description: "Luz", amount: "-80.00", kind: "months" });
  // One that has run its course: posted once, ended.
  const once = await schedule(request, user, { accountId: visa, description: "Matrícula", amount: "-300.00", kind: "days", count: 1 });
  expect((await request.post(`/api/v1/schedules/${once}/occurrences/${todayInLima()}/post`, { headers: { Authorization: `Bearer ${user.token}` } })).status()).toBe(201);
  const archive = (archived: boolean) => request.patch(`/api/v1/accounts/${visa}`, { headers: { Authorization: `Bearer ${user.token}` }, data: { archived } });
  // An edit open while the account is archived in another tab. With JavaScript the refusal stands
  // beside the account; without, the page comes back without the form (the schedule is paused now),
  // so the refusal is said at its top, not lost with the form.
  const { page: noScript, context: bare } = await spanishPage(browser, baseURL!, user, { javaScriptEnabled: false });
  await noScript.goto(`/schedules?edit=${netflix}`);
  const editing = noScript.getByTestId("schedule-editing");
  await expect(editing).toBeVisible();
  expect((await archive(true)).status()).toBe(200);
  await editing.getByLabel("Descripción").fill("Netflix Premium");
  await editing.getByRole("button", { name: "Guardar" }).click();
  await expect(noScript.getByRole("alert").filter({ hasText: "Esta cuenta está archivada." })).toBeVisible();
  await expect(noScript.getByTestId("schedule-editing")).toHaveCount(0);
  await bare.close();
  const { page, context } = await spanishPage(browser, baseURL!, user);
  await page.goto("/schedules");
  await hydrated(page);
  const row = page.getByTestId("schedule").filter({ hasText: "Netflix" });
  await expect(row).toContainText("En pausa");
  await expect(row.getByTestId("schedule-paused")).toHaveText("No se registra mientras \"Visa\" esté archivada: restáurala en la página Cuentas o elimina esta programación.");
  await expect(row).not.toContainText("próximo");
  // Its account is not among the form's, so an edit would move it unasked: only delete is offered.
  await expect(row.getByRole("link", { name: "Editar la programación Netflix" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: /^Eliminar la programación Netflix/ })).toBeVisible();
  await page.goto(`/schedules?edit=${netflix}`);
  await expect(page.getByTestId("schedule-editing")).toHaveCount(0);
  // Ended, it reads "terminada" as any other: restoring the account would post nothing.
  const ended = page.getByTestId("schedule").filter({ hasText: "Matrícula" });
  await expect(ended).toContainText("terminada");
  await expect(ended).not.toContainText("En pausa");
  await expect(ended.getByTestId("schedule-paused")).toHaveCount(0);
  // The other account's schedule goes on as before.
  const luz = page.getByTestId("schedule").filter({ hasText: "Luz" });
  await expect(luz).toContainText("próximo");
  await expect(luz.getByTestId("schedule-paused")).toHaveCount(0);
  // Restored, it is itself again.
  expect((await archive(false)).status()).toBe(200);
  await page.goto("/schedules");
  await expect(row).toContainText("próximo");
  await expect(row.getByTestId("schedule-paused")).toHaveCount(0);
  await expect(row.getByRole("link", { name: "Editar la programación Netflix" })).toBeVisible();
  await context.close();
});
