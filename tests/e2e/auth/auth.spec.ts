/** Sign-up, sign-in, sign-out, remember me, redirectTo, recovery, lockout, Spanish, no-JS. */
import { createUser, expect, hydrated, latestMail, randomIp, STRONG_PASSWORD, test, uniqueEmail } from "../support/fixtures";

test("sign up through the mailed link, sign out, and sign in again", async ({ page, request }) => {
  const email = uniqueEmail("signup");
  await page.goto("/login");
  await page.getByRole("link", { name: "Create account" }).click();
  await expect(page).toHaveURL("/signup");
  await page.getByLabel("Name").fill("Rosa Mamani");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("Confirm password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  // No account yet: the address gets a link (ADR 039), and the page says so, with focus on it.
  const sent = page.getByTestId("signup-sent");
  await expect(sent.getByText("Check your email", { exact: true })).toBeVisible();
  await expect(sent).toContainText(`We sent a link to ${email}. Open it within 24 hours to finish creating your account.`);
  await expect(sent).toBeFocused();
  await expect(sent.getByRole("link", { name: "/_dev/mail.json" })).toBeVisible();
  const mail = await latestMail(request, email, { signup: true });
  expect(mail.subject).toBe("Finish creating your Tesoro account");
  const link = new URL(/https?:\/\/\S+\/signup\/confirm\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0]);
  await page.goto(link.pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  await expect(page.getByText(`Create your Tesoro account for ${email}?`)).toBeVisible();
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to Tesoro" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByText("You have been signed out.")).toBeVisible();
  // The link is spent: opened again it says so, and leads to sign up again.
  await page.goto(link.pathname);
  await expect(page.getByRole("alert")).toHaveText("This link has expired or was already used. If you have not created your account yet, sign up again.");
  await expect(page.getByRole("link", { name: "Sign up again" })).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL("/login?redirectTo=%2F");

  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/");
});

test("signing up with an address that has an account answers as for any other, and its owner is told (Spanish)", async ({ browser, baseURL, request }) => {
  const owner = await createUser(request, { locale: "es" });
  const context = await browser.newContext({ baseURL, locale: "es-PE", extraHTTPHeaders: { "Accept-Language": "es-PE,es;q=0.9", "CF-Connecting-IP": randomIp() } });
  const page = await context.newPage();
  await page.goto("/signup");
  await page.getByLabel("Nombre").fill("Otra Persona");
  await page.getByLabel("Correo electrónico").fill(owner.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("Confirmar contraseña").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByTestId("signup-sent")).toContainText(`Enviamos un enlace a ${owner.email}.`);
  const notice = await latestMail(request, owner.email);
  expect(notice.subject).toBe("Alguien intentó crear una cuenta de Tesoro con tu correo");
  expect(notice.text).not.toContain("/signup/confirm/");
  // The owner's account is as it was: the password still signs in.
  const login = await request.post("/api/v1/auth/login", { data: { email: owner.email, password: owner.password }, headers: { "CF-Connecting-IP": randomIp() } });
  expect(login.status()).toBe(200);
  await context.close();
});

test("sign-up explains each problem beside its field before anything is sent", async ({ page }) => {
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await page.goto("/signup");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("different");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Name")).toHaveAccessibleDescription("This field is required.");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid email address.");
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/Use at least 12 characters\./);
  await expect(page.getByLabel("Confirm password")).toHaveAccessibleDescription("The passwords do not match.");
  expect(posted).toBe(false);
});

test("sign-up refuses a guessable password and keeps what was typed", async ({ page }) => {
  const email = uniqueEmail();
  await page.goto("/signup");
  await page.getByLabel("Name").fill("Luis");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("password123456");
  await page.getByLabel("Confirm password").fill("password123456");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(/This password is too easy to guess\./)).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page).toHaveURL("/signup");
});

test("wrong credentials get one generic message", async ({ page, user }) => {
  await page.goto("/login");
  // Where focus goes after the answer is the scripts' doing: a click before they run is a plain
  // form post, and the new page focuses the email field instead.
  await hydrated(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("not-the-right-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  // The button is disabled while the answer is awaited; focus comes back to it, not the page's body.
  await expect(page.getByRole("button", { name: "Sign in" })).toBeFocused();
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password").fill("not-the-right-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
});

test("Remember me keeps the cookie for 30 days; without it the cookie ends with the browser", async ({ page, user }) => {
  const cookie = async () => (await page.context().cookies()).find((c) => c.name === "tesoro_session");
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/");
  const browserSession = await cookie();
  expect(browserSession?.expires).toBe(-1);
  expect(browserSession?.httpOnly).toBe(true);
  expect(browserSession?.sameSite).toBe("Lax");

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/");
  const remembered = await cookie();
  const days = (remembered!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
});

test("a sign-in form left open while someone else signed in (another tab) signs in whom it names, and ends the other session", async ({ page, request, baseURL }) => {
  const ana = await createUser(request, { name: "Ana Quispe" });
  const luis = await createUser(request, { name: "Luis Rojas" });
  await page.goto("/login");
  await hydrated(page);
  // Meanwhile, in another tab of this browser, Ana signs in (her cookie now in the jar).
  const other = await page.context().newPage();
  await other.goto("/login");
  await other.getByLabel("Email").fill(ana.email);
  await other.getByLabel("Password").fill(ana.password);
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other).toHaveURL("/");
  const anaCookie = (await page.context().cookies(baseURL)).find((cookie) => cookie.name === "tesoro_session")!.value;
  await other.close();
  // This tab's form, drawn before, names Luis: Luis is signed in, not Ana.
  await page.getByLabel("Email").fill(luis.email);
  await page.getByLabel("Password").fill(luis.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/settings");
  await expect(page.getByTestId("current-email")).toHaveText(`Signed in as ${luis.email}`);
  // Ana's session, replaced in this browser, has ended.
  const anaToken = JSON.parse(Buffer.from(decodeURIComponent(anaCookie), "base64").toString("utf8")) as string;
  expect((await request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${anaToken}` } })).status()).toBe(401);
});

test("after sign-in the visitor lands where they were going; an external redirectTo is refused", async ({ page, user }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL("/login?redirectTo=%2Fsettings");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/settings");

  // Another site, and a local-looking address whose dot segments resolve to one ("/..//evil.example").
  for (const offSite of ["https://evil.example/steal", "/..//evil.example/steal"]) {
    await page.context().clearCookies();
    await page.goto(`/login?redirectTo=${encodeURIComponent(offSite)}`);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/");
  }
});

test("the whole recovery flow, and old sessions end after the reset", async ({ page, browser, baseURL, request }) => {
  const user = await createUser(request);
  // Another device stays signed in until the reset.
  const other = await browser.newContext({ baseURL });
  const { signInAs } = await import("../support/fixtures");
  const otherPage = await other.newPage();
  await signInAs(otherPage, user, baseURL!);
  await otherPage.goto("/");
  await expect(otherPage).toHaveURL("/");

  await page.goto("/login");
  await hydrated(page);
  // The email typed to sign in comes along, and stays out of the address.
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/login/recover");
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  // A reload keeps it: the history entry keeps its state (which the server never sees).
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(/If an account exists for that email, a reset link is on its way/);

  const mail = await latestMail(request, user.email);
  expect(mail.subject).toBe("Reset your Tesoro password");
  const link = /https?:\/\/\S+\/login\/change-password\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
  // Followed as mailed, never rewritten: the link must lead to the server that sent it, on
  // whatever port it runs (scripts/lib/local-origin.mjs).
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
  expect(mail.html).toContain(`href="${link}"`);
  // Opened where the user is still signed in, the link is left unused, and Settings says why.
  await otherPage.goto(link);
  await expect(otherPage).toHaveURL("/settings#security");
  await expect(otherPage.getByText("You are signed in, so the password link was not used. To use it, sign out and open it again; to change this account's password, do it here.")).toBeVisible();
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("a-new-and-long-passphrase-arequipa");
  await page.getByLabel("Confirm new password").fill("a-new-and-long-passphrase-arequipa");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByText("Your password was changed. You have been signed out everywhere; sign in with the new password.")).toBeVisible();

  await otherPage.goto("/accounts");
  await expect(otherPage).toHaveURL("/login?redirectTo=%2Faccounts");
  await other.close();

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("a-new-and-long-passphrase-arequipa");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/");

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("This link has expired or was already used");
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL("/login/recover");
});

test("recovery answers the same for an unknown email", async ({ page }) => {
  await page.goto("/login/recover");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(/If an account exists for that email, a reset link is on its way/);
});

test("five wrong passwords lock the account with the wait time, and the owner is mailed", async ({ page, request, user }) => {
  await page.goto("/login");
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(`wrong-password-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
  }
  await expect(page.getByRole("alert")).toHaveText("Too many failed attempts. Try again in 15 minutes.");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Too many failed attempts\. Try again in 1[45] minutes\./);
  const notice = await latestMail(request, user.email);
  expect(notice.subject).toBe("Sign-in to your Tesoro account was paused");
  expect(notice.text).toMatch(/a wrong password was entered 5 times for this address.*paused for 15 minutes/);
});

test("the sign-in page locks an unknown email exactly like a registered one", async ({ browser, baseURL, user }) => {
  // Without JavaScript each attempt is one document, so its status and message are read whole.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const page = await context.newPage();
  const attempts = async (email: string) => {
    const seen: string[] = [];
    await page.goto("/login");
    for (let i = 0; i < 6; i++) {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(`wrong-password-${i}`);
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Sign in" }).click();
      const status = (await answer).status();
      await page.waitForLoadState();
      seen.push(`${status} ${await page.getByRole("alert").textContent()}`);
    }
    return seen;
  };
  const known = await attempts(user.email);
  expect(await attempts(uniqueEmail("nobody"))).toEqual(known);
  expect(known).toEqual([...Array(4).fill("400 Invalid email or password."), ...Array(2).fill("429 Too many failed attempts. Try again in 15 minutes.")]);
  await context.close();
});

test("the public pages work in Spanish, errors included", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: "es-PE", extraHTTPHeaders: { "Accept-Language": "es-PE,es;q=0.9" } });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill("nadie@example.com");
  await page.getByLabel("Contraseña").fill("una-contraseña-cualquiera");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("alert")).toHaveText("Correo o contraseña incorrectos.");
  await page.getByRole("link", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL("/signup");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crear cuenta");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByLabel("Nombre")).toHaveAccessibleDescription("Este campo es obligatorio.");
  await page.goto("/login/recover");
  await expect(page.getByRole("button", { name: "Enviar enlace" })).toBeVisible();
  await context.close();
});

test("a user whose language is not the sign-in page's gets the next page wholly in their language", async ({ page, request }) => {
  const user = await createUser(request, { locale: "es" });
  await page.goto("/login?redirectTo=%2Faccounts");
  await hydrated(page); // the sign-in goes through the router
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/accounts");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cuentas");
  await expect(page.getByRole("navigation", { name: "Principal" })).toContainText("Resumen");
  // Nothing of the English page is left: the language switch offers English.
  await expect(page.getByRole("button", { name: "Idioma: English" }).first()).toBeVisible();
});

test("the public forms turn bots away: a filled or missing honeypot is a 400; the page's own fields, reused within seconds, sign in", async ({ request, user, baseURL }) => {
  const headers = { Origin: baseURL!, "Sec-Fetch-Site": "same-origin", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" };
  const fields = async () => {
    const html = await (await request.get("/login")).text();
    const validFrom = /name="from__confirm" value="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain('name="name__confirm" value=""');
    expect(validFrom).toBeTruthy();
    return { name__confirm: "", from__confirm: validFrom! };
  };
  const honeypot = await fields();
  // The encrypted "valid from" is shared by the pages of the next seconds (honeypot.server.ts).
  expect((await fields()).from__confirm).toBe(honeypot.from__confirm);
  const credentials = { email: user.email, password: user.password, redirectTo: "" };
  for (const form of [{ ...credentials, ...honeypot, name__confirm: "Buy now" }, credentials, { ...credentials, ...honeypot, from__confirm: "bm90LWVuY3J5cHRlZA==" }, { ...credentials, ...honeypot, from__confirm: "%%%" }]) {
    const refused = await request.post("/login", { form, headers, maxRedirects: 0 });
    expect(refused.status()).toBe(400);
    expect(refused.headers()["set-cookie"] ?? "").not.toContain("tesoro_session=");
  }
  const accepted = await request.post("/login", { form: { ...credentials, ...honeypot }, headers, maxRedirects: 0 });
  expect(accepted.status()).toBe(302);
  expect(accepted.headers()["set-cookie"]).toContain("tesoro_session=");
});

test("signing in works without JavaScript", async ({ browser, baseURL, request }) => {
  const user = await createUser(request);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login?redirectTo=%2Faccounts");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("wrong-password-nojs");
  await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  // The re-rendered page keeps the email and "Remember me" (never the password).
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.getByLabel("Remember me")).toBeChecked();
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/accounts");
  // Remembered: a cookie for 30 days, not one that ends with the browser.
  const session = (await context.cookies()).find((cookie) => cookie.name === "tesoro_session")!;
  expect(session.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  await context.close();
});

test("without JavaScript a refused sign-up focuses the field in error, and a sent one says where the link went", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const page = await context.newPage();
  const email = uniqueEmail("nojs");
  await page.goto("/signup");
  await page.getByLabel("Name").fill("Luis");
  await page.getByLabel("Email").fill(email);
  // Only the API knows a password is too easy to guess: its refusal comes back as a new page.
  await page.getByLabel("Password", { exact: true }).fill("password123456");
  await page.getByLabel("Confirm password").fill("password123456");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/This password is too easy to guess\./);
  // A new page: without autofocus on the refused field, focus would start at its top.
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("Confirm password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signup-sent")).toContainText(`We sent a link to ${email}.`);
  await context.close();
});
