/**
 * /camera in Chromium with a fake camera that films a QR code (a .y4m made by the test), and with
 * the camera denied. QR decoding runs in the page (native BarcodeDetector or the ZXing WebAssembly
 * served from our own origin).
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { chromiumLaunch } from "../../../playwright.config";
import { expect, hydrated, test, type TestUser } from "../support/fixtures";
import { PERU_QR_TEXT, qrPng, writeQrVideo } from "../support/fake-camera";

const qrVideo = writeQrVideo(PERU_QR_TEXT, "peru-qr");

async function api(request: APIRequestContext, user: TestUser, method: "post" | "get", path: string, data?: unknown) {
  const response = await request[method](`/api/v1${path}`, { headers: { Authorization: `Bearer ${user.token}` }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

async function accountWithTransaction(request: APIRequestContext, user: TestUser) {
  const { account } = await api(request, user, "post", "/accounts", { name: "BCP Soles", type: "checking", currency: "PEN" });
  const { transaction } = await api(request, user, "post", `/accounts/${account.id}/transactions`, { date: "2026-11-20", description: "Wong San Isidro", amount: "-85.40" });
  return { accountId: account.id as string, transactionId: transaction.id as string };
}

// The fake camera is a browser launch option, so it applies to this whole file (one worker).
test.use({
  launchOptions: {
    ...chromiumLaunch,
    args: [...chromiumLaunch.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${qrVideo}`],
  },
});

test.describe("with a camera that films a payment QR code", () => {

  test("decodes the EMVCo QR live and shows payee, city, amount and currency", async ({ page }) => {
    await page.goto("/camera");
    await hydrated(page); // a file chosen before React attaches its handlers would be lost
    await page.getByRole("button", { name: "Start camera" }).click();
    const result = page.getByTestId("qr-result");
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.getByRole("heading", { name: "Payment QR code" })).toBeVisible();
    await expect(page.getByTestId("qr-payee")).toHaveText("BODEGA DOÑA ROSA");
    await expect(page.getByTestId("qr-city")).toHaveText("LIMA");
    await expect(page.getByTestId("qr-currency")).toHaveText("PEN · Peruvian Sol");
    await expect(page.getByTestId("qr-amount")).toHaveText(/S\/\s?25\.50/);
    // Signed out: no transaction can be created, the page says how.
    await expect(result.getByRole("link", { name: "Sign in to create a transaction from this code." })).toBeVisible();
    // The camera is released once the code is read.
    await expect(page.getByTestId("camera-video")).toBeHidden();
  });

  test("signed in, 'Create transaction' opens the account's form prefilled", async ({ page, request, signedIn }) => {
    const { accountId } = await accountWithTransaction(request, signedIn);
    const { account: dollars } = await api(request, signedIn, "post", "/accounts", { name: "Interbank Dólares", type: "savings", currency: "USD" });
    await page.goto("/camera");
    await hydrated(page); // a file chosen before React attaches its handlers would be lost
    await page.getByRole("button", { name: "Start camera" }).click();
    const create = page.getByTestId("qr-create");
    await expect(create).toBeVisible({ timeout: 20_000 });
    // The account in the code's currency is picked first.
    await expect(page.getByLabel("Account")).toHaveValue(accountId);
    const href = new URL((await create.getAttribute("href"))!, "http://x");
    expect(href.pathname).toBe(`/accounts/${accountId}/transactions`);
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ new: "1", amount: "-25.50", payee: "BODEGA DOÑA ROSA", description: "Payment to BODEGA DOÑA ROSA" });
    expect(href.searchParams.get("date")).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // In an account of another currency the code's amount is not carried over: S/ 25.50 is not $ 25.50.
    await page.getByLabel("Account").selectOption(dollars.id);
    await expect(page.getByText("This account is in USD; the code is in PEN. The amount is left for you to enter in USD.")).toBeVisible();
    await expect.poll(async () => new URL((await create.getAttribute("href"))!, "http://x").pathname).toBe(`/accounts/${dollars.id}/transactions`);
    const other = new URL((await create.getAttribute("href"))!, "http://x");
    expect(other.searchParams.has("amount")).toBe(false);
    expect(other.searchParams.get("payee")).toBe("BODEGA DOÑA ROSA");
  });

  test("signed in, a receipt photo is attached to a transaction and shown", async ({ page, request, signedIn }) => {
    const { accountId, transactionId } = await accountWithTransaction(request, signedIn);
    await page.goto("/camera");
    await hydrated(page); // a file chosen before React attaches its handlers would be lost
    await page.getByRole("button", { name: "Receipt photo" }).click();
    await page.getByRole("button", { name: "Start camera" }).click();
    await page.getByRole("button", { name: "Take photo" }).click();
    await expect(page.getByTestId("photo-preview")).toBeVisible();
    await page.getByLabel("Account").selectOption(accountId);
    await page.getByTestId("recent-transaction").filter({ hasText: "Wong San Isidro" }).click();
    await page.getByRole("button", { name: "Attach photo" }).click();

    const success = page.getByTestId("upload-success");
    await expect(success).toContainText("The photo was attached.");
    const uploaded = page.getByTestId("uploaded-receipt");
    await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // The list now marks the transaction with its receipt thumbnail, which loads.
    const thumb = page.locator(`[data-transaction-id="${transactionId}"]`).getByTestId("receipt-thumb");
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // Full size, from our own origin, to its owner only.
    const full = await page.request.get(`/resources/receipts/${transactionId}`);
    expect(full.status()).toBe(200);
    expect(full.headers()["content-type"]).toBe("image/jpeg");
    const { transaction } = await api(request, signedIn, "get", `/transactions/${transactionId}`);
    expect(transaction.receiptKey).toBeTruthy();
    const stranger = await page.context().browser()!.newContext();
    expect((await stranger.request.get(`/resources/receipts/${transactionId}`, { maxRedirects: 0 })).status()).toBe(404);
    await stranger.close();
  });

  test("from the transactions page, an older transaction's receipt photo is added through the camera, seen, and removed", async ({ page, request, signedIn }) => {
    const { accountId } = await accountWithTransaction(request, signedIn);
    const { account: dollars } = await api(request, signedIn, "post", "/accounts", { name: "Interbank Dólares", type: "savings", currency: "USD" });
    const { transaction: old } = await api(request, signedIn, "post", `/accounts/${accountId}/transactions`, { date: "2026-01-05", description: "Seguro anual", amount: "-480.00" });
    // Newer than it, more than the camera's list of latest transactions holds.
    for (let day = 1; day <= 21; day++) await api(request, signedIn, "post", `/accounts/${accountId}/transactions`, { date: `2026-10-${String(day).padStart(2, "0")}`, description: `Menú ${day}`, amount: "-12.00" });
    await page.goto(`/accounts/${accountId}/transactions?edit=${old.id}`);
    await hydrated(page);
    const panel = page.getByTestId("receipt-panel");
    await expect(panel).toContainText("No receipt photo yet.");
    // The camera is another page: a change typed in the edit form is not left behind without asking.
    const description = page.getByRole("form", { name: "Edit Seguro anual" }).getByLabel("Description");
    await description.fill("Seguro anual 2026");
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Leave without saving what you changed in this transaction?");
      void dialog.dismiss();
    });
    await panel.getByRole("link", { name: "Add a receipt photo" }).click();
    await expect(description).toHaveValue("Seguro anual 2026");
    page.once("dialog", (dialog) => void dialog.accept());
    await panel.getByRole("link", { name: "Add a receipt photo" }).click();

    await expect(page).toHaveURL(/\/camera\?/);
    await expect(page.getByTestId("receipt-for")).toContainText("“Seguro anual”");
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Receipt photo" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Start camera" }).click();
    await page.getByRole("button", { name: "Take photo" }).click();
    await expect(page.getByTestId("photo-preview")).toBeVisible();
    // Its account and the transaction itself are chosen already, though it is not among the latest 20.
    await expect(page.getByLabel("Account")).toHaveValue(accountId);
    await expect(page.getByTestId("recent-transaction")).toHaveCount(21);
    await expect(page.locator(`[data-transaction-id="${old.id}"] input[type=radio]`)).toBeChecked();
    // Another account, then back: it is listed and chosen again.
    await page.getByLabel("Account").selectOption(dollars.id);
    await expect(page.getByTestId("recent-transactions")).toHaveCount(0);
    await page.getByLabel("Account").selectOption(accountId);
    await expect(page.locator(`[data-transaction-id="${old.id}"] input[type=radio]`)).toBeChecked();
    await page.getByRole("button", { name: "Attach photo" }).click();
    const success = page.getByTestId("upload-success");
    await expect(success).toContainText("The photo was attached.");
    await expect(success).toBeFocused();
    expect((await api(request, signedIn, "get", `/transactions/${old.id}`)).transaction.receiptKey).toBeTruthy();

    // Back to the list it came from, its edit form open (what was typed was left, as asked).
    await success.getByRole("link", { name: "Back to the transaction" }).click();
    await expect(page).toHaveURL(new RegExp(`/accounts/${accountId}/transactions\\?edit=${old.id}$`));
    await hydrated(page);
    await expect(description).toHaveValue("Seguro anual");
    const image = panel.getByRole("img", { name: "Receipt of Seguro anual" });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(panel.getByRole("link", { name: "Replace with another photo" })).toHaveAttribute("href", `/camera?${new URLSearchParams({ account: accountId, transaction: old.id, back: `/accounts/${accountId}/transactions?edit=${old.id}` })}`);
    // Replaced in another tab after this one drew it: removing here keeps the new photo and says so.
    const shown = (await api(request, signedIn, "get", `/transactions/${old.id}`)).transaction.receiptKey;
    const replaced = await request.put(`/api/v1/transactions/${old.id}/receipt`, { headers: { Authorization: `Bearer ${signedIn.token}`, "Content-Type": "image/png" }, data: await qrPng("boleta nueva") });
    expect(replaced.status()).toBe(200);
    await panel.getByText("Remove the photo…").click();
    await panel.getByRole("button", { name: "Yes, remove the photo" }).click();
    await expect(panel.getByRole("alert")).toHaveText("The photo was replaced meanwhile (in another tab or on another device), so it was not removed. This is the new one.");
    const kept = (await api(request, signedIn, "get", `/transactions/${old.id}`)).transaction.receiptKey;
    expect(kept).toBeTruthy();
    expect(kept).not.toBe(shown);
    // The new photo's own address, so the browser cannot show the old one from its cache.
    await expect(image).toHaveAttribute("src", new RegExp(`\\?v=${kept.split("/").pop()}$`));
    // The question stays open over the new photo; removing it now (after asking) keeps the edit
    // form open, and the keyboard goes on from "Add a receipt photo".
    await expect(panel).toContainText("The photo is deleted for good; the transaction stays as it is.");
    await panel.getByRole("button", { name: "Yes, remove the photo" }).click();
    await expect(page.getByText("Receipt photo removed.")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Add a receipt photo" })).toBeFocused();
    await expect(page.getByRole("form", { name: "Edit Seguro anual" })).toBeVisible();
    expect((await api(request, signedIn, "get", `/transactions/${old.id}`)).transaction).toMatchObject({ receiptKey: null, description: "Seguro anual", amount: "-480.00" });
    // A photo is none of the form's fields: saving the form left open meanwhile is no conflict.
    const edit = page.getByRole("form", { name: "Edit Seguro anual" });
    await edit.getByLabel("Description").fill("Seguro anual SOAT");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Transaction saved.")).toBeVisible();
    expect((await api(request, signedIn, "get", `/transactions/${old.id}`)).transaction).toMatchObject({ receiptKey: null, description: "Seguro anual SOAT" });
    expect((await page.request.get(`/resources/receipts/${old.id}`, { maxRedirects: 0 })).status()).toBe(404);
  });

  test("a file that is not an image is refused before a transaction is created for it; the create form's errors are tied to their fields", async ({ page, request, signedIn }) => {
    const { accountId } = await accountWithTransaction(request, signedIn);
    await page.goto("/camera");
    await hydrated(page);
    await page.getByRole("button", { name: "Receipt photo" }).click();
    // A file dialog that allows "All files": a bank statement instead of a photo, refused as it is picked.
    const picker = page.getByLabel("Choose or take a photo");
    await picker.setInputFiles({ name: "estado.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n") });
    await expect(picker).toHaveAccessibleDescription(/Only JPEG, PNG, WebP or HEIC images can be attached\.$/);
    await expect(page.getByTestId("photo-preview")).toHaveCount(0);
    await picker.setInputFiles({ name: "recibo.png", mimeType: "image/png", buffer: await qrPng("recibo") });
    await expect(page.getByTestId("photo-preview")).toBeVisible();
    await page.getByLabel("Account").selectOption(accountId);
    const create = page.getByRole("form", { name: "Or create a transaction with it" });
    // Nothing typed, and the date cleared: each message is read with its field, and the keyboard goes to the first.
    await create.getByLabel("Date").fill("");
    await create.getByRole("button", { name: "Create with photo" }).click();
    await expect(create.getByLabel("Date")).toBeFocused();
    await expect(create.getByLabel("Date")).toHaveAccessibleDescription("Enter a real date as YYYY-MM-DD.");
    await expect(create.getByLabel("Description")).toHaveAccessibleDescription("This field is required.");
    await expect(create.getByLabel("Amount")).toHaveAccessibleDescription(/Enter an amount\.$/);
    // Nothing was sent: no transaction was created.
    const descriptions = async () => (await api(request, signedIn, "get", `/accounts/${accountId}/transactions`)).transactions.map((tx: { description: string }) => tx.description);
    expect(await descriptions()).toEqual(["Wong San Isidro"]);
    // The action checks it again before it creates anything (a page drawn by an older build, a script).
    const posted = await page.request.post("/camera", {
      headers: { Origin: new URL(page.url()).origin, "Sec-Fetch-Site": "same-origin" },
      multipart: { intent: "create", accountId, date: "2026-11-21", description: "Sin foto", amount: "-1.00", idempotencyKey: crypto.randomUUID(), photo: { name: "estado.pdf", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") } },
    });
    expect(posted.status()).toBe(415);
    expect(await descriptions()).toEqual(["Wong San Isidro"]);
  });

  test("opened for a transaction that is gone, the camera page says so; signed out, its sign-in link comes back to the same address", async ({ page, browser, request, signedIn }) => {
    const { accountId, transactionId } = await accountWithTransaction(request, signedIn);
    const address = `/camera?account=${accountId}&transaction=${transactionId}`;
    const deleted = await request.delete(`/api/v1/transactions/${transactionId}`, { headers: { Authorization: `Bearer ${signedIn.token}` } });
    expect(deleted.status()).toBe(200);
    await page.goto(address);
    await expect(page.getByTestId("receipt-for-gone")).toHaveText("That transaction is no longer there (deleted, or not in this account): choose another below once the photo is taken.");
    await expect(page.getByTestId("receipt-for")).toHaveCount(0);

    const context = await browser.newContext();
    const signedOut = await context.newPage();
    await signedOut.goto(address);
    await hydrated(signedOut);
    await expect(signedOut.getByTestId("receipt-for-gone")).toHaveCount(0);
    await signedOut.getByRole("button", { name: "Receipt photo" }).click();
    await signedOut.getByLabel("Choose or take a photo").setInputFiles({ name: "recibo.png", mimeType: "image/png", buffer: await qrPng("recibo") });
    await expect(signedOut.getByRole("link", { name: "Sign in to attach it" })).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(address)}`);
    await context.close();
  });

  test("signed out, the photo can be downloaded and nothing is uploaded", async ({ page }) => {
    const uploads: string[] = [];
    page.on("request", (req) => {
      if (req.method() !== "GET") uploads.push(req.url());
    });
    await page.goto("/camera");
    await hydrated(page); // a file chosen before React attaches its handlers would be lost
    await page.getByRole("button", { name: "Receipt photo" }).click();
    await page.getByRole("button", { name: "Start camera" }).click();
    await page.getByRole("button", { name: "Take photo" }).click();
    await expect(page.getByTestId("photo-signed-out")).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download photo" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^receipt-\d{4}-\d{2}-\d{2}\.jpg$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(uploads).toEqual([]);
  });

  test("the file picker reads a QR code from a picture; a plain QR shows its text", async ({ page }) => {
    await page.goto("/camera");
    await hydrated(page); // a file chosen before React attaches its handlers would be lost
    await page.getByLabel("Choose or take a photo").setInputFiles({ name: "menu.png", mimeType: "image/png", buffer: await qrPng("https://example.com/menu?table=4") });
    await expect(page.getByTestId("qr-text")).toHaveText("https://example.com/menu?table=4", { timeout: 20_000 });
    await expect(page.getByTestId("qr-result").getByRole("heading", { name: "QR code" })).toBeVisible();
  });

  test("a payment QR with a wrong check value is flagged, not trusted", async ({ page }) => {
    const tampered = PERU_QR_TEXT.replace("25.50", "95.50");
    await page.goto("/camera");
    await hydrated(page); // a file chosen before React attaches its handlers would be lost
    await page.getByLabel("Choose or take a photo").setInputFiles({ name: "qr.png", mimeType: "image/png", buffer: await qrPng(tampered) });
    await expect(page.getByTestId("qr-invalid")).toHaveAttribute("data-error", "bad-crc", { timeout: 20_000 });
    await expect(page.getByTestId("qr-text")).toHaveText(tampered);
  });
});
