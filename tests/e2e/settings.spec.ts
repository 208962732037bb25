/** /settings end to end: preferences that follow the account, sessions, export, deletion. */
import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { createUser, encodeCookieValue, expect, hydrated, latestMail, randomIp, signInAs, STRONG_PASSWORD, test, type TestUser } from "./fixtures";

const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** Another device: a session made by signing in through the API with that device's user agent, as a cookie in a fresh context. */
async function otherDevice(request: APIRequestContext, browser: Browser, baseURL: string, user: Pick<TestUser, "email" | "password">): Promise<BrowserContext> {
  const response = await request.post("/api/v1/auth/login", { data: { email: user.email, password: user.password }, headers: { "CF-Connecting-IP": randomIp(), "User-Agent": PHONE_UA } });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  const context = await browser.newContext({ baseURL, userAgent: PHONE_UA, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  await context.addCookies([{ name: "tesoro_session", value: encodeCookieValue(token), url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

async function signInWithForm(page: Page, user: Pick<TestUser, "email" | "password">) {
  await page.goto("/login");
  await page.getByLabel(/^(Email|Correo electrónico)$/).fill(user.email);
  await page.getByLabel(/^(Password|Contraseña)$/).fill(user.password);
  await page.getByRole("button", { name: /^(Sign in|Iniciar sesión)$/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test("language, time zone and theme are saved to the account and come back after signing in again", async ({ page, user, browser, baseURL }) => {
  await signInWithForm(page, user);
  await page.goto("/settings");
  await hydrated(page); // sent by the router, whose answer is a full page load
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByLabel("Language", { exact: true }).selectOption("es");
  await page.getByLabel("Time zone").fill("Asia/Tokyo");
  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Save preferences" }).click();

  // Applied at once: Spanish, dark, and the zone's clock.
  await expect(page.getByRole("heading", { level: 1, name: "Ajustes" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByText("Se guardaron tus preferencias.")).toBeVisible();
  await expect(page.getByText(/Ahora en Asia\/Tokyo:/)).toBeVisible();

  await page.getByRole("button", { name: "Cerrar sesión" }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await signInWithForm(page, user);
  await page.goto("/settings");
  await expect(page.getByLabel("Idioma", { exact: true })).toHaveValue("es");
  await expect(page.getByLabel("Zona horaria")).toHaveValue("Asia/Tokyo");
  await expect(page.getByLabel("Oscuro")).toBeChecked();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  // Another device (no cookies at all) gets the same preferences on sign-in.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const otherPage = await other.newPage();
  await signInWithForm(otherPage, user);
  await otherPage.goto("/settings");
  await expect(otherPage.locator("html")).toHaveAttribute("lang", "es");
  await expect(otherPage.locator("html")).toHaveAttribute("data-theme", "dark");
  await other.close();

  // The theme alone needs no full load: root data follows the action.
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await page.getByLabel("Claro").check();
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(page.getByText("Se guardaron tus preferencias.")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test("the forms start from the profile as it is now, even seconds after another device changed it", async ({ page, signedIn, request }) => {
  await page.goto("/settings");
  await expect(page.getByLabel("Time zone")).toHaveValue("America/Lima");
  // Another device signs in and changes the name and the time zone…
  const login = await request.post("/api/v1/auth/login", { data: { email: signedIn.email, password: signedIn.password }, headers: { "CF-Connecting-IP": randomIp(), "User-Agent": PHONE_UA } });
  const { token } = (await login.json()) as { token: string };
  const changed = await request.patch("/api/v1/users/me", { data: { name: "Otra Persona", timeZone: "Asia/Tokyo" }, headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": randomIp() } });
  expect(changed.status(), await changed.text()).toBe(200);
  // …and this browser, seconds later (within the session memory's 15 s), is offered those values:
  // saving its preferences must not put Lima back.
  await page.goto("/settings");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Otra Persona");
  await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
  await expect(page.getByText(/Now in Asia\/Tokyo:/)).toBeVisible();
  // This page, left open, is now older than a time zone saved elsewhere; saving only a new theme
  // from it keeps that time zone (the form sends what was changed on it, nothing else).
  await hydrated(page);
  const later = await request.patch("/api/v1/users/me", { data: { timeZone: "Europe/Madrid" }, headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": randomIp() } });
  expect(later.status()).toBe(200);
  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const now = await (await request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(now.user).toMatchObject({ theme: "dark", timeZone: "Europe/Madrid", locale: "en" });
});

test("without JavaScript, saving preferences switches the language and the theme", async ({ browser, baseURL, user }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const page = await context.newPage();
  await signInAs(page, user, baseURL!);
  await page.goto("/settings");
  await page.getByLabel("Language", { exact: true }).selectOption("es");
  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ajustes" })).toBeVisible();
  // No script, no toast: the page itself says the change was saved, once.
  await expect(page.getByRole("status").filter({ hasText: "Se guardaron tus preferencias." })).toBeVisible();
  await page.reload();
  await expect(page.getByText("Se guardaron tus preferencias.")).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await context.close();
});

test("an unknown time zone is refused beside the field; a known one in any case, or its city as the hint says, is saved in its own spelling", async ({ page, signedIn }) => {
  void signedIn;
  await page.goto("/settings");
  await page.getByLabel("Time zone").fill("Mars/Olympus_Mons");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Choose a time zone from the list.")).toBeVisible();
  await expect(page.getByLabel("Time zone")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Time zone").fill("america/new_york");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText(/Now in America\/New_York:/)).toBeVisible();
  await expect(page.getByLabel("Time zone")).toHaveValue("America/New_York");
  await expect(page.getByLabel("Time zone")).not.toHaveAttribute("aria-invalid", "true");
  // The hint says "e.g. Lima": the city alone is enough.
  await page.getByLabel("Time zone").fill("lima");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText(/Now in America\/Lima:/)).toBeVisible();
  await expect(page.getByLabel("Time zone")).toHaveValue("America/Lima");
});

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

test("categories are added, edited and deleted in Settings; a name the user has is refused beside the field; a deleted category's transactions stay, uncategorised", async ({ page, request, signedIn }) => {
  const auth = { Authorization: `Bearer ${signedIn.token}`, "CF-Connecting-IP": randomIp() };
  await page.goto("/settings");
  await hydrated(page);
  const section = page.locator("#categories");
  await expect(section.getByRole("heading", { level: 2, name: "Categories" })).toBeVisible();
  // The default set is there from the start.
  await expect(section.getByTestId("category").filter({ hasText: "Groceries" })).toBeVisible();
  const add = section.getByRole("form", { name: "New category" });
  await add.getByLabel("Category name").fill("Mascotas");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText("Category added.")).toBeVisible();
  await expect(section.getByTestId("category").filter({ hasText: "Mascotas" })).toContainText("Expense");
  // Emptied for the next one, with the keyboard on its first field.
  await expect(add.getByLabel("Category name")).toHaveValue("");
  await expect(add.getByLabel("Category name")).toBeFocused();
  // A name the user already has, in the other language and another case: said beside the field, what was typed kept.
  await add.getByLabel("Category name").fill("supermercado");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByLabel("Category name")).toHaveAccessibleDescription("You already have a category with this name.");
  await expect(add.getByLabel("Category name")).toHaveValue("supermercado");

  const { categories } = await (await request.get("/api/v1/categories", { headers: auth })).json();
  const mascotas = categories.find((category: { name: string }) => category.name === "Mascotas");
  const { account } = await (await request.post("/api/v1/accounts", { headers: auth, data: { name: "BCP Soles", type: "checking", currency: "PEN" } })).json();
  const { transaction } = await (await request.post(`/api/v1/accounts/${account.id}/transactions`, { headers: auth, data: { date: "2026-11-20", description: "Veterinaria", amount: "-80.00", categoryId: mascotas.id } })).json();

  await section.locator('summary[aria-label="Edit Mascotas"]').click();
  const edit = section.getByRole("form", { name: "Edit Mascotas" });
  await edit.getByLabel("Category name").fill("Mascotas y veterinaria");
  await edit.getByLabel("Colour").fill("#aa00cc");
  await edit.getByRole("button", { name: "Save category" }).click();
  await expect(page.getByText("Category saved.")).toBeVisible();
  const renamed = section.getByTestId("category").filter({ hasText: "Mascotas y veterinaria" });
  await expect(renamed).toBeVisible();
  // Saved, its form closes; focus is on the section, not at the top of the page.
  await expect(section.getByRole("form", { name: "Edit Mascotas y veterinaria" })).toBeHidden();
  await expect(section.getByRole("heading", { level: 2, name: "Categories" })).toBeFocused();
  expect((await (await request.get(`/api/v1/transactions/${transaction.id}`, { headers: auth })).json()).transaction.category).toMatchObject({ name: "Mascotas y veterinaria", color: "#aa00cc" });

  // The question can be declined, and nothing goes.
  page.once("dialog", (dialog) => void dialog.dismiss());
  await renamed.getByRole("button", { name: "Delete Mascotas y veterinaria" }).click();
  await expect(renamed).toBeVisible();
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Delete the category “Mascotas y veterinaria”? Its transactions stay, without a category.");
    void dialog.accept();
  });
  await renamed.getByRole("button", { name: "Delete Mascotas y veterinaria" }).click();
  await expect(page.getByText("Category deleted. Its transactions have no category now.")).toBeVisible();
  await expect(renamed).toHaveCount(0);
  await expect(section.getByRole("heading", { level: 2, name: "Categories" })).toBeFocused();
  const after = (await (await request.get(`/api/v1/transactions/${transaction.id}`, { headers: auth })).json()).transaction;
  expect(after).toMatchObject({ description: "Veterinaria", amount: "-80.00", categoryId: null });
});

test("without JavaScript a category is added, and a refused one keeps its name beside the message", async ({ browser, baseURL, user }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const page = await context.newPage();
  await signInAs(page, user, baseURL!);
  await page.goto("/settings");
  const add = page.getByRole("form", { name: "New category" });
  await add.getByLabel("Category name").fill("Colegio");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByTestId("category").filter({ hasText: "Colegio" })).toBeVisible();
  await add.getByLabel("Category name").fill("COLEGIO");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByText("You already have a category with this name.")).toBeVisible();
  await expect(add.getByLabel("Category name")).toHaveValue("COLEGIO");
  await context.close();
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

test("without JavaScript refused preferences keep what was chosen, not the saved values", async ({ browser, baseURL, user }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const page = await context.newPage();
  await signInAs(page, user, baseURL!);
  await page.goto("/settings");
  await page.getByLabel("Time zone").fill("Atlantis");
  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Choose a time zone from the list")).toBeVisible();
  await expect(page.getByLabel("Time zone")).toHaveValue("Atlantis");
  // The answer is a new page: the refused field has focus, not the top of a long page.
  await expect(page.getByLabel("Time zone")).toBeFocused();
  await expect(page.getByLabel("Dark")).toBeChecked();
  await context.close();
});

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
  expect(strFromU8(files["transactions.csv"]!)).toContain("Sueldo noviembre,1500.00,150000,USD");
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
