/** /settings: language, time zone and theme, saved to the account, with JavaScript and without it. */
import type { Page } from "@playwright/test";
import { expect, hydrated, randomIp, signInAs, test, type TestUser } from "../support/fixtures";
import { PHONE_UA } from "../support/devices";

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
  await expect(page.getByRole("heading", { level: 1, name: "Configuración" })).toBeVisible();
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
  await expect(page.getByRole("heading", { level: 1, name: "Configuración" })).toBeVisible();
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
