/** Export links (the list's CSV, the settings export, a receipt) opened after the session ended. */
import { createUser, expect, signInAs, test } from "../support/fixtures";
import { apiPost, createAccount } from "../support/ledger-api";

test.describe("a stale export link", () => {
  test("opened after the session ended on another device, it leads to sign in and says why, then back to the list it exports, not to a bare 404 or a download that leaves the tab on the sign-in form", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles" });
    // The page is drawn first, so the app Worker has just checked this session (ADR 023's memory).
    await page.goto(`/accounts/${accountId}/transactions?q=wong`);
    await request.post("/api/v1/auth/logout", { headers: { Authorization: `Bearer ${signedIn.token}` } });
    await page.goto(`/accounts/${accountId}/transactions.csv?q=wong`);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/accounts/${accountId}/transactions?q=wong`)}`);
    await expect(page.getByTestId("toast").filter({ hasText: "Your session has ended. Sign in again to continue." })).toBeVisible();
    await page.getByLabel("Email").fill(signedIn.email);
    await page.getByLabel("Password").fill(signedIn.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`/accounts/${accountId}/transactions?q=wong`);
    await expect(page.getByLabel("Search")).toHaveValue("wong");
    // From here the export is one click away, and it downloads.
    const download = page.waitForEvent("download");
    await page.getByTestId("export").click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  });

  test("the settings export and a receipt opened after the session ended also lead to sign in, and back to the settings page or the receipt", async ({ page, request, signedIn, baseURL }) => {
    await page.goto("/settings");
    await request.post("/api/v1/auth/logout", { headers: { Authorization: `Bearer ${signedIn.token}` } });
    await page.goto("/resources/export?format=json");
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/settings")}`);
    await expect(page.getByTestId("toast").filter({ hasText: "Your session has ended. Sign in again to continue." })).toBeVisible();

    const again = await createUser(request);
    const accountId = await createAccount(request, again, { name: "BCP Soles" });
    const { transaction } = await apiPost<{ transaction: { id: string } }>(request, again, `/accounts/${accountId}/transactions`, { date: "2026-11-20", description: "Wong", amount: "-12.50" });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
    expect((await request.put(`/api/v1/transactions/${transaction.id}/receipt`, { data: jpeg, headers: { Authorization: `Bearer ${again.token}`, "Content-Type": "image/jpeg" } })).status()).toBe(200);
    await signInAs(page, again, baseURL!);
    await page.goto(`/accounts/${accountId}/transactions`);
    await request.post("/api/v1/auth/logout", { headers: { Authorization: `Bearer ${again.token}` } });
    await page.goto(`/resources/receipts/${transaction.id}`);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/resources/receipts/${transaction.id}`)}`);
    await expect(page.getByTestId("toast").filter({ hasText: "Your session has ended. Sign in again to continue." })).toBeVisible();
    await page.getByLabel("Email").fill(again.email);
    await page.getByLabel("Password").fill(again.password);
    const receipt = page.waitForResponse((response) => response.url().endsWith(`/resources/receipts/${transaction.id}`) && response.status() === 200);
    await page.getByRole("button", { name: "Sign in" }).click();
    expect((await receipt).headers()["content-type"]).toBe("image/jpeg");
    await expect(page).toHaveURL(`/resources/receipts/${transaction.id}`);
  });
});
