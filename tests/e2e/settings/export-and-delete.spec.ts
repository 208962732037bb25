/** /settings: the export of all data, and deleting the account. */
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { createUser, expect, hydrated, randomIp, STRONG_PASSWORD, test } from "../support/fixtures";

test("export contains the accounts, transactions and categories, as JSON and as CSV files", async ({ page, request, signedIn }) => {
  const headers = { Authorization: `Bearer ${signedIn.token}` };
  const account = await (await request.post("/api/v1/accounts", { headers, data: { name: "Interbank Dólares", type: "savings", currency: "USD" } })).json();
  await request.post(`/api/v1/accounts/${account.account.id}/transactions`, { headers, data: { date: "2026-11-02", description: "Sueldo noviembre", amount: "1500.00" } });

  await page.goto("/settings");
  const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download JSON" }).click()]);
  expect(json.suggestedFilename()).toMatch(/^tesoro-export-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await json.path())!, "utf8"));
  expect(data.user.email).toBe(signedIn.email);
  expect(data.accounts).toEqual([expect.objectContaining({ name: "Interbank Dólares", currency: "USD", balance: "1500.00" })]);
  expect(data.transactions).toEqual([expect.objectContaining({ description: "Sueldo noviembre", amount: "1500.00", amountMinor: 150000, date: "2026-11-02" })]);
  expect(data.categories.length).toBeGreaterThan(0);

  const [zip] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV files (zip)" }).click()]);
  const files = unzipSync(new Uint8Array(readFileSync((await zip.path())!)));
  expect(strFromU8(files["transactions.csv"]!)).toContain('"Sueldo noviembre",1500.00,150000,"USD"');
  expect(strFromU8(files["accounts.csv"]!)).toContain("Interbank Dólares");

  // The session ends (signed out from another device): the button leads away from the settings,
  // to a page that says so, instead of saving that page as the "export" (login.html).
  await request.post("/api/v1/auth/logout", { headers });
  await page.getByRole("link", { name: "Download JSON" }).click();
  await expect(page).not.toHaveURL(/\/settings/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("an export in a format that does not exist, opened as a page, leads back to the settings with a message", async ({ page, signedIn }) => {
  void signedIn;
  await page.goto("/settings");
  await page.goto("/resources/export?format=pdf");
  await expect(page).toHaveURL("/settings");
  await expect(page.getByTestId("toast").filter({ hasText: "There is no export in that format: choose JSON or CSV files." })).toBeVisible();
  // A script still gets the bare status.
  expect((await page.request.get("/resources/export?format=pdf", { headers: { "Sec-Fetch-Dest": "empty" } })).status()).toBe(400);
});

test("an export link opened while signed out leads, once signed in, to the settings page that offers it, not to a download that leaves the tab on the sign-in form", async ({ browser, baseURL, request }) => {
  const user = await createUser(request);
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto("/resources/export?format=json");
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/settings")}`);
  await hydrated(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/settings");
  // The file is one click away.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download JSON" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^tesoro-export-\d{4}-\d{2}-\d{2}\.json$/);
  expect(JSON.parse(readFileSync((await download.path())!, "utf8")).user.email).toBe(user.email);
  await context.close();
});

test("deleting the account needs the password and a confirmation, then removes everything", async ({ page, request, signedIn }) => {
  const headers = { Authorization: `Bearer ${signedIn.token}` };
  const { account } = await (await request.post("/api/v1/accounts", { headers, data: { name: "Caja", type: "cash", currency: "PEN" } })).json();
  await page.goto("/settings");
  // The "are you sure" is the script's: a click before hydration posts the form natively, without
  // it, and the dialog handler below would be left for the next click (seen once under load).
  await hydrated(page);
  const form = page.getByRole("form", { name: "Delete account" });

  // Without the box ticked nothing is sent.
  await form.getByLabel("Password").fill(signedIn.password);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.getByText("Tick the box to confirm.")).toBeVisible();

  // Dismissing the browser's "are you sure" keeps everything.
  await form.getByLabel("I understand that all my data will be deleted for good.").check();
  page.once("dialog", (dialog) => void dialog.dismiss());
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  expect((await request.get(`/api/v1/accounts/${account.id}`, { headers })).status()).toBe(200);

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Delete your account and all its data for good?");
    void dialog.accept();
  });
  await form.getByLabel("Password").fill(signedIn.password);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your account and all its data were deleted.")).toBeVisible();

  expect((await request.get(`/api/v1/accounts/${account.id}`, { headers })).status()).toBe(401);
  const login = await request.post("/api/v1/auth/login", { data: { email: signedIn.email, password: STRONG_PASSWORD }, headers: { "CF-Connecting-IP": randomIp() } });
  expect(login.status()).toBe(401);
  // The address is free again.
  await createUser(request, { email: signedIn.email });
});
