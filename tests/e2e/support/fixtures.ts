/**
 * Playwright fixtures: every test gets its own client IP (throttles are per IP, as in
 * production), users are created through the real API, and signing in sets the real session
 * cookie the API issued (the Epic Stack's approach), so only the sign-in tests pay for the form.
 */
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

export const STRONG_PASSWORD = "correct-horse-battery-staple-lima";

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
}

let sequence = 0;
export function uniqueEmail(prefix = "e2e"): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function randomIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** React Router's cookie encoding of a string value. */
export function encodeCookieValue(value: string): string {
  return Buffer.from(JSON.stringify(value)).toString("base64");
}

/**
 * A user who has signed up (ADR 039): the sign-up mails a link, and the link makes the account and
 * signs in; through the API, as the pages do.
 */
export async function createUser(request: APIRequestContext, overrides: Partial<{ name: string; email: string; password: string; locale: "en" | "es" }> = {}): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? STRONG_PASSWORD;
  const name = overrides.name ?? "Ana Quispe";
  const ip = randomIp();
  const asked = await request.post("/api/v1/auth/signup", {
    data: { name, email, password, confirmPassword: password },
    headers: { "CF-Connecting-IP": ip, "Accept-Language": overrides.locale ?? "en" },
  });
  expect(asked.status(), await asked.text()).toBe(202);
  const response = await request.post(`/api/v1/auth/signup-links/${await signupLinkFor(request, email)}`, { headers: { "CF-Connecting-IP": ip } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, name, email, password, token: body.token };
}

/** The id of the sign-up link mailed to `to` (the development outbox). */
export async function signupLinkFor(request: APIRequestContext, to: string): Promise<string> {
  const mail = await latestMail(request, to, { signup: true });
  const id = /\/signup\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!id) throw new Error(`no sign-up link in the mail to ${to}`);
  return id;
}

export async function signInAs(page: Page, user: Pick<TestUser, "token">, baseURL: string) {
  await page.context().addCookies([{ name: "tesoro_session", value: encodeCookieValue(user.token), url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * The latest mail to an address from the development outbox: with `signup`, the latest sign-up
 * link; otherwise the latest other mail (every test user's first mail is its sign-up link, which
 * a test about another mail must not take for it).
 */
export async function latestMail(request: APIRequestContext, to: string, { signup = false } = {}) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await request.get(`/_dev/mail.json?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as Array<{ to: string; subject: string; text: string; html: string; sentAt: number }>;
    const mail = mails.find((m) => m.to === to && m.text.includes("/signup/confirm/") === signup);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail for ${to}`);
}

/** Waits until React has hydrated the page (root marks <html data-hydrated>). */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated='true']")).toBeAttached();
}

export const test = base.extend<{ clientIp: string; user: TestUser; signedIn: TestUser }>({
  clientIp: async ({}, use) => {
    await use(randomIp());
  },
  // Requests from the page carry this test's IP, as Cloudflare would set it.
  page: async ({ page, clientIp }, use) => {
    await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp });
    await use(page);
  },
  user: async ({ request }, use) => {
    await use(await createUser(request));
  },
  signedIn: async ({ page, user, baseURL }, use) => {
    await signInAs(page, user, baseURL!);
    await use(user);
  },
});

export { expect };
