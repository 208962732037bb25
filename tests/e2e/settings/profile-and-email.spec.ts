/** /settings: the name and the email, whose change needs the password and is confirmed by a mailed link. */
import { createUser, expect, hydrated, latestMail, randomIp, signInAs, test } from "../support/fixtures";

test("name and email: the email change needs the password", async ({ page, signedIn, request }) => {
  await page.goto("/settings");
  await hydrated(page);
  // Pasted with blank ends and a tab: the field then shows the name as saved.
  await page.getByLabel("Name", { exact: true }).fill("  Rosa\tHuamán  ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name was saved.")).toBeVisible();
  // The button was disabled while saving; focus comes back to it rather than the page's body.
  await expect(page.getByRole("button", { name: "Save name" })).toBeFocused();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Rosa Huamán");

  const next = `moved-${Date.now()}@example.com`;
  await page.getByLabel("New email").fill(next);
  await page.getByLabel("Current password").first().fill("not-the-password-123");
  await page.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByText("The password is not correct.")).toBeVisible();

  await page.getByLabel("New email").fill(next);
  await page.getByLabel("Current password").first().fill(signedIn.password);
  await page.getByRole("button", { name: "Change email" }).click();
  // Nothing changes until the new address proves it is the user's.
  await expect(page.getByText("Check the new address: we sent it a link. Your email changes when you open it.")).toBeVisible();
  await expect(page.getByTestId("pending-email")).toContainText(`Waiting for ${next} to be confirmed.`);
  // A long address may break on a phone only before its "@" and its dots.
  await expect(page.getByTestId("pending-email").locator("wbr")).toHaveCount(2);
  await expect(page.getByTestId("current-email")).toHaveText(`Signed in as ${signedIn.email}`);
  const mail = await latestMail(request, next);
  expect(mail.subject).toBe("Confirm the new email of your Tesoro account");
  const link = /https?:\/\/\S+\/login\/confirm-email\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your new email" })).toBeVisible();
  await expect(page.getByText(`Sign in to Tesoro with ${next} from now on?`)).toBeVisible();
  await page.getByRole("button", { name: "Confirm new email" }).click();
  await expect(page).toHaveURL("/settings");
  await expect(page.getByText("Your email was changed.")).toBeVisible();
  await expect(page.getByTestId("current-email")).toHaveText(`Signed in as ${next}`);
  await expect(page.getByTestId("pending-email")).toHaveCount(0);
  // Used once: opened again, the link says so.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("This link has expired or was already used. To change your email, ask again from Settings.");
  // One way on, not the same link twice.
  await expect(page.getByRole("link", { name: "Go to Settings" })).toHaveCount(1);
  const login = await request.post("/api/v1/auth/login", { data: { email: next, password: signedIn.password }, headers: { "CF-Connecting-IP": randomIp() } });
  expect(login.status()).toBe(200);

  // The old address was told, with a way back for an owner who did not make the change. Opened
  // in this browser, still signed in: it ends every session here too and goes to a new password.
  const notice = await latestMail(request, signedIn.email);
  expect(notice.subject).toBe("The email of your Tesoro account was changed");
  const undo = /https?:\/\/\S+\/login\/undo-email\/[A-Za-z0-9_-]{43}/.exec(notice.text)![0];
  await page.goto(undo);
  await expect(page.getByRole("heading", { level: 1, name: "Undo the change of email" })).toBeVisible();
  await expect(page.getByText(`Give your Tesoro account back the email ${signedIn.email}?`)).toBeVisible();
  await page.getByRole("button", { name: "Restore my email" }).click();
  await expect(page).toHaveURL(/\/login\/change-password\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText("Your email is back and every device was signed out. Choose a new password now.")).toBeVisible();
  const newPassword = "otra-frase-larga-de-arequipa-2026";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL("/login");
  // The news of this page replaces the last page's, which asked for what is now done.
  await expect(page.getByTestId("toast").filter({ hasText: "Your password was changed" })).toBeVisible();
  await expect(page.getByText("Your email is back and every device was signed out. Choose a new password now.")).toHaveCount(0);
  expect((await request.post("/api/v1/auth/login", { data: { email: signedIn.email, password: newPassword }, headers: { "CF-Connecting-IP": randomIp() } })).status()).toBe(200);
  expect((await request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${signedIn.token}` } })).status()).toBe(401);
  // Used once: opened again, the link says so and points to a password reset.
  await page.goto(undo);
  await expect(page.getByRole("alert")).toHaveText("This link has expired or was already used. If you still cannot sign in, reset your password with your email.");
});

test("signed in to one account, confirming another account's email link says whose email changed; used, the link signed out leads to sign-in", async ({ page, signedIn, request, browser, baseURL }) => {
  // Another person asks to move their account to a new address, and the link is opened here.
  const other = await createUser(request);
  const next = `theirs-${Date.now()}@example.com`;
  const asked = await request.post("/api/v1/users/me/email", { data: { email: next, password: other.password }, headers: { Authorization: `Bearer ${other.token}`, "Idempotency-Key": crypto.randomUUID(), "CF-Connecting-IP": randomIp() } });
  expect(asked.status()).toBe(202);
  const link = /https?:\/\/\S+\/login\/confirm-email\/[A-Za-z0-9_-]{43}/.exec((await latestMail(request, next)).text)![0];
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm new email" }).click();
  await expect(page).toHaveURL("/settings");
  await expect(page.getByText("The email of the account this link was sent for was changed. The account you are signed in to was not.")).toBeVisible();
  await expect(page.getByText("Your email was changed.")).toHaveCount(0);
  await expect(page.getByTestId("current-email")).toHaveText(`Signed in as ${signedIn.email}`);
  expect((await request.post("/api/v1/auth/login", { data: { email: next, password: other.password }, headers: { "CF-Connecting-IP": randomIp() } })).status()).toBe(200);
  // Opened again without a session, the used link's way on is sign-in, named as such.
  const signedOut = await browser.newContext({ baseURL });
  const again = await signedOut.newPage();
  await again.goto(link);
  await expect(again.getByRole("alert")).toHaveText("This link has expired or was already used. To change your email, ask again from Settings.");
  await expect(again.getByRole("link", { name: "Go to Settings", exact: true })).toHaveCount(0);
  await again.getByRole("link", { name: "Sign in to go to Settings" }).click();
  await expect(again).toHaveURL("/login?redirectTo=%2Fsettings");
  await signedOut.close();
});

test("a new address another account takes before its link is used: the link page and Settings say why, and offer no button that would be refused", async ({ page, signedIn, request }) => {
  const next = `contested-${Date.now()}@example.com`;
  const asked = await request.post("/api/v1/users/me/email", { data: { email: next, password: signedIn.password }, headers: { Authorization: `Bearer ${signedIn.token}`, "Idempotency-Key": crypto.randomUUID(), "CF-Connecting-IP": randomIp() } });
  expect(asked.status()).toBe(202);
  const link = /https?:\/\/\S+\/login\/confirm-email\/[A-Za-z0-9_-]{43}/.exec((await latestMail(request, next)).text)![0];
  await page.goto(link);
  await hydrated(page);
  // The page was opened while the address was free; someone signs up with it before the press.
  await createUser(request, { email: next });
  await page.getByRole("button", { name: "Confirm new email" }).click();
  const taken = "Another account signs in with this address now, so it cannot be confirmed, and your email stays as it was. To change it, choose another address in Settings.";
  await expect(page.getByRole("alert")).toHaveText(taken);
  await expect(page.getByRole("button", { name: "Confirm new email" })).toHaveCount(0);
  // The button went: the keyboard goes on from the way on, not from the top of the page.
  await expect(page.getByRole("link", { name: "Go to Settings" })).toBeFocused();
  // Opened again, it says so before offering anything.
  const reopened = await page.goto(link);
  expect(reopened?.status()).toBe(409);
  await expect(page.getByRole("alert")).toHaveText(taken);
  await expect(page.getByRole("button", { name: "Confirm new email" })).toHaveCount(0);
  await page.getByRole("link", { name: "Go to Settings" }).click();
  await expect(page.getByTestId("pending-email")).toHaveText(`The link we sent to ${next} cannot confirm it: another account signs in with that address now. Your email stays as it is; to change it, choose another address.`);
  await expect(page.getByTestId("current-email")).toHaveText(`Signed in as ${signedIn.email}`);
});

test("without JavaScript a refused email change keeps what was typed (never the password)", async ({ browser, baseURL, user }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const page = await context.newPage();
  await signInAs(page, user, baseURL!);
  await page.goto("/settings");
  const next = `typed-${Date.now()}@example.com`;
  await page.getByLabel("New email").fill(next);
  await page.getByLabel("Current password").first().fill("not-the-password-123");
  await page.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByText("The password is not correct.")).toBeVisible();
  await expect(page.getByLabel("New email")).toHaveValue(next);
  await expect(page.getByLabel("Current password").first()).toHaveValue("");
  await expect(page.getByLabel("Current password").first()).toBeFocused();
  await context.close();
});
