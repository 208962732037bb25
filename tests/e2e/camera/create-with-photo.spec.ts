/** "Create with photo" is one call to the API: the transaction and its receipt together, or neither (ADR 047). */
import type { APIRequestContext } from "@playwright/test";
import { expect, hydrated, test, type TestUser } from "../support/fixtures";
import { qrPng } from "../support/fake-camera";

async function api(request: APIRequestContext, user: TestUser, method: "post" | "get", path: string, data?: unknown) {
  const response = await request[method](`/api/v1${path}`, { headers: { Authorization: `Bearer ${user.token}` }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test.describe("create a transaction with its photo", () => {
  test("creates the transaction with its receipt in one call", async ({ page, request, signedIn }) => {
    const { account } = await api(request, signedIn, "post", "/accounts", { name: "BCP Soles", type: "checking", currency: "PEN" });
    const descriptions = async () =>
      (await api(request, signedIn, "get", `/accounts/${account.id}/transactions`)).transactions.map((tx: { description: string; receiptKey: string | null }) => [tx.description, Boolean(tx.receiptKey)]);
    await page.goto("/camera");
    await hydrated(page);
    await page.getByRole("button", { name: "Receipt photo" }).click();
    await page.getByLabel("Choose or take a photo").setInputFiles({ name: "recibo.png", mimeType: "image/png", buffer: await qrPng("recibo") });
    await expect(page.getByTestId("photo-preview")).toBeVisible();
    await page.getByLabel("Account").selectOption(account.id);
    const create = page.getByRole("form", { name: "Or create a transaction with it" });
    await create.getByLabel("Description").fill("Tambo Miraflores");
    await create.getByLabel("Amount").fill("-12.50");
    await create.getByRole("button", { name: "Create with photo" }).click();
    await expect(page.getByTestId("upload-success")).toContainText("The transaction was created with its photo.");
    expect(await descriptions()).toEqual([["Tambo Miraflores", true]]);

  });
});
