import { env, SELF } from "cloudflare:test";
import { vi } from "vitest";

export const BASE = "https://tesoro.test/api/v1";
export const STRONG_PASSWORD = "correct-horse-battery-staple-lima";

let counter = 0;
/** A fresh address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** A fresh client IP per call, so per-IP throttles of one test do not spill into another. */
/**
 * A client address no other call in this test file has used, so per-IP throttles (sign-up: 10 an
 * hour) never carry over between tests. Drawn from 198.18.0.0/15 (RFC 2544, benchmarking), in
 * sequence from a random start; 250 random addresses collided often enough to trip the throttle.
 */
let nextIp = Math.floor(Math.random() * 65_536);
/**
 * Holds `Date` still for the rest of a test (timers run on), so attempts counted in a fixed window
 * (a minute, an hour) all fall in one window however slow the machine: a count crossing a window's
 * end starts afresh, and a limit test would read 401 where it expects 429 (CI, stop 49). The worker
 * reads the same clock. The file's `afterEach` must call `vi.useRealTimers()`.
 */
export function holdTheClock(): void {
  vi.useFakeTimers({ now: Date.now(), toFake: ["Date"] });
}

export function uniqueIp(): string {
  const n = nextIp++ % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
  ip?: string;
}

export async function call(path: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  headers.set("CF-Connecting-IP", options.ip ?? "198.51.100.7");
  const response = await SELF.fetch(BASE + path, {
    method: options.method ?? (options.body !== undefined || options.rawBody !== undefined ? "POST" : "GET"),
    headers,
    body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  const text = await response.text();
  let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test helper: bodies are checked field by field
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/**
 * A signed-up, signed-in user, the way a person gets there (ADR 039): the sign-up form mails a
 * link, and the link creates the account and its session.
 */
export async function signUp(overrides: Partial<{ name: string; email: string; password: string; ip: string; headers: Record<string, string> }> = {}) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? STRONG_PASSWORD;
  const ip = overrides.ip ?? uniqueIp();
  const before = (await outbox(email, { signup: true })).length;
  const asked = await askForAccount({ name: overrides.name ?? "Ana Quispe", email, password, confirmPassword: password }, ip, overrides.headers);
  if (asked.status !== 202) throw new Error(`sign-up failed: ${asked.status} ${JSON.stringify(asked.json)}`);
  const result = await call(`/auth/signup-links/${await signupLinkFor(email, before)}`, { method: "POST", ip });
  if (result.status !== 201) throw new Error(`sign-up link failed: ${result.status} ${JSON.stringify(result.json)}`);
  return { email, password, token: result.json.token as string, user: result.json.user as { id: string; email: string } };
}

/** The sign-up form's post. */
export function askForAccount(body: Record<string, unknown>, ip = uniqueIp(), headers: Record<string, string> = {}) {
  return call("/auth/signup", { body, ip, headers });
}

/**
 * The id of the latest sign-up link mailed to `to` (the outbox; mail is sent after the answer),
 * once there are more than `before` of them (a sign-up asked for just now, not an older one).
 */
export async function signupLinkFor(to: string, before = 0): Promise<string> {
  const [mail] = await waitForMail(to, before + 1, { signup: true });
  const id = /\/signup\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1];
  if (!id) throw new Error(`no sign-up link in the mail to ${to}`);
  return id;
}

type Mail = { to: string; subject: string; text: string; html: string };
/**
 * Mail the outbox transport stored for `to`, newest first: with `signup`, its sign-up links;
 * otherwise the rest (every test user's first mail is its sign-up link, which a test counting or
 * reading another mail must not take for it, as tests/e2e/support/fixtures.ts's `latestMail`).
 */
export async function outbox(to: string, { signup = false } = {}): Promise<Mail[]> {
  const { results } = await env.DB.prepare("SELECT to_address AS \"to\", subject, text_body AS text, html_body AS html FROM outbox WHERE to_address = ?1 ORDER BY id DESC").bind(to).all<Mail>();
  return results.filter((mail) => mail.text.includes("/signup/confirm/") === signup);
}

/** Mail sent after an answer (waitUntil) lands a moment later: waits for `count` messages (`outbox`'s kind). */
export async function waitForMail(to: string, count = 1, kind: { signup?: boolean } = {}) {
  for (let i = 0; i < 50; i++) {
    const mail = await outbox(to, kind);
    if (mail.length >= count) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail for ${to}`);
}
