import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { createApi } from "../../workers/api/src/app";
import { sweep } from "../../workers/api/src/system/store";
import { afterEach, describe, expect, it, vi } from "vitest";
import { askForAccount, call, holdTheClock, outbox, signUp, signupLinkFor, STRONG_PASSWORD, uniqueEmail, uniqueIp, waitForMail } from "./helpers";

function linkIdFrom(text: string): string {
  const match = /\/login\/change-password\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!match?.[1]) throw new Error("no link in mail");
  return match[1];
}

afterEach(() => {
  vi.useRealTimers();
});

describe("sign-up", () => {
  it("creates the user, signs in, and keeps only a hash of the token and password", async () => {
    const { token, user, email } = await signUp({ name: "Rosa" });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await env.DB.prepare("SELECT * FROM users WHERE id = ?1").bind(user.id).first<{ password_hash: string; email: string }>();
    expect(row?.email).toBe(email);
    expect(row?.password_hash).toMatch(/^scrypt\$N=1024,r=8,p=1\$/);
    expect(row?.password_hash).not.toContain(STRONG_PASSWORD);
    const session = await env.DB.prepare("SELECT token_hash FROM sessions WHERE user_id = ?1").bind(user.id).first<{ token_hash: string }>();
    expect(session?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(session?.token_hash).not.toBe(token);
    const me = await call("/auth/session", { token });
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ id: user.id, name: "Rosa", locale: "en", timeZone: "America/Lima", theme: "system" });
  });

  it("answers each bad field with a message, in the caller's language", async () => {
    const en = await call("/auth/signup", { body: { name: "", email: "not-an-email", password: "short", confirmPassword: "other" }, ip: uniqueIp() });
    expect(en.status).toBe(422);
    expect(en.headers.get("Content-Type")).toBe("application/problem+json");
    expect(en.json.errors).toEqual({
      name: ["This field is required."],
      email: ["Enter a valid email address."],
      password: ["Use at least 12 characters."],
      confirmPassword: ["The passwords do not match."],
    });
    const es = await call("/auth/signup", { body: { name: "Ana", email: "x", password: "short", confirmPassword: "short" }, headers: { "Accept-Language": "es-PE,es;q=0.9" }, ip: uniqueIp() });
    expect(es.json.errors.email).toEqual(["Ingresa un correo electrónico válido."]);
    expect(es.json.errors.password).toEqual(["Usa al menos 12 caracteres."]);
  });

  it("refuses guessable passwords and says why", async () => {
    const result = await call("/auth/signup", { body: { name: "Ana", email: uniqueEmail(), password: "password1234", confirmPassword: "password1234" }, ip: uniqueIp() });
    expect(result.status).toBe(422);
    expect(result.json.errors.password[0]).toMatch(/^This password is too easy to guess\./);
    expect(result.json.errors.password[0].length).toBeGreaterThan("This password is too easy to guess.".length);
    // In Spanish, in the app's words: straight quotes and a final period (zxcvbn's own es-es text had neither).
    const es = await call("/auth/signup", { body: { name: "Ana", email: uniqueEmail(), password: "aaaaaaaaaaaaaaaa", confirmPassword: "aaaaaaaaaaaaaaaa" }, headers: { "Accept-Language": "es" }, ip: uniqueIp() });
    expect(es.json.errors.password).toEqual(["Esta contraseña es demasiado fácil de adivinar. Los caracteres repetidos como \"aaa\" son fáciles de adivinar."]);
    // The person's own name, run together, is among the first guesses.
    const named = await call("/auth/signup", { body: { name: "Juan Quispe", email: uniqueEmail(), password: "juanquispe19901990", confirmPassword: "juanquispe19901990" }, ip: uniqueIp() });
    expect(named.status).toBe(422);
    expect(named.json.errors.password).toEqual(["This password is too easy to guess. Your name or email should not be part of your password."]);
    // zxcvbn alone scored these 3 (strong enough): the person's names and a year, in another order
    // or with accents dropped. What is left without the names must be strong by itself.
    for (const password of ["quispejuan2026", "juan1990quispe", "Juan.Quispe.1990!", "maria-huaman-1985"]) {
      const own = await call("/auth/signup", { body: { name: password.startsWith("maria") ? "María Huamán" : "Juan Quispe", email: uniqueEmail(), password, confirmPassword: password }, headers: { "Accept-Language": "es" }, ip: uniqueIp() });
      expect(own.status, password).toBe(422);
      expect(own.json.errors.password, password).toEqual(["Esta contraseña es demasiado fácil de adivinar. Tu nombre o tu correo no deberían formar parte de la contraseña."]);
    }
    // A strong password that also holds the name is still strong without it.
    const strong = await call("/auth/signup", { body: { name: "Juan Quispe", email: uniqueEmail(), password: "juan-vaso-tormenta-ladrillo", confirmPassword: "juan-vaso-tormenta-ladrillo" }, ip: uniqueIp() });
    expect(strong.status, JSON.stringify(strong.json)).toBe(202);
  });

  it("accepts 128 characters and refuses 129", async () => {
    const long = "k".repeat(60) + "Zq9!" + "w".repeat(64);
    expect(long.length).toBe(128);
    const accepted = uniqueEmail();
    expect((await call("/auth/signup", { body: { name: "Ana", email: accepted, password: long, confirmPassword: long }, ip: uniqueIp() })).status).toBe(202);
    expect((await call(`/auth/signup-links/${await signupLinkFor(accepted)}`, { method: "POST" })).status).toBe(201);
    expect((await call("/auth/login", { body: { email: accepted, password: long } })).status).toBe(200);
    const tooLong = long + "x";
    const refused = await call("/auth/signup", { body: { name: "Ana", email: uniqueEmail(), password: tooLong, confirmPassword: tooLong }, ip: uniqueIp() });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.password).toEqual(["Use at most 128 characters."]);
  });

  it("says a password is too long wherever one is typed, in the caller's language", async () => {
    const tooLong = "k".repeat(60) + "Zq9!" + "w".repeat(65);
    expect(tooLong.length).toBe(129);
    const es = { "Accept-Language": "es-PE" };
    const tooLongEs = ["Usa como máximo 128 caracteres."];
    const signup = await call("/auth/signup", { body: { name: "Ana", email: uniqueEmail(), password: tooLong, confirmPassword: tooLong }, headers: es, ip: uniqueIp() });
    expect(signup.status).toBe(422);
    expect(signup.json.errors).toEqual({ password: tooLongEs });

    const { email, password, token } = await signUp();
    const change = await call("/auth/password", { token, headers: es, body: { currentPassword: tooLong, password: tooLong, confirmPassword: tooLong } });
    expect(change.status).toBe(422);
    expect(change.json.errors).toEqual({ currentPassword: tooLongEs, password: tooLongEs });

    await call("/auth/recover", { body: { email }, ip: uniqueIp() });
    const linkId = linkIdFrom((await waitForMail(email))[0]!.text);
    const reset = await call(`/auth/links/${linkId}/password`, { headers: es, body: { password: tooLong, confirmPassword: tooLong } });
    expect(reset.status).toBe(422);
    expect(reset.json.errors).toEqual({ password: tooLongEs });

    const login = await call("/auth/login", { headers: es, body: { email, password: tooLong } });
    expect(login.status).toBe(422);
    expect(login.json.errors).toEqual({ password: tooLongEs });
    // Nothing was changed by the refusals.
    expect((await call("/auth/login", { body: { email, password } })).status).toBe(200);
  });

  it("treats emails case-insensitively, and answers an address with an account as one without: its owner is told instead", async () => {
    const email = uniqueEmail("Case");
    const owner = await signUp({ email });
    const form = (address: string) => ({ name: "B", email: address, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD });
    const again = await askForAccount(form(email.toUpperCase()));
    const fresh = uniqueEmail("Fresh");
    const other = await askForAccount(form(fresh));
    // The same answer: status, headers' kind, and the body's shape (the address as given back, and a time).
    expect(again.status).toBe(202);
    expect(other.status).toBe(202);
    expect(Object.keys(again.json).sort()).toEqual(Object.keys(other.json).sort());
    expect(again.json.email).toBe(email.toUpperCase());
    // The owner hears of it, with the way to a new password, and no link that makes an account.
    const [notice] = await waitForMail(email);
    expect(notice!.subject).toBe("Someone tried to create a Tesoro account with your email");
    expect(notice!.text).toContain("/login/recover");
    expect(notice!.text).not.toContain("/signup/confirm/");
    // Once a day at most: a second try mails nothing more.
    await askForAccount(form(email));
    await new Promise((r) => setTimeout(r, 200));
    expect(await outbox(email)).toHaveLength(1);
    // The new address gets its link; nothing was created for either until a link is used.
    expect((await waitForMail(fresh, 1, { signup: true }))[0]!.subject).toBe("Finish creating your Tesoro account");
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email_normalized IN (?1, ?2)").bind(email.toLowerCase(), fresh.toLowerCase()).first<{ n: number }>();
    expect(count?.n).toBe(1);
    expect((await call("/auth/session", { token: owner.token })).status).toBe(200);
  });

  it("is limited to 10 per IP per hour", async () => {
    holdTheClock();
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const result = await call("/auth/signup", { body: { name: "", email: "x", password: "", confirmPassword: "" }, ip });
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("counts an IPv6 client by its /64, so changing the address within it does not reset the limit", async () => {
    holdTheClock();
    const prefix = `2001:db8:${(Date.now() % 65536).toString(16)}:${Math.floor(Math.random() * 65536).toString(16)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const result = await call("/auth/signup", { body: { name: "", email: "x", password: "", confirmPassword: "" }, ip: `${prefix}:${(i + 1).toString(16)}::${i}` });
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The next /64 is another client.
    const next = await call("/auth/signup", { body: { name: "", email: "x", password: "", confirmPassword: "" }, ip: `2001:db9::${Math.floor(Math.random() * 65536).toString(16)}` });
    expect(next.status).toBe(422);
  });
});

describe("sign-up links (ADR 039)", () => {
  const form = (email: string, password = STRONG_PASSWORD, name = "Rosa") => ({ name, email, password, confirmPassword: password });

  it("keep the form's password hashed, name the address, make the account once, and only the latest works", async () => {
    const email = uniqueEmail("Link");
    expect((await askForAccount(form(email, "first-password-caña-2026"))).status).toBe(202);
    const first = await signupLinkFor(email);
    const stored = await env.DB.prepare("SELECT password_hash, token_hash FROM signup_links WHERE email_normalized = ?1").bind(email.toLowerCase()).first<{ password_hash: string; token_hash: string }>();
    expect(stored!.password_hash).toMatch(/^scrypt\$/);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toBe(first);
    expect((await call(`/auth/signup-links/${first}`)).json).toEqual({ email, name: "Rosa" });
    // Asked again (a mistyped password noticed): the first link no longer works, the new one does.
    expect((await askForAccount(form(email))).status).toBe(202);
    const second = await signupLinkFor(email, 1);
    expect(second).not.toBe(first);
    expect((await call(`/auth/signup-links/${first}`)).status).toBe(410);
    expect((await call(`/auth/signup-links/${first}`, { method: "POST" })).status).toBe(410);
    const created = await call(`/auth/signup-links/${second}`, { method: "POST" });
    expect(created.status).toBe(201);
    expect(created.json.user).toMatchObject({ email, name: "Rosa", locale: "en" });
    expect((await call("/auth/session", { token: created.json.token })).status).toBe(200);
    // The password is the second form's; the link is spent.
    expect((await call("/auth/login", { body: { email, password: STRONG_PASSWORD } })).status).toBe(200);
    expect((await call("/auth/login", { body: { email, password: "first-password-caña-2026" } })).status).toBe(401);
    expect((await call(`/auth/signup-links/${second}`, { method: "POST" })).status).toBe(410);
    expect((await call("/categories", { token: created.json.token })).json.categories.length).toBeGreaterThan(5);
  });

  it("expire after 24 hours, are swept a day later, and refuse an address that got an account meanwhile", async () => {
    const email = uniqueEmail("Late");
    await askForAccount(form(email));
    const link = await signupLinkFor(email);
    await env.DB.prepare("UPDATE signup_links SET expires_at = ?1 WHERE email_normalized = ?2").bind(Date.now() - 1, email.toLowerCase()).run();
    expect((await call(`/auth/signup-links/${link}`)).status).toBe(410);
    expect((await call(`/auth/signup-links/${link}`, { method: "POST" })).status).toBe(410);
    await sweep(env.DB, Date.now() + 24 * 3600_000 + 1000);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM signup_links WHERE email_normalized = ?1").bind(email.toLowerCase()).first<{ n: number }>())!.n).toBe(0);

    // Two links for one address in two mailboxes is not possible, but a link older than an
    // account made another way (an operator's command) is: it makes no second account.
    const taken = uniqueEmail("Taken");
    await askForAccount(form(taken));
    const waiting = await signupLinkFor(taken);
    await env.DB.prepare("INSERT INTO users (id, email, email_normalized, name, password_hash, locale, created_at, updated_at) VALUES (?1, ?2, ?3, 'Op', 'x', 'en', 1, 1)")
      .bind(crypto.randomUUID(), taken, taken.toLowerCase())
      .run();
    expect((await call(`/auth/signup-links/${waiting}`)).status).toBe(409);
    const refused = await call(`/auth/signup-links/${waiting}`, { method: "POST", headers: { "Accept-Language": "es" } });
    expect(refused.status).toBe(409);
    expect(refused.json.errors.email).toEqual(["Ya existe una cuenta con este correo."]);
    expect((await call("/auth/signup-links/short")).status).toBe(422);
  });

  it("mail the link in the language of the form, and a mailbox hears of at most 3 sign-ups an hour, as any address", async () => {
    holdTheClock();
    const email = uniqueEmail("Es");
    await askForAccount(form(email, STRONG_PASSWORD, "Lucía"), uniqueIp(), { "Accept-Language": "es-PE" });
    const [mail] = await waitForMail(email, 1, { signup: true });
    expect(mail!.subject).toBe("Termina de crear tu cuenta de Tesoro");
    expect(mail!.text).toContain("Hola, Lucía:");
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await askForAccount(form(email))).status);
    expect(statuses).toEqual([202, 202, 429]);
    // Counted for an address with an account alike (its own sign-up was the first): a 429 tells nothing.
    const owner = await signUp();
    const owners = [];
    for (let i = 0; i < 3; i++) owners.push((await askForAccount(form(owner.email))).status);
    expect(owners).toEqual([202, 202, 429]);
  });
});

describe("malformed requests", () => {
  it("answers broken JSON with 400 problem+json", async () => {
    const result = await call("/auth/login", { rawBody: "{not json", headers: { "Content-Type": "application/json" } });
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ status: 400, detail: "The request could not be read." });
  });

  it("answers oversized bodies with 413", async () => {
    const result = await call("/auth/login", { rawBody: JSON.stringify({ email: "a@b.co", password: "x".repeat(70_000) }), headers: { "Content-Type": "application/json" } });
    expect(result.status).toBe(413);
  });

  it("answers wrong types with 422, never 500", async () => {
    for (const body of [null, [], "text", 42, { email: 42, password: {} }, { email: "a@b.co", password: "x", remember: "yes" }]) {
      const result = await call("/auth/login", { body });
      expect([400, 422]).toContain(result.status);
    }
  });
});

describe("sign-in", () => {
  it("answers a wrong password and an unknown email the same way", async () => {
    const { email } = await signUp();
    const wrong = await call("/auth/login", { body: { email, password: "wrong-password-123" } });
    const unknown = await call("/auth/login", { body: { email: uniqueEmail(), password: "wrong-password-123" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.detail).toBe("Invalid email or password.");
  });

  it("spends hashing work for unknown emails too (no timing oracle)", async () => {
    // Production-like cost, so one scrypt (~20 ms) dwarfs everything else a sign-in does.
    const api = createApi("/api/v1");
    const costly = { ...env, SCRYPT_PARAMS: "N=16384,r=8,p=1" };
    const send = async (path: string, body: unknown) => {
      const request = new Request(`https://tesoro.test/api/v1${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
        body: JSON.stringify(body),
      });
      const ctx = createExecutionContext();
      const response = await api.fetch(request, costly, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    // Three accounts: each takes four wrong tries before a fifth would lock it, and twelve samples
    // of each kind keep the minimums steady on a busy machine.
    const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
    for (const email of emails) {
      expect((await send("/auth/signup", { name: "Ana", email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD })).status).toBe(202);
      expect((await send(`/auth/signup-links/${await signupLinkFor(email)}`, {})).status).toBe(201);
    }
    const attempt = async (address: string) => {
      const start = performance.now();
      const response = await send("/auth/login", { email: address, password: "wrong-password-123" });
      expect(response.status).toBe(401);
      return performance.now() - start;
    };
    await attempt(uniqueEmail());
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      for (const email of emails) {
        known.push(await attempt(email));
        unknown.push(await attempt(uniqueEmail()));
      }
    }
    // Minimums resist noise from a busy machine. Without the dummy hash an unknown email would
    // answer in well under a fifth of the known one's time; with it, the two are alike.
    const fastest = (values: number[]) => Math.min(...values);
    expect(fastest(unknown)).toBeGreaterThan(fastest(known) * 0.4);
    expect(fastest(unknown)).toBeLessThan(fastest(known) * 2.5);
  });

  it("gives a 30-day session with Remember me and a browser session without", async () => {
    const { email, password } = await signUp();
    const remembered = await call("/auth/login", { body: { email, password, remember: true } });
    expect(remembered.status).toBe(200);
    expect(remembered.json.remember).toBe(true);
    expect(remembered.json.expiresAt - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const browser = await call("/auth/login", { body: { email: email.toUpperCase(), password } });
    expect(browser.json.remember).toBe(false);
    expect(browser.json.expiresAt).toBeNull();
    expect(browser.json.token).not.toBe(remembered.json.token);
  });

  it("ends a session without Remember me after 30 idle minutes, and slides while used", async () => {
    const { email, password } = await signUp();
    const { json } = await call("/auth/login", { body: { email, password } });
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ["Date"] });
    vi.setSystemTime(start + 25 * 60_000);
    expect((await call("/auth/session", { token: json.token })).status).toBe(200);
    vi.setSystemTime(start + 50 * 60_000);
    expect((await call("/auth/session", { token: json.token })).status).toBe(200);
    vi.setSystemTime(start + 81 * 60_000);
    expect((await call("/auth/session", { token: json.token })).status).toBe(401);
  });

  it("keeps a remembered session past 30 idle minutes", async () => {
    const { email, password } = await signUp();
    const { json } = await call("/auth/login", { body: { email, password, remember: true } });
    vi.useFakeTimers({ now: Date.now(), toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 3 * 24 * 3600_000);
    expect((await call("/auth/session", { token: json.token })).status).toBe(200);
    vi.setSystemTime(Date.now() + 28 * 24 * 3600_000);
    expect((await call("/auth/session", { token: json.token })).status).toBe(401);
  });

  it("locks the account for 15 minutes after 5 failures in 15 minutes", async () => {
    const { email, password } = await signUp();
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ["Date"] });
    for (let i = 0; i < 4; i++) expect((await call("/auth/login", { body: { email, password: "wrong-password-123" } })).status).toBe(401);
    const fifth = await call("/auth/login", { body: { email, password: "wrong-password-123" } });
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get("Retry-After")).toBe("900");
    expect(fifth.json.detail).toBe("Too many failed attempts. Try again in 15 minutes.");
    // Even the right password waits.
    vi.setSystemTime(start + 14 * 60_000);
    const during = await call("/auth/login", { body: { email, password } });
    expect(during.status).toBe(429);
    expect(during.json.detail).toBe("Too many failed attempts. Try again in 1 minute.");
    vi.setSystemTime(start + 15 * 60_000 + 1000);
    expect((await call("/auth/login", { body: { email, password } })).status).toBe(200);
  });

  it("locks an unknown email exactly like a registered one: the same bytes, step by step", async () => {
    const { email } = await signUp();
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ["Date"] });
    // Wrong passwords through the lock and out of it; one attempt in capitals (emails compare
    // case-insensitively, so it counts against the same lock).
    const steps = [0, 0, 0, 0, 0, 0, 14 * 60, 15 * 60, 15 * 60 + 1].map((seconds, i) => ({ at: start + seconds * 1000, upper: i === 5 }));
    const run = async (address: string) => {
      const seen: Array<{ status: number; type: string | null; retryAfter: string | null; body: string }> = [];
      for (const step of steps) {
        vi.setSystemTime(step.at);
        const result = await call("/auth/login", { body: { email: step.upper ? address.toUpperCase() : address, password: "wrong-password-123" } });
        seen.push({ status: result.status, type: result.headers.get("Content-Type"), retryAfter: result.headers.get("Retry-After"), body: result.text });
      }
      return seen;
    };
    const known = await run(email);
    const unknown = await run(uniqueEmail("nobody"));
    expect(unknown).toEqual(known);
    // The fifth failure is the one that locks, and it says so (docs/decisions/004-throttles.md).
    expect(known.map((step) => step.status)).toEqual([401, 401, 401, 401, 429, 429, 429, 401, 401]);
    expect(JSON.parse(known[0]!.body).detail).toBe("Invalid email or password.");
    expect(known[4]!.retryAfter).toBe("900");
    expect(JSON.parse(known[4]!.body).detail).toBe("Too many failed attempts. Try again in 15 minutes.");
    expect(known[6]!.retryAfter).toBe("60");
    expect(JSON.parse(known[6]!.body).detail).toBe("Too many failed attempts. Try again in 1 minute.");
  });

  it("locks again after a lock ends: guessing never goes on at full speed", async () => {
    const { email } = await signUp();
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ["Date"] });
    const wrong = async () => (await call("/auth/login", { body: { email, password: "wrong-password-123" } })).status;
    for (const round of [0, 1, 2]) {
      vi.setSystemTime(start + round * 16 * 60_000);
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push(await wrong());
      expect(statuses, `round ${round}`).toEqual([401, 401, 401, 401, 429, 429]);
    }
  });

  it("tells the owner when their sign-in is paused, at most once a day, and mails no address without an account", async () => {
    const { email } = await signUp();
    const nobody = uniqueEmail("nobody");
    // 01:00 UTC, so the pause and its end fall on one day of the once-a-day count.
    const day = Date.UTC(2026, 10, 23, 1, 0);
    vi.useFakeTimers({ now: day, toFake: ["Date"] });
    const fiveWrong = async (address: string) => {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await call("/auth/login", { body: { email: address, password: "wrong-password-123" } })).status);
      return statuses;
    };
    expect(await fiveWrong(nobody)).toEqual([401, 401, 401, 401, 429]);
    expect(await fiveWrong(email)).toEqual([401, 401, 401, 401, 429]);
    const [notice] = await waitForMail(email);
    expect(notice?.subject).toBe("Sign-in to your Tesoro account was paused");
    expect(notice?.text).toContain("a wrong password was entered 5 times for this address, so sign-in to your Tesoro account is paused for 15 minutes");
    expect(notice?.text).toContain("/login/recover");
    expect(await outbox(nobody)).toEqual([]);
    // Paused again the same day: no second mail. The next day: one more.
    vi.setSystemTime(day + 16 * 60_000);
    expect(await fiveWrong(email)).toEqual([401, 401, 401, 401, 429]);
    vi.setSystemTime(day + 24 * 3600_000);
    expect(await fiveWrong(email)).toEqual([401, 401, 401, 401, 429]);
    expect(await waitForMail(email, 2)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await outbox(email)).toHaveLength(2);
  });

  it("tells the owner, in their language, when wrong current passwords pause their sign-in", async () => {
    const { email, token } = await signUp();
    expect((await call("/users/me", { method: "PATCH", token, body: { locale: "es", timeZone: "America/Lima" } })).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const body = { currentPassword: "wrong-password-123", password: "another-strong-passphrase-x", confirmPassword: "another-strong-passphrase-x" };
      statuses.push((await call("/auth/password", { body, token })).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const [notice] = await waitForMail(email);
    expect(notice?.subject).toBe("Se pausó el inicio de sesión en tu cuenta de Tesoro");
    expect(notice?.text).toContain("(America/Lima), se ingresó una contraseña incorrecta 5 veces");
  });

  it("does not lock when failures are spread over more than 15 minutes", async () => {
    const { email, password } = await signUp();
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ["Date"] });
    for (let i = 0; i < 4; i++) await call("/auth/login", { body: { email, password: "wrong-password-123" } });
    vi.setSystemTime(start + 16 * 60_000);
    expect((await call("/auth/login", { body: { email, password: "wrong-password-123" } })).status).toBe(401);
    expect((await call("/auth/login", { body: { email, password } })).status).toBe(200);
  });

  it("rehashes a password made with older parameters at sign-in", async () => {
    const { email, password, user } = await signUp();
    // Simulate a hash from an older, weaker setting by re-hashing it with other parameters.
    const { hashPassword, parseParams } = await import("../../workers/api/src/auth/password");
    await env.DB.prepare("UPDATE users SET password_hash = ?1 WHERE id = ?2").bind(hashPassword(password, parseParams("N=512,r=8,p=1")), user.id).run();
    expect((await call("/auth/login", { body: { email, password } })).status).toBe(200);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?1").bind(user.id).first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^scrypt\$N=1024,r=8,p=1\$/);
  });

  it("signs out: the token stops working", async () => {
    const { token } = await signUp();
    expect((await call("/auth/logout", { method: "POST", token })).status).toBe(204);
    expect((await call("/auth/session", { token })).status).toBe(401);
  });

  it("refuses missing, malformed and unknown tokens", async () => {
    expect((await call("/auth/session")).status).toBe(401);
    expect((await call("/auth/session", { headers: { Authorization: "Bearer nope" } })).status).toBe(401);
    expect((await call("/auth/session", { token: "A".repeat(43) })).status).toBe(401);
  });
});

describe("password recovery", () => {
  it("answers the same whether or not the email exists, and mails only real accounts", async () => {
    const { email } = await signUp();
    const known = await call("/auth/recover", { body: { email }, ip: uniqueIp() });
    const unknownEmail = uniqueEmail();
    const unknown = await call("/auth/recover", { body: { email: unknownEmail }, ip: uniqueIp() });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.json).toEqual(unknown.json);
    expect(await waitForMail(email)).toHaveLength(1);
    expect(await outbox(unknownEmail)).toHaveLength(0);
  });

  it("mails a single-use link that changes the password and ends every session", async () => {
    const { email, token } = await signUp();
    const other = await call("/auth/login", { body: { email, password: STRONG_PASSWORD, remember: true } });
    await call("/auth/recover", { body: { email }, ip: uniqueIp() });
    const [mail] = await waitForMail(email);
    expect(mail!.subject).toBe("Reset your Tesoro password");
    const linkId = linkIdFrom(mail!.text);
    // The app's origin (APP_ORIGIN, here the tests' own), in the text and the link.
    expect(mail!.text).toContain(`https://tesoro.test/login/change-password/${linkId}`);
    expect(mail!.html).toContain(`href="https://tesoro.test/login/change-password/${linkId}"`);
    expect((await call(`/auth/links/${linkId}`)).status).toBe(204);

    const newPassword = "a-brand-new-passphrase-for-lima";
    const changed = await call(`/auth/links/${linkId}/password`, { body: { password: newPassword, confirmPassword: newPassword } });
    expect(changed.status).toBe(204);
    expect((await call("/auth/session", { token })).status).toBe(401);
    expect((await call("/auth/session", { token: other.json.token })).status).toBe(401);
    expect((await call("/auth/login", { body: { email, password: STRONG_PASSWORD } })).status).toBe(401);
    expect((await call("/auth/login", { body: { email, password: newPassword } })).status).toBe(200);
    // The mailbox hears of it, as after a change in Settings, with the way to choose another.
    const [notice] = await waitForMail(email, 2);
    expect(notice!.subject).toBe("The password of your Tesoro account was changed");
    expect(notice!.text).toMatch(/the password of your Tesoro account was changed with a link mailed to this address, and every device was signed out\./);
    expect(notice!.text).toContain("https://tesoro.test/login/recover");

    const reused = await call(`/auth/links/${linkId}/password`, { body: { password: "yet-another-passphrase-cusco", confirmPassword: "yet-another-passphrase-cusco" } });
    expect(reused.status).toBe(410);
    expect(reused.json.detail).toBe("This link has expired or was already used");
  });

  it("ends a lockout when the password is set through a mailed link", async () => {
    const { email } = await signUp();
    for (let i = 0; i < 5; i++) await call("/auth/login", { body: { email, password: "wrong-password-123" } });
    expect((await call("/auth/login", { body: { email, password: STRONG_PASSWORD } })).status).toBe(429);
    // The owner was told of the pause (first mail), and the link comes second.
    await waitForMail(email);
    await call("/auth/recover", { body: { email }, ip: uniqueIp() });
    const linkId = linkIdFrom((await waitForMail(email, 2))[0]!.text);
    const newPassword = "a-brand-new-passphrase-for-lima";
    expect((await call(`/auth/links/${linkId}/password`, { body: { password: newPassword, confirmPassword: newPassword } })).status).toBe(204);
    expect((await call("/auth/login", { body: { email: email.toUpperCase(), password: newPassword } })).status).toBe(200);
  });

  it("expires links after 30 minutes", async () => {
    const { email } = await signUp();
    await call("/auth/recover", { body: { email }, ip: uniqueIp() });
    const linkId = linkIdFrom((await waitForMail(email))[0]!.text);
    vi.useFakeTimers({ now: Date.now(), toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 29 * 60_000);
    expect((await call(`/auth/links/${linkId}`)).status).toBe(204);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await call(`/auth/links/${linkId}`)).status).toBe(410);
  });

  it("voids older links when a new one is requested", async () => {
    const { email } = await signUp();
    await call("/auth/recover", { body: { email }, ip: uniqueIp() });
    const first = linkIdFrom((await waitForMail(email, 1))[0]!.text);
    await call("/auth/recover", { body: { email }, ip: uniqueIp() });
    const second = linkIdFrom((await waitForMail(email, 2))[0]!.text);
    expect(second).not.toBe(first);
    expect((await call(`/auth/links/${first}`)).status).toBe(410);
    expect((await call(`/auth/links/${second}`)).status).toBe(204);
  });

  it("refuses malformed link ids with 422", async () => {
    expect((await call("/auth/links/short")).status).toBe(422);
  });

  it("mails in the user's language", async () => {
    const email = uniqueEmail();
    const result = await signUp({ name: "Lucía", email, headers: { "Accept-Language": "es" } });
    expect((await call("/auth/session", { token: result.token })).json.user.locale).toBe("es");
    await call("/auth/recover", { body: { email }, ip: uniqueIp() });
    const [mail] = await waitForMail(email);
    expect(mail!.subject).toBe("Restablece tu contraseña de Tesoro");
    expect(mail!.text).toContain("Hola, Lucía:");
  });

  it("allows 3 requests per email and 10 per IP per hour", async () => {
    holdTheClock();
    const email = uniqueEmail();
    const perEmail = [];
    for (let i = 0; i < 4; i++) perEmail.push((await call("/auth/recover", { body: { email }, ip: uniqueIp() })).status);
    expect(perEmail).toEqual([202, 202, 202, 429]);
    const ip = uniqueIp();
    const perIp = [];
    for (let i = 0; i < 11; i++) perIp.push((await call("/auth/recover", { body: { email: uniqueEmail() }, ip })).status);
    expect(perIp.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(perIp[10]).toBe(429);
  });
});

describe("sessions", () => {
  it("lists own sessions, revokes one, and signs out everywhere else", async () => {
    const { email, password, token } = await signUp();
    const second = await call("/auth/login", { body: { email, password }, headers: { "User-Agent": "Phone" } });
    const third = await call("/auth/login", { body: { email, password } });
    const list = await call("/auth/sessions", { token });
    expect(list.json.sessions).toHaveLength(3);
    expect(list.json.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const phone = list.json.sessions.find((s: { userAgent: string | null }) => s.userAgent === "Phone");
    expect(phone.ip).toBe("198.51.100.0");
    expect((await call(`/auth/sessions/${phone.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await call("/auth/session", { token: second.json.token })).status).toBe(401);
    expect((await call("/auth/sessions/revoke-others", { method: "POST", token })).status).toBe(204);
    expect((await call("/auth/session", { token: third.json.token })).status).toBe(401);
    expect((await call("/auth/session", { token })).status).toBe(200);
  });

  it("cannot revoke another user's session (404, no leak)", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const bobs = await call("/auth/sessions", { token: bob.token });
    const result = await call(`/auth/sessions/${bobs.json.sessions[0].id}`, { method: "DELETE", token: alice.token });
    expect(result.status).toBe(404);
    expect((await call("/auth/session", { token: bob.token })).status).toBe(200);
  });

  it("changes the password with the current one and ends the other sessions", async () => {
    const { email, password, token } = await signUp();
    const other = await call("/auth/login", { body: { email, password } });
    const wrong = await call("/auth/password", { token, body: { currentPassword: "not-the-password", password: "another-strong-passphrase-x", confirmPassword: "another-strong-passphrase-x" } });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.currentPassword).toBeDefined();
    // The same password again is no change (it would sign the other devices out for nothing).
    const same = await call("/auth/password", { token, body: { currentPassword: password, password, confirmPassword: password } });
    expect(same.json.errors).toEqual({ password: ["Choose a new password, not the one you use now."] });
    expect((await call("/auth/session", { token: other.json.token })).status).toBe(200);
    const ok = await call("/auth/password", { token, body: { currentPassword: password, password: "another-strong-passphrase-x", confirmPassword: "another-strong-passphrase-x" } });
    expect(ok.status).toBe(204);
    expect((await call("/auth/session", { token })).status).toBe(200);
    expect((await call("/auth/session", { token: other.json.token })).status).toBe(401);
    // The owner hears of it, with the way back if it was not them; the refused try sent nothing.
    const [notice, ...more] = await waitForMail(email);
    expect(more).toHaveLength(0);
    expect(notice!.subject).toBe("The password of your Tesoro account was changed");
    expect(notice!.text).toContain("your other devices were signed out");
    expect(notice!.text).toContain("(America/Lima)");
    expect(notice!.text).toMatch(/\/login\/recover$/);
  });
});

describe("the current password, asked again with a session", () => {
  const wrongTries = {
    "/auth/password": { currentPassword: "not-the-password", password: "another-strong-passphrase-x", confirmPassword: "another-strong-passphrase-x" },
    "/users/me/email": { email: "elsewhere@example.com", password: "not-the-password" },
  };

  it("counts wrong answers toward the sign-in lockout, so a stolen session cannot guess it; a locked email is refused even the right one", async () => {
    const { email, password, token } = await signUp();
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [path, body] = Object.entries(wrongTries)[i % 2]!;
      answers.push((await call(path, { token, body })).status);
    }
    expect(answers).toEqual([422, 422, 422, 422, 429]);
    const right = await call("/auth/password", { token, body: { currentPassword: password, password: "another-strong-passphrase-x", confirmPassword: "another-strong-passphrase-x" }, headers: { "Accept-Language": "es" } });
    expect(right.status).toBe(429);
    expect(right.json.detail).toMatch(/minutos?/);
    expect((await call("/users/me", { method: "DELETE", token, body: { password, confirm: true } })).status).toBe(429);
    // The same lock as sign-in's: the email is locked there too, and nothing changed.
    expect((await call("/auth/login", { body: { email, password } })).status).toBe(429);
    expect((await call("/auth/session", { token })).status).toBe(200);
  });

  it("a right answer starts the count again", async () => {
    const { email, password, token } = await signUp();
    for (let i = 0; i < 4; i++) expect((await call("/users/me/email", { token, body: wrongTries["/users/me/email"] })).status).toBe(422);
    // The right password, with the address the user already has: refused for the address only,
    // after the password was checked, which starts the count again.
    const same = await call("/users/me/email", { token, body: { email, password } });
    expect(same.status).toBe(422);
    expect(Object.keys(same.json.errors)).toEqual(["email"]);
    for (let i = 0; i < 4; i++) expect((await call("/auth/password", { token, body: wrongTries["/auth/password"] })).status).toBe(422);
  });
});

describe("sign-up switch and outbox", () => {
  it("exposes the sign-up setting", async () => {
    expect((await call("/auth/config")).json).toEqual({ signup: "open" });
  });
});
