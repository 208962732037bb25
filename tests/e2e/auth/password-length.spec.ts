/**
 * A password longer than the limit, pasted into a form that sets one (sign-up, the mailed link,
 * settings): the user is told it is too long beside the password, with and without JavaScript,
 * never that the two fields differ (QA found the browser cutting one field and not the other).
 */
import type { Page } from "@playwright/test";
import { PASSWORD_MAX } from "../../../core/input-limits";
import { createUser, expect, hydrated, latestMail, randomIp, test, uniqueEmail } from "../support/fixtures";

// What a password manager might hold: longer than Tesoro accepts.
const TOO_LONG = "pasted-from-a-password-manager-".repeat(6).slice(0, PASSWORD_MAX + 16);

/** Fills both fields and checks that neither kept less than was typed. */
async function fillPair(page: Page, password: string | RegExp, confirm: string | RegExp) {
  for (const label of [password, confirm]) {
    const field = page.getByLabel(label, { exact: true });
    await field.fill(TOO_LONG);
    expect(await field.inputValue()).toHaveLength(TOO_LONG.length);
  }
}

test("sign-up with JavaScript: too long beside the password, nothing sent", async ({ page }) => {
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await page.goto("/signup");
  await hydrated(page);
  await page.getByLabel("Name").fill("Rosa Mamani");
  await page.getByLabel("Email").fill(uniqueEmail("long"));
  await fillPair(page, "Password", "Confirm password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(new RegExp(`Use at most ${PASSWORD_MAX} characters\\.$`));
  await expect(page.getByLabel("Confirm password")).toHaveAccessibleDescription("");
  expect(posted).toBe(false);
});

test("sign-up without JavaScript: the server says too long, in the user's language", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: "es-PE", extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const page = await context.newPage();
  const email = uniqueEmail("long-nojs");
  await page.goto("/signup");
  await page.getByLabel("Nombre").fill("Rosa Mamani");
  await page.getByLabel("Correo electrónico").fill(email);
  await fillPair(page, "Contraseña", "Confirmar contraseña");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAccessibleDescription(new RegExp(`Usa como máximo ${PASSWORD_MAX} caracteres\\.$`));
  await expect(page.getByLabel("Confirmar contraseña")).toHaveAccessibleDescription("");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
  await context.close();
});

test("the mailed link without JavaScript: too long beside the new password", async ({ browser, baseURL, request }) => {
  const user = await createUser(request);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const page = await context.newPage();
  await page.goto("/login/recover");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  const link = /https?:\/\/\S+\/login\/change-password\/[A-Za-z0-9_-]{43}/.exec((await latestMail(request, user.email)).text)![0];
  await page.goto(link);
  await fillPair(page, "New password", "Confirm new password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByLabel("New password", { exact: true })).toHaveAccessibleDescription(new RegExp(`Use at most ${PASSWORD_MAX} characters\\.$`));
  await expect(page.getByLabel("Confirm new password")).toHaveAccessibleDescription("");
  await context.close();
});

test("settings with JavaScript: too long beside the new password", async ({ page, signedIn }) => {
  await page.goto("/settings");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill(signedIn.password);
  for (const label of ["New password", "Confirm new password"]) {
    const field = form.getByLabel(label, { exact: true });
    await field.fill(TOO_LONG);
    expect(await field.inputValue()).toHaveLength(TOO_LONG.length);
  }
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByLabel("New password", { exact: true })).toHaveAccessibleDescription(new RegExp(`Use at most ${PASSWORD_MAX} characters\\.$`));
  await expect(form.getByLabel("Confirm new password")).toHaveAccessibleDescription("");
});
