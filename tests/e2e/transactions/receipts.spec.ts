/** A transaction's receipt on the list: its thumbnail, and its link once the photo is gone. */
import { expect, hydrated, randomIp, test } from "../support/fixtures";
import { addTransactions, apiPost, createAccount } from "../support/ledger-api";
import { toast } from "../support/pages";

test.describe("receipts", () => {
  test("a transaction's receipt shows as a thumbnail linked to the image", async ({ page, request, signedIn }) => {
    const accountId = await createAccount(request, signedIn, { name: "BCP Soles" });
    const { transaction } = await apiPost<{ transaction: { id: string } }>(request, signedIn, `/accounts/${accountId}/transactions`, { date: "2026-11-02", description: "Tambo+", amount: "-8.90" });
    await addTransactions(request, signedIn, accountId, [{ date: "2026-11-03", description: "Sin boleta", amount: "-1.00" }]);
    // A 1×1 PNG.
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const upload = await request.put(`/api/v1/transactions/${transaction.id}/receipt`, { data: png, headers: { Authorization: `Bearer ${signedIn.token}`, "Content-Type": "image/png", "CF-Connecting-IP": randomIp() } });
    expect(upload.status(), await upload.text()).toBe(200);
    await page.goto(`/accounts/${accountId}/transactions`);
    const row = page.getByTestId("transaction-row").filter({ hasText: "Tambo+" });
    const image = row.getByRole("img", { name: "Receipt of Tambo+" });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await expect(row.getByTestId("receipt-link")).toHaveAttribute("href", `/resources/receipts/${transaction.id}`);
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Sin boleta" }).getByRole("img")).toHaveCount(0);

    // Removed meanwhile (another tab): its link, opened in a tab, leads back to the list with a
    // message, not to a bare "Not Found"; as an image it is still a plain 404.
    const removed = await request.delete(`/api/v1/transactions/${transaction.id}/receipt`, { headers: { Authorization: `Bearer ${signedIn.token}`, "CF-Connecting-IP": randomIp() } });
    expect(removed.status()).toBe(204);
    await hydrated(page);
    const [tab] = await Promise.all([page.context().waitForEvent("page"), row.getByTestId("receipt-link").click()]);
    await expect(tab).toHaveURL(`/accounts/${accountId}/transactions`);
    await expect(toast(tab, "That receipt is no longer there: its photo or its transaction was deleted.")).toBeVisible();
    expect((await page.request.get(`/resources/receipts/${transaction.id}`, { headers: { "Sec-Fetch-Dest": "image" } })).status()).toBe(404);
  });
});
