import { env } from "cloudflare:test";
import { unzipSync, strFromU8 } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EXPORT_CHUNK_ROWS, exportHead, exportZip } from "../../workers/api/src/export/files";
import { findUserById } from "../../workers/api/src/users/store";
import { toApiUser } from "../../workers/api/src/users/model";
import { BASE, call, holdTheClock, outbox, signUp, STRONG_PASSWORD, uniqueEmail, uniqueIp, waitForMail } from "./helpers";
import { SELF } from "cloudflare:test";

afterEach(() => vi.useRealTimers());

/** Ledger rows written straight into D1, so these tests depend only on the schema. */
async function seedLedger(userId: string) {
  const now = Date.now();
  const accountId = crypto.randomUUID();
  const categoryId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO accounts (id, user_id, name, type, currency, opening_balance, balance, opening_date, created_at, updated_at) VALUES (?1, ?2, 'BCP Soles', 'checking', 'PEN', 100000, 100000, '2026-01-01', ?3, ?3)").bind(accountId, userId, now),
    env.DB.prepare("INSERT INTO categories (id, user_id, name, kind, color, created_at) VALUES (?1, ?2, 'Mercado', 'expense', '#16a34a', ?3)").bind(categoryId, userId, now),
    env.DB.prepare(
      "INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, payee, notes, receipt_key, created_at, updated_at) VALUES (?1, ?2, ?3, '2026-11-20', 'Wong, \"San Isidro\"', -8540, ?4, 'Wong', '=HYPERLINK(1)', ?5, ?6, ?6)",
    ).bind(crypto.randomUUID(), accountId, userId, categoryId, `receipts/${userId}/x/y`, now),
  ]);
  return { accountId, categoryId };
}

async function rawGet(path: string, token: string) {
  return SELF.fetch(BASE + path, { headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": uniqueIp() } });
}

describe("change email", () => {
  /** The link id mailed to `to` by the last change of email. */
  async function mailedLink(to: string): Promise<string> {
    const [mail] = await waitForMail(to);
    const match = /\/login\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(mail!.text);
    if (!match?.[1]) throw new Error(`no confirmation link in the mail to ${to}`);
    return match[1];
  }

  it("needs the right password, mails a link to the new address, changes nothing until it is opened, then tells the old address", async () => {
    const { token, password, email } = await signUp();
    const next = uniqueEmail("New");
    const wrong = await call("/users/me/email", { token, body: { email: next, password: "not-my-password-at-all" } });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.password).toEqual(["The password is not correct."]);
    expect(await outbox(next)).toHaveLength(0);

    const asked = await call("/users/me/email", { token, body: { email: next, password } });
    expect(asked.status).toBe(202);
    expect(asked.json.user.email).toBe(email);
    expect(asked.json.pending).toEqual({ email: next, expiresAt: expect.any(Number), taken: false });
    expect((await call("/users/me/email", { token })).json.pending).toMatchObject({ email: next });
    // Nothing has changed yet: the old address still signs in, and the old owner has no notice.
    expect((await call("/users/me", { token })).json.user.email).toBe(email);
    expect((await call("/auth/login", { body: { email, password }, ip: uniqueIp() })).status).toBe(200);
    const linkId = await mailedLink(next);
    expect((await outbox(next))[0]!.subject).toBe("Confirm the new email of your Tesoro account");
    expect(await outbox(email)).toHaveLength(0);

    // The link says which address it confirms, then confirms it once, without a session.
    expect((await call(`/auth/email-links/${linkId}`)).json).toEqual({ email: next });
    const confirmed = await call(`/auth/email-links/${linkId}`, { method: "POST" });
    expect(confirmed.status).toBe(200);
    expect((await call(`/auth/email-links/${linkId}`, { method: "POST" })).status).toBe(410);
    expect((await call(`/auth/email-links/${linkId}`)).status).toBe(410);
    expect((await call("/users/me", { token })).json.user.email).toBe(next);
    expect((await call("/users/me/email", { token })).json.pending).toBeNull();
    expect((await call("/auth/login", { body: { email: next.toUpperCase(), password }, ip: uniqueIp() })).status).toBe(200);
    expect((await call("/auth/login", { body: { email, password }, ip: uniqueIp() })).status).toBe(401);

    const notice = await waitForMail(email);
    expect(notice.map((mail) => mail.subject)).toEqual(["The email of your Tesoro account was changed"]);
    expect(notice[0]!.text).toMatch(new RegExp(`^On .+ \\(America/Lima\\), the email you sign in to Tesoro with was changed to ${next.replace(/[.+]/g, "\\$&")}\\.`, "m"));
  });

  /** The link id under `path` in the newest mail to `to` that has one (mail sent after the answer lands a moment later). */
  async function newestLink(to: string, path: string): Promise<string> {
    const pattern = new RegExp(`${path}/([A-Za-z0-9_-]{43})`);
    for (let i = 0; i < 50; i++) {
      const found = (await outbox(to)).map((mail) => pattern.exec(mail.text)?.[1]).find(Boolean);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no ${path} link in the mail to ${to}`);
  }

  /** Changes the email of the account behind `token` to `to`, through its link. */
  async function changeEmail(token: string, password: string, to: string) {
    expect((await call("/users/me/email", { token, body: { email: to, password } })).status).toBe(202);
    expect((await call(`/auth/email-links/${await mailedLink(to)}`, { method: "POST" })).status).toBe(200);
  }

  /**
   * Someone with `user`'s password asks to move the account to their address (the link it mails
   * them), and a password link is mailed to the owner's address.
   */
  async function takerAndPasswordLink(user: { token: string; password: string; email: string }) {
    const taker = uniqueEmail("Taker");
    expect((await call("/users/me/email", { token: user.token, body: { email: taker, password: user.password } })).status).toBe(202);
    const takersLink = await mailedLink(taker);
    expect((await call("/auth/recover", { body: { email: user.email }, ip: uniqueIp() })).status).toBe(202);
    return { takersLink, passwordLink: await newestLink(user.email, "/login/change-password") };
  }

  it("a new password, set by a mailed link or in Settings, ends a change of email still waiting for its link, and older password links", async () => {
    // The owner, warned, sets a new password by the mailed link (every session ends). The taker's link is dead.
    const owner = await signUp();
    const { takersLink, passwordLink: reset } = await takerAndPasswordLink(owner);
    const fresh = "a-brand-new-passphrase-for-lima";
    expect((await call(`/auth/links/${reset}/password`, { body: { password: fresh, confirmPassword: fresh } })).status).toBe(204);
    expect((await call(`/auth/email-links/${takersLink}`, { method: "POST" })).status).toBe(410);
    expect((await call("/auth/login", { body: { email: owner.email, password: fresh }, ip: uniqueIp() })).status).toBe(200);

    // The same in Settings, where a password link mailed before ends too.
    const other = await signUp();
    const { takersLink: takersLink2, passwordLink: olderReset } = await takerAndPasswordLink(other);
    const changed = await call("/auth/password", { token: other.token, body: { currentPassword: other.password, password: fresh, confirmPassword: fresh } });
    expect(changed.status).toBe(204);
    expect((await call(`/auth/email-links/${takersLink2}`, { method: "POST" })).status).toBe(410);
    expect((await call(`/auth/links/${olderReset}`)).status).toBe(410);
    expect((await call("/users/me/email", { token: other.token })).json.pending).toBeNull();
    expect((await call("/users/me", { token: other.token })).json.user.email).toBe(other.email);
  });

  it("ending the other sessions ends a change of email still waiting for its link", async () => {
    const { token, password, email } = await signUp();
    const takers = await call("/auth/login", { body: { email, password }, ip: uniqueIp() });
    const taker = uniqueEmail("Taker");
    expect((await call("/users/me/email", { token: takers.json.token, body: { email: taker, password } })).status).toBe(202);
    const takersLink = await mailedLink(taker);
    expect((await call("/auth/sessions/revoke-others", { method: "POST", token })).status).toBe(204);
    expect((await call("/users/me", { token: takers.json.token })).status).toBe(401);
    expect((await call(`/auth/email-links/${takersLink}`, { method: "POST" })).status).toBe(410);
    expect((await call("/users/me", { token })).json.user.email).toBe(email);
  });

  it("a confirmed change of email ends the password links mailed to the old address", async () => {
    const { token, password, email } = await signUp();
    expect((await call("/auth/recover", { body: { email }, ip: uniqueIp() })).status).toBe(202);
    const oldAddressLink = await newestLink(email, "/login/change-password");
    await changeEmail(token, password, uniqueEmail("New"));
    expect((await call(`/auth/links/${oldAddressLink}`)).status).toBe(410);
    const taken = "a-brand-new-passphrase-for-lima";
    expect((await call(`/auth/links/${oldAddressLink}/password`, { body: { password: taken, confirmPassword: taken } })).status).toBe(410);
  });

  it("lets the old address undo a change it did not make: the email comes back, every way in the taker had ends, and a new password follows", async () => {
    const { token, password, email } = await signUp();
    const second = await call("/auth/login", { body: { email, password }, ip: uniqueIp() });
    // Someone with the password moves the account to their address, then on to another.
    const taker = uniqueEmail("Taker");
    const later = uniqueEmail("Later");
    await changeEmail(token, password, taker);
    const undo = await newestLink(email, "/login/undo-email");
    await changeEmail(token, password, later);
    const takersUndo = await newestLink(taker, "/login/undo-email");
    // ...asks for a password link to the address they hold and for yet another change.
    expect((await call("/auth/recover", { body: { email: later }, ip: uniqueIp() })).status).toBe(202);
    const takersPasswordLink = await newestLink(later, "/login/change-password");
    const pendingTo = uniqueEmail("Pending");
    expect((await call("/users/me/email", { token, body: { email: pendingTo, password } })).status).toBe(202);
    const pendingLink = await mailedLink(pendingTo);

    const notice = (await outbox(email)).find((mail) => mail.text.includes("/login/undo-email/"))!;
    expect(notice.text).toContain("If you did not make this change, open this link within 7 days");
    expect(notice.html).toContain(`<a href="https://tesoro.test/login/undo-email/${undo}">`);
    expect((await call(`/auth/email-reverts/${undo}`)).json).toEqual({ email });
    const restored = await call(`/auth/email-reverts/${undo}`, { method: "POST" });
    expect(restored.status).toBe(200);
    expect(restored.json).toEqual({ email, passwordLinkId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });

    // Back to the first address; every session, link and undo link the taker had is void.
    expect((await call("/users/me", { token })).status).toBe(401);
    expect((await call("/users/me", { token: second.json.token })).status).toBe(401);
    expect((await call(`/auth/links/${takersPasswordLink}`)).status).toBe(410);
    expect((await call(`/auth/email-links/${pendingLink}`, { method: "POST" })).status).toBe(410);
    expect((await call(`/auth/email-reverts/${takersUndo}`, { method: "POST" })).status).toBe(410);
    expect((await call(`/auth/email-reverts/${undo}`, { method: "POST" })).status).toBe(410);
    expect((await call("/auth/login", { body: { email: later, password }, ip: uniqueIp() })).status).toBe(401);
    // The password the taker knew no longer signs in, even before the owner sets a new one.
    expect((await call("/auth/login", { body: { email, password }, ip: uniqueIp() })).status).toBe(401);
    // The address it replaced is told, in case the old mailbox was no longer the owner's.
    // Its third mail: the change's confirmation link, the password link the taker asked for, this notice.
    const told = await waitForMail(later, 3);
    expect(told[0]!.subject).toBe("The email of your Tesoro account was set back");
    expect(told[0]!.text).toContain(`was set back to ${email} with the link sent to that address`);
    // It names a mailbox someone reads: the sender is a no-reply address.
    expect(told[0]!.text).toContain("write at once to support@tesoro.local so we can lock the account");

    // The new password link answered to the owner works once and replaces the password the taker knew.
    const newPassword = "otra-frase-larga-de-arequipa-2026";
    expect((await call(`/auth/links/${restored.json.passwordLinkId}/password`, { body: { password: newPassword, confirmPassword: newPassword } })).status).toBe(204);
    expect((await call("/auth/login", { body: { email, password }, ip: uniqueIp() })).status).toBe(401);
    expect((await call("/auth/login", { body: { email, password: newPassword }, ip: uniqueIp() })).status).toBe(200);
  });

  it("keeps the first owner's undo link when a later change is undone first, and holds the old address for it", async () => {
    const { token, password, email } = await signUp();
    const taker = uniqueEmail("Taker");
    await changeEmail(token, password, taker);
    const undo = await newestLink(email, "/login/undo-email");
    await changeEmail(token, password, uniqueEmail("Later"));
    // The taker undoes their own later change first: back to their address, not the owner's.
    const takersUndo = await newestLink(taker, "/login/undo-email");
    expect((await call(`/auth/email-reverts/${takersUndo}`, { method: "POST" })).json.email).toBe(taker);
    expect((await call(`/auth/email-reverts/${undo}`)).json).toEqual({ email });

    // While the undo link is usable, no one else may take the owner's old address: not by signing
    // up (in the user's language), not by moving another account to it.
    // A sign-up answers as for any address (ADR 039), and mails nothing: no link, no notice.
    const mailBefore = (await outbox(email)).length;
    const squatting = await call("/auth/signup", { body: { name: "Otro", email: email.toUpperCase(), password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }, ip: uniqueIp(), headers: { "Accept-Language": "es" } });
    expect(squatting.status).toBe(202);
    await new Promise((r) => setTimeout(r, 200));
    expect(await outbox(email)).toHaveLength(mailBefore);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM signup_links WHERE email_normalized = ?1 AND used_at IS NULL").bind(email.toLowerCase()).first<{ n: number }>())!.n).toBe(0);
    const second = await signUp();
    // A change of email to it answers as for a free address (issue 36), and makes no link.
    expect((await call("/users/me/email", { token: second.token, body: { email, password: second.password } })).status).toBe(202);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM email_changes WHERE user_id = ?1").bind(second.user.id).first<{ n: number }>())!.n).toBe(0);

    // Its owner gets it back; a used or expired link holds nothing.
    expect((await call(`/auth/email-reverts/${undo}`, { method: "POST" })).json.email).toBe(email);
    const third = await signUp();
    await changeEmail(third.token, third.password, uniqueEmail("Moved"));
    const thirdUndo = await newestLink(third.email, "/login/undo-email");
    expect((await call("/auth/signup", { body: { name: "Otro", email: third.email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }, ip: uniqueIp() })).status).toBe(202);
    await env.DB.prepare("UPDATE email_reverts SET expires_at = ?1 WHERE email = ?2").bind(Date.now() - 1, third.email).run();
    expect((await call(`/auth/email-reverts/${thirdUndo}`)).status).toBe(410);
    expect((await call(`/auth/email-reverts/${thirdUndo}`, { method: "POST" })).status).toBe(410);
    expect((await signUp({ email: third.email })).user.email).toBe(third.email);
    expect((await call("/auth/email-reverts/short")).status).toBe(422);
  });

  it("confirms only the last address asked for, refuses an address taken meanwhile, and refuses an expired link", async () => {
    const { token, password, email } = await signUp();
    const first = uniqueEmail("First");
    const second = uniqueEmail("Second");
    await call("/users/me/email", { token, body: { email: first, password } });
    const firstLink = await mailedLink(first);
    await call("/users/me/email", { token, body: { email: second, password } });
    const secondLink = await mailedLink(second);
    expect((await call(`/auth/email-links/${firstLink}`, { method: "POST" })).status).toBe(410);

    // Someone else signs up with the address before the link is opened: the link and Settings say so.
    expect((await call("/users/me/email", { token })).json.pending).toEqual({ email: second, expiresAt: expect.any(Number), taken: false });
    await signUp({ email: second });
    expect((await call("/users/me/email", { token })).json.pending).toEqual({ email: second, expiresAt: expect.any(Number), taken: true });
    expect((await call(`/auth/email-links/${secondLink}`)).status).toBe(409);
    const taken = await call(`/auth/email-links/${secondLink}`, { method: "POST", headers: { "Accept-Language": "es" } });
    expect(taken.status).toBe(409);
    expect(taken.json.errors.email).toEqual(["Ya existe una cuenta con este correo."]);
    expect((await call("/users/me", { token })).json.user.email).toBe(email);

    const third = uniqueEmail("Third");
    await call("/users/me/email", { token, body: { email: third, password } });
    const late = await mailedLink(third);
    await env.DB.prepare("UPDATE email_changes SET expires_at = ?1 WHERE user_id = (SELECT id FROM users WHERE email = ?2)").bind(Date.now() - 1, email).run();
    expect((await call(`/auth/email-links/${late}`, { method: "POST" })).status).toBe(410);
    expect((await call("/users/me", { token })).json.user.email).toBe(email);
  });

  it("tells the old address in the user's language, with the time and its zone", async () => {
    const { token, password, email } = await signUp();
    await call("/users/me", { method: "PATCH", token, body: { locale: "es", timeZone: "Asia/Tokyo" } });
    const next = uniqueEmail("Nuevo");
    expect((await call("/users/me/email", { token, body: { email: next, password } })).status).toBe(202);
    expect((await outbox(next))[0]!.subject).toBe("Confirma el nuevo correo de tu cuenta de Tesoro");
    expect((await call(`/auth/email-links/${await mailedLink(next)}`, { method: "POST" })).status).toBe(200);
    const [notice] = await waitForMail(email);
    expect(notice!.subject).toBe("Se cambió el correo de tu cuenta de Tesoro");
    expect(notice!.text).toContain(`(Asia/Tokyo), el correo con el que inicias sesión en Tesoro cambió a ${next}.`);
    // A time ending in "a. m." is never followed by a second full stop.
    expect(notice!.text).not.toMatch(/\.\./);
    expect(notice!.html).toContain('<html lang="es">');
    expect(notice!.text).toMatch(/Si no hiciste este cambio, abre este enlace en los próximos 7 días: .+\n\nhttps:\/\/tesoro\.test\/login\/undo-email\/[A-Za-z0-9_-]{43}$/);
  });

  it("never moves to an address another account has, whatever its case, and answers as for a free one (issue 36)", async () => {
    const other = await signUp();
    const { token, password, user } = await signUp();
    const taken = await call("/users/me/email", { token, body: { email: other.email.toUpperCase(), password }, headers: { "Accept-Language": "es" } });
    expect(taken.status).toBe(202);
    expect(taken.json.pending).toEqual({ email: other.email.toUpperCase(), expiresAt: expect.any(Number), taken: false });
    // No link was made (nothing can confirm it), and the address's owner was told instead.
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM email_changes WHERE user_id = ?1").bind(user.id).first<{ n: number }>())!.n).toBe(0);
    const [notice] = await waitForMail(other.email);
    expect(notice!.subject).toBe("Someone tried to move a Tesoro account to your email");
  });

  it("lets the user change only the case of their own address at once: the same mailbox needs no link", async () => {
    const { token, password, email } = await signUp();
    const result = await call("/users/me/email", { token, body: { email: email.toUpperCase(), password } });
    expect(result.status).toBe(200);
    expect(result.json.user.email).toBe(email.toUpperCase());
    expect(result.json.pending).toBeNull();
  });

  it("refuses the address the user already has, in the user's language, and changes nothing", async () => {
    const { token, password, email } = await signUp();
    const same = await call("/users/me/email", { token, body: { email: ` ${email} `, password }, headers: { "Accept-Language": "es" } });
    expect(same.status).toBe(422);
    expect(same.json.errors.email).toEqual(["Este ya es tu correo de inicio de sesión."]);
    const me = await call("/users/me", { token });
    expect(me.json.user.email).toBe(email);
  });

  it("mails at most five new addresses an hour", async () => {
    holdTheClock();
    const { token, password } = await signUp();
    for (let i = 0; i < 5; i++) expect((await call("/users/me/email", { token, body: { email: uniqueEmail(`Try${i}`), password } })).status).toBe(202);
    const sixth = uniqueEmail("Sixth");
    const refused = await call("/users/me/email", { token, body: { email: sixth, password } });
    expect(refused.status).toBe(429);
    expect(await outbox(sixth)).toHaveLength(0);
  });

  it("validates the address and needs a session", async () => {
    const { token } = await signUp();
    const bad = await call("/users/me/email", { token, body: { email: "nope", password: "" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["email", "password"]);
    expect((await call("/users/me/email", { body: { email: uniqueEmail(), password: STRONG_PASSWORD } })).status).toBe(401);
  });
});

describe("preferences", () => {
  it("keeps language, time zone and theme on the user across sign-ins", async () => {
    const { token, email, password } = await signUp();
    const patched = await call("/users/me", { method: "PATCH", token, body: { locale: "es", timeZone: "Asia/Tokyo", theme: "dark" } });
    expect(patched.status).toBe(200);
    const again = await call("/auth/login", { body: { email, password }, ip: uniqueIp() });
    expect(again.json.user).toMatchObject({ locale: "es", timeZone: "Asia/Tokyo", theme: "dark" });
    const badZone = await call("/users/me", { method: "PATCH", token, body: { timeZone: "Mars/Olympus" } });
    expect(badZone.status).toBe(422);
    // Kept as the time zone database names it, not as typed.
    const typed = await call("/users/me", { method: "PATCH", token, body: { timeZone: "pacific/pago_pago" } });
    expect(typed.json.user.timeZone).toBe("Pacific/Pago_Pago");
  });
});

describe("export", () => {
  it("gives every account, category and transaction as JSON, amounts exact", async () => {
    const { token, user } = await signUp({ name: "Exporta" });
    const { accountId, categoryId } = await seedLedger(user.id);
    const outsider = await signUp();
    await seedLedger(outsider.user.id);

    const response = await rawGet("/users/me/export?format=json", token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="tesoro-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = (await response.json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- checked field by field
    expect(body.user).toMatchObject({ id: user.id, name: "Exporta" });
    expect(body.accounts).toHaveLength(1);
    expect(body.accounts[0]).toMatchObject({ id: accountId, name: "BCP Soles", currency: "PEN", openingBalance: "1000.00", openingBalanceMinor: 100000, balance: "914.60", balanceMinor: 91460 });
    expect(body.categories.map((c: { id: string }) => c.id)).toContain(categoryId);
    expect(body.transactions).toHaveLength(1);
    expect(body.transactions[0]).toMatchObject({ accountId, date: "2026-11-20", amount: "-85.40", amountMinor: -8540, currency: "PEN", category: "Mercado", hasReceipt: true });
    // Nothing of the other user, and no internal storage keys.
    expect(JSON.stringify(body)).not.toContain(outsider.user.id);
    expect(JSON.stringify(body)).not.toContain("receipts/");
  });

  it("gives a zip of CSV files that spreadsheets read safely", async () => {
    const { token, user } = await signUp();
    await seedLedger(user.id);
    const response = await rawGet("/users/me/export?format=zip", token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["accounts.csv", "categories.csv", "profile.csv", "transactions.csv"]);
    const transactions = strFromU8(files["transactions.csv"]!);
    // A UTF-8 BOM (TextDecoder drops it from the text), then the header.
    expect([...files["transactions.csv"]!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(transactions.startsWith("id,account_id,account_name,date,description,amount,amount_minor,currency,")).toBe(true);
    const row = transactions.split("\r\n")[1]!;
    // Every text field quoted (issue 36), numbers bare.
    expect(row).toContain(',"2026-11-20","Wong, ""San Isidro""",-85.40,-8540,"PEN",');
    // A formula in a note is neutralised.
    expect(row).toContain(`,"'=HYPERLINK(1)",`);
    expect(strFromU8(files["accounts.csv"]!)).toContain("BCP Soles");
  });

  it("streams a long history in chunks: every row once, in date order, written as JSON.stringify writes it", async () => {
    const { token, user } = await signUp();
    const { accountId } = await seedLedger(user.id);
    const otherAccount = crypto.randomUUID();
    const now = Date.now();
    const rows = 2 * EXPORT_CHUNK_ROWS + 5;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO accounts (id, user_id, name, type, currency, opening_balance, balance, opening_date, created_at, updated_at) VALUES (?1, ?2, 'Dólares', 'savings', 'USD', 0, 0, '2026-01-01', ?3, ?3)").bind(otherAccount, user.id, now),
      // Many rows a day, so chunks end in the middle of a date and the keyset must break ties by id.
      env.DB.prepare(
        `INSERT INTO transactions (id, account_id, user_id, date, description, amount, created_at, updated_at)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?4)
         SELECT printf('%s-%05d', ?3, (i * 7919) % ?4), CASE WHEN i % 2 THEN ?1 ELSE ?2 END, ?3, printf('2026-10-%02d', 1 + i % 28), printf('Row %d', i), -i, ?5, ?5 FROM n`,
      ).bind(accountId, otherAccount, user.id, rows, now),
    ]);

    const json = await (await rawGet("/users/me/export?format=json", token)).text();
    const body = JSON.parse(json) as { transactions: Array<{ id: string; date: string; amountMinor: number }> };
    expect(json).toBe(JSON.stringify(body, null, 2));
    expect(body.transactions).toHaveLength(rows + 1);
    expect(new Set(body.transactions.map((t) => t.id)).size).toBe(rows + 1);
    const keys = body.transactions.map((t) => `${t.date} ${t.id}`);
    expect(keys).toEqual([...keys].sort());
    expect(body.transactions.reduce((sum, t) => sum + t.amountMinor, 0)).toBe(-8540 - (rows * (rows + 1)) / 2);

    const files = unzipSync(new Uint8Array(await (await rawGet("/users/me/export?format=zip", token)).arrayBuffer()));
    // Ids and dates hold no comma or quote: with the quotes taken off, a split on commas finds the columns.
    const lines = strFromU8(files["transactions.csv"]!).replaceAll('"', "").split("\r\n");
    expect(lines).toHaveLength(1 + rows + 1 + 1); // header, rows, the seeded row, the empty text after the last line break
    expect(lines.slice(1, -1).map((line) => `${line.split(",")[3]} ${line.split(",")[0]}`)).toEqual(keys);

    // No transactions at all: an empty array, the same document shape.
    const empty = await signUp();
    const emptyJson = await (await rawGet("/users/me/export?format=json", empty.token)).text();
    expect(emptyJson).toBe(JSON.stringify(JSON.parse(emptyJson), null, 2));
    expect(JSON.parse(emptyJson)).toMatchObject({
      format: "tesoro-export",
      version: 3,
      reportingCurrency: "PEN",
      accounts: [],
      transactions: [],
      imports: [],
      reconciliation: [],
      receipts: [],
      budgets: [],
      budgetLines: [],
      schedules: [],
      scheduleOverrides: [],
      schedulePostings: [],
      scheduleDismissals: [],
      userRates: [],
    });
  });

  it("leaves out what was written after the export started, so its rows match its balances", async () => {
    const { token, user } = await signUp();
    const { accountId } = await seedLedger(user.id);
    const later = Date.now() + 60_000;
    await env.DB.prepare("INSERT INTO transactions (id, account_id, user_id, date, description, amount, created_at, updated_at) VALUES (?1, ?2, ?3, '2026-11-21', 'During the download', -100, ?4, ?4)")
      .bind(crypto.randomUUID(), accountId, user.id, later)
      .run();
    const body = (await (await rawGet("/users/me/export?format=json", token)).json()) as { transactions: Array<{ description: string }> };
    expect(body.transactions.map((t) => t.description)).toEqual(['Wong, "San Isidro"']);
  });

  it("keeps the zip flowing when the last chunk is too small for the deflater to give anything", async () => {
    const { user } = await signUp();
    const head = await exportHead(env.DB, toApiUser((await findUserById(env.DB, user.id))!));
    const row = (i: number) => ({ id: `t-${i}`, accountId: "a", date: "2026-11-20", description: `Row ${i}`, amount: "-1.00", amountMinor: -100, currency: "PEN" });
    async function* chunks() {
      yield Array.from({ length: 2000 }, (_, i) => row(i));
      yield [row(2000), row(2001), row(2002)];
    }
    // Read the way a consumer in JavaScript reads: one read() after another. A stream that stalls
    // would leave a read pending for ever; the time limit turns that into a failure.
    const reader = exportZip(head, chunks()).getReader();
    const parts: Uint8Array[] = [];
    const stalled = Symbol("stalled");
    for (;;) {
      const next = await Promise.race([reader.read(), new Promise((resolve) => setTimeout(() => resolve(stalled), 5_000))]);
      expect(next).not.toBe(stalled);
      const { value, done } = next as ReadableStreamReadResult<Uint8Array>;
      if (done) break;
      parts.push(value);
    }
    const zipped = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
    parts.reduce((at, part) => (zipped.set(part, at), at + part.length), 0);
    const lines = strFromU8(unzipSync(zipped)["transactions.csv"]!).trim().split("\r\n");
    expect(lines).toHaveLength(1 + 2003);
    expect(lines.at(-1)).toMatch(/^"t-2002","a",,"2026-11-20","Row 2002",-1.00,-100,"PEN",/);
  });

  it("names default categories in the user's language, gives instants as ISO text, and dates the file in the user's zone", async () => {
    const { token } = await signUp();
    expect((await call("/users/me", { method: "PATCH", token, body: { locale: "es", timeZone: "Pacific/Kiritimati" } })).status).toBe(200);
    const response = await rawGet("/users/me/export?format=json", token);
    const body = (await response.json()) as { exportedAt: string; user: { createdAt: unknown }; categories: Array<{ name: string }> };
    const shown = (await call("/categories", { token, headers: { "Accept-Language": "es" } })).json.categories.map((c: { name: string }) => c.name);
    expect(body.categories.map((c) => c.name).sort()).toEqual([...shown].sort());
    expect(shown).toContain("Compras");
    expect(body.user.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Kiritimati (UTC+14) is on the next day from 10:00 UTC, Pago Pago (UTC−11) on the day before
    // until 11:00 UTC: whenever this runs, one of them is not on the UTC date.
    for (const timeZone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      await call("/users/me", { method: "PATCH", token, body: { timeZone } });
      const answer = await rawGet("/users/me/export?format=zip", token);
      // exported_at is the last column of profile.csv's one row.
      const exportedAt = strFromU8(unzipSync(new Uint8Array(await answer.arrayBuffer()))["profile.csv"]!).split("\r\n")[1]!.split(",").at(-1)!.replaceAll('"', "");
      const day = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(exportedAt));
      expect(answer.headers.get("Content-Disposition")).toBe(`attachment; filename="tesoro-export-${day}.zip"`);
    }
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="tesoro-export-\d{4}-\d{2}-\d{2}\.json"$/);
  });

  it("refuses an unknown format and needs a session", async () => {
    const { token } = await signUp();
    expect((await rawGet("/users/me/export?format=xml", token)).status).toBe(422);
    expect((await SELF.fetch(BASE + "/users/me/export")).status).toBe(401);
  });
});

describe("delete account", () => {
  it("needs the password and the confirmation", async () => {
    const { token } = await signUp();
    const wrong = await call("/users/me", { method: "DELETE", token, body: { password: "wrong-password-here", confirm: true } });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.password).toEqual(["The password is not correct."]);
    const unconfirmed = await call("/users/me", { method: "DELETE", token, body: { password: STRONG_PASSWORD } });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.json.errors.confirm).toEqual(["Tick the box to confirm."]);
    expect((await call("/users/me", { token })).status).toBe(200);
  });

  it("removes every row and every receipt of the user, and nothing of anyone else", async () => {
    const { token, user, email, password } = await signUp();
    const other = await signUp();
    await seedLedger(user.id);
    await seedLedger(other.user.id);
    await env.RECEIPTS.put(`receipts/${user.id}/t1/a`, new Uint8Array([1]));
    await env.RECEIPTS.put(`receipts/${user.id}/t2/b`, new Uint8Array([2]));
    await env.RECEIPTS.put(`receipts/${other.user.id}/t3/c`, new Uint8Array([3]));

    const result = await call("/users/me", { method: "DELETE", token, body: { password, confirm: true } });
    expect(result.status).toBe(204);

    for (const table of ["users", "sessions", "accounts", "transactions", "categories"]) {
      const column = table === "users" ? "id" : "user_id";
      const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?1`).bind(user.id).first<{ n: number }>();
      expect(row?.n, table).toBe(0);
    }
    expect((await env.RECEIPTS.list({ prefix: `receipts/${user.id}/` })).objects).toHaveLength(0);
    expect(await env.RECEIPTS.head(`receipts/${other.user.id}/t3/c`)).not.toBeNull();
    const otherRows = await env.DB.prepare("SELECT COUNT(*) AS n FROM transactions WHERE user_id = ?1").bind(other.user.id).first<{ n: number }>();
    expect(otherRows?.n).toBe(1);

    expect((await call("/users/me", { token })).status).toBe(401);
    expect((await call("/auth/login", { body: { email, password }, ip: uniqueIp() })).status).toBe(401);
  });
});

describe("CSV export against formulas (issue 36)", () => {
  it("quotes a payee with a formula after a ';' and neutralises it", async () => {
    const { token } = await signUp();
    const accounts = await call("/accounts", { token, body: { name: "Caja", type: "cash", currency: "PEN", openingBalance: "0.00" } });
    expect(accounts.status).toBe(201);
    const payee = "pay;=cmd|' /C calc'!A0;z";
    const added = await call(`/accounts/${accounts.json.account?.id ?? accounts.json.id}/transactions`, { token, body: { date: "2026-11-20", description: payee, amount: "-1.00", payee } });
    expect(added.status).toBe(201);
    const response = await SELF.fetch(`${BASE}/users/me/export?format=zip`, { headers: { Authorization: `Bearer ${token}` } });
    const csv = strFromU8(unzipSync(new Uint8Array(await response.arrayBuffer()))["transactions.csv"]!);
    expect(csv).toContain(`"pay;'=cmd|' /C calc'!A0;z"`);
    expect(csv).not.toContain(";=cmd");
  });
});
