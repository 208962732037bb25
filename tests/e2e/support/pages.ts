/** Page helpers shared by the ledger specs: disclosures, toasts, a second tab, a Spanish page. */
import type { Browser, Page } from "@playwright/test";
import { hydrated, randomIp, signInAs, type TestUser } from "./fixtures";

/** Opens a disclosure (<details>) by its summary text, unless it is open already. */
export async function disclose(page: Page, name: string) {
  const details = page.locator("details").filter({ has: page.locator("summary", { hasText: new RegExp(`^${name}$`) }) }).first();
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.locator("summary").click();
}

/** The same edit form open here and in a second tab (ADR 035's "another tab"): the second tab. */
export async function sameFormInTwoTabs(page: Page, address: string): Promise<Page> {
  await page.goto(address);
  await hydrated(page);
  const other = await page.context().newPage();
  await other.goto(address);
  await hydrated(other);
  return other;
}

/** A text as a regular expression matching itself exactly (a message with dots and brackets). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The toast that says `text` (a part of it). */
export function toast(page: Page, text: string) {
  return page.getByTestId("toast").filter({ hasText: text });
}

/** A page in Spanish (Accept-Language), signed in as `user`; `javaScriptEnabled: false` for the no-script paths. */
export async function spanishPage(browser: Browser, baseURL: string, user: TestUser, { javaScriptEnabled = true } = {}) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: "es-PE", extraHTTPHeaders: { "Accept-Language": "es-PE,es;q=0.9", "CF-Connecting-IP": randomIp() } });
  const page = await context.newPage();
  await signInAs(page, user, baseURL);
  return { page, context };
}

/**
 * The addresses posted to while `action` runs and until `settled` is seen: a check the page makes
 * itself (a form's browser check) posts nothing.
 */
export async function postsDuring(page: Page, action: () => Promise<void>, settled: () => Promise<void>): Promise<string[]> {
  const posts: string[] = [];
  const onRequest = (request: { method(): string; url(): string }) => {
    if (request.method() === "POST") posts.push(request.url());
  };
  page.on("request", onRequest);
  try {
    await action();
    await settled();
  } finally {
    page.off("request", onRequest);
  }
  return posts;
}
