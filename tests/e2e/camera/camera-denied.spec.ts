/** /camera when the browser refuses the camera: the page explains and offers the file picker. */
import { chromiumLaunch } from "../../../playwright.config";
import { expect, test } from "../support/fixtures";

// A camera exists, but every permission prompt is refused (what a user's "Block" does).
test.use({
  launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, "--use-fake-device-for-media-stream", "--deny-permission-prompts"] },
});

test.describe("with the camera denied", () => {
  test("explains how to allow it and offers the file picker", async ({ page }) => {
    await page.goto("/camera");
    await page.getByRole("button", { name: "Start camera" }).click();
    const state = page.getByTestId("camera-state");
    await expect(state).toHaveAttribute("data-state", "denied");
    await expect(state).toContainText("The camera is blocked for this site");
    await expect(page.getByLabel("Choose or take a photo")).toBeVisible();
    await expect(page.getByLabel("Choose or take a photo")).toHaveAttribute("capture", "environment");
    // Focus is not left on the page's body: it waits on the way on, the file picker.
    await expect(page.getByLabel("Choose or take a photo")).toBeFocused();

    // A picked photo: the camera's refusal no longer matters, and the photo is replaced by picking another.
    await page.getByRole("button", { name: "Receipt photo" }).click();
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    await page.getByLabel("Choose or take a photo").setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: png });
    await expect(page.getByTestId("photo-result")).toBeVisible();
    await expect(state).toHaveCount(0);
    await page.getByRole("button", { name: "Choose another photo" }).click();
    await expect(page.getByTestId("photo-result")).toHaveCount(0);
    await expect(page.getByLabel("Choose or take a photo")).toBeFocused();
    await expect(state).toHaveCount(0);
  });

  test("in Spanish too", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("es")).toString("base64"), url: baseURL! }]);
    await page.goto("/camera");
    await page.getByRole("button", { name: "Encender cámara" }).click();
    await expect(page.getByTestId("camera-state")).toContainText("La cámara está bloqueada para este sitio");
  });
});
