/** /settings: the sessions on other devices, revoked one by one or all at once, and the password change. */
import type { APIRequestContext, Browser, BrowserContext } from "@playwright/test";
import { encodeCookieValue, expect, hydrated, randomIp, test, type TestUser } from "../support/fixtures";
import { PHONE_UA } from "../support/devices";

/** Another device: a session made by signing in through the API with that device's user agent, as a cookie in a fresh context. */
async function otherDevice(request: APIRequestContext, browser: Browser, baseURL: string, user: Pick<TestUser, "email" | "password">): Promise<BrowserContext> {
  const response = await request.post("/api/v1/auth/login", { data: { email: user.email, password: user.password }, headers: { "CF-Connecting-IP": randomIp(), "User-Agent": PHONE_UA } });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  const context = await browser.newContext({ baseURL, userAgent: PHONE_UA, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  await context.addCookies([{ name: "tesoro_session", value: encodeCookieValue(token), url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

test("revoking a session signs that browser out; 'end all other sessions' ends the rest", async ({ page, signedIn, browser, baseURL, request }) => {
  // One after the other: each sign-in hashes a password.
  const contexts = [await otherDevice(request, browser, baseURL!, signedIn), await otherDevice(request, browser, baseURL!, signedIn)];
  const phones = await Promise.all(contexts.map((context) => context.newPage()));
  // Each phone shows a page first, so the app Worker has just checked its session (ADR 023): the
  // revocation below must still sign it out on its next page, not up to 15 s later.
  for (const phone of phones) {
    await phone.goto("/settings");
    await expect(phone).toHaveURL(/\/settings$/);
  }

  await page.goto("/settings");
  // Focus is the page script's to move: a click before hydration is a plain form post.
  await hydrated(page);
  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(3);
  // This device comes first; another device's button names it and when it was last used, and
  // does not read like the header's "Sign out".
  await expect(sessions.first()).toHaveAttribute("data-current", "true");
  await expect(sessions.first()).toContainText("This device");
  await expect(sessions.filter({ hasText: "Chrome on Android" })).toHaveCount(2);
  await expect(sessions.filter({ hasText: "Chrome on Android" }).first()).toContainText(/Last active/);
  await expect(page.getByRole("button", { name: /^End session: Chrome on Android, last active / })).toHaveCount(2);

  await sessions.filter({ hasText: "Chrome on Android" }).first().getByRole("button", { name: /^End session/ }).click();
  await expect(page.getByText("That device was signed out.")).toBeVisible();
  await expect(sessions).toHaveCount(2);
  // Its button went with it: focus is on the list's heading, not lost to the top of the page.
  await expect(page.getByRole("heading", { name: "Active sessions" })).toBeFocused();
  // Exactly one of the two phones lost its session: its next page is the sign-in page.
  const signedOut: boolean[] = [];
  for (const phone of phones) {
    await phone.goto("/settings");
    signedOut.push(/\/login/.test(phone.url()));
  }
  expect(signedOut.filter(Boolean)).toHaveLength(1);

  await page.getByRole("button", { name: "End all other sessions" }).click();
  await expect(page.getByText("Every other device was signed out. A change of email not yet confirmed, if there was one, was cancelled.")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(page.getByText("No other device is signed in.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Active sessions" })).toBeFocused();
  for (const [i, phone] of phones.entries()) {
    await phone.goto("/settings");
    await expect(phone).toHaveURL(/\/login\?redirectTo=%2Fsettings/);
    // The phone that was still signed in is told why it is on the sign-in page (the other one
    // was told on its first visit above, and has no session left to lose).
    if (!signedOut[i]) await expect(phone.getByText("Your session has ended. Sign in again to continue.")).toBeVisible();
  }
  await page.reload();
  await expect(page).toHaveURL(/\/settings$/);
  await Promise.all(contexts.map((context) => context.close()));
});

test("changing the password needs the current one and signs other devices out", async ({ page, signedIn, browser, baseURL, request }) => {
  const user = signedIn;
  const other = await otherDevice(request, browser, baseURL!, user);
  const otherPage = await other.newPage();
  // The other device has Settings open, and keeps it open through the change.
  await otherPage.goto("/settings");
  await expect(otherPage.locator("html[data-hydrated]")).toBeAttached();

  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("wrong-password-000");
  await form.getByLabel("New password", { exact: true }).fill("a brand new lima passphrase 2026");
  await form.getByLabel("Confirm new password").fill("a brand new lima passphrase 2026");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("The current password is not correct.")).toBeVisible();

  await form.getByLabel("Current password").fill(user.password);
  await form.getByLabel("New password", { exact: true }).fill("a brand new lima passphrase 2026");
  await form.getByLabel("Confirm new password").fill("a brand new lima passphrase 2026");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password was changed. Your other devices were signed out, and links mailed before no longer work.")).toBeVisible();
  // Saved: the passwords leave the fields (a second press would send the old one again, refused,
  // and counted toward the lockout).
  for (const label of ["Current password", "New password", "Confirm new password"]) await expect(form.getByLabel(label, { exact: true })).toHaveValue("");
  // Its next submit lands on the sign-in page, which says why.
  await otherPage.getByLabel("Name", { exact: true }).fill("Someone else");
  await otherPage.getByRole("button", { name: "Save name" }).click();
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fsettings/);
  await expect(otherPage.getByText("Your session has ended. Sign in again to continue.")).toBeVisible();
  await other.close();
});
