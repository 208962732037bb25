import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, todayInZone } from "../../core/dates";
import { call, signUp } from "./helpers";
import { addTransaction, createAccount, expectExactBalance } from "./ledger-helpers";

const ES = { "Accept-Language": "es-PE,es;q=0.9" };

describe("categories", () => {
  it("gives every new user the twelve defaults, named in their language, following the caller's language until renamed", async () => {
    const { token } = await signUp();
    const en = await call("/categories", { token });
    expect(en.json.categories.map((c: { name: string }) => c.name).sort()).toEqual(
      ["Dining", "Entertainment", "Fees and taxes (ITF)", "Groceries", "Health", "Housing", "Income", "Other", "Shopping", "Transfers", "Transport", "Utilities"].sort(),
    );
    expect(en.json.categories.find((c: { defaultKey: string }) => c.defaultKey === "income").kind).toBe("income");
    const es = await call("/categories", { token, headers: ES });
    expect(es.json.categories.map((c: { name: string }) => c.name)).toContain("Comisiones e impuestos (ITF)");
    expect(es.json.categories.map((c: { name: string }) => c.name)).toContain("Supermercado");

    const spanish = await signUp({ name: "Lucía", headers: ES });
    const stored = await env.DB.prepare("SELECT name FROM categories WHERE user_id = ?1 AND default_key = 'groceries'").bind(spanish.user.id).first<{ name: string }>();
    expect(stored?.name).toBe("Supermercado");

    const groceries = en.json.categories.find((c: { defaultKey: string }) => c.defaultKey === "groceries");
    const renamed = await call(`/categories/${groceries.id}`, { method: "PATCH", token, body: { name: "Mercado" } });
    expect(renamed.status).toBe(200);
    expect((await call("/categories", { token })).json.categories.find((c: { id: string }) => c.id === groceries.id).name).toBe("Mercado");
    expect((await call("/categories", { token, headers: ES })).json.categories.find((c: { id: string }) => c.id === groceries.id).name).toBe("Mercado");
  });

  it("adds, refuses a taken name in either language, renames and deletes (transactions become uncategorised)", async () => {
    const { token } = await signUp();
    const created = await call("/categories", { token, body: { name: "Mascotas", kind: "expense", color: "#AA00cc" } });
    expect(created.status).toBe(201);
    expect(created.json.category).toMatchObject({ name: "Mascotas", kind: "expense", color: "#aa00cc", defaultKey: null });
    const taken = await call("/categories", { token, body: { name: "mascotas" } });
    expect(taken.status).toBe(409);
    expect(taken.json.errors.name).toEqual(["You already have a category with this name."]);
    const takenSpanish = await call("/categories", { token, body: { name: "Supermercado" }, headers: ES });
    expect(takenSpanish.status).toBe(409);
    expect(takenSpanish.json.errors.name).toEqual(["Ya tienes una categoría con este nombre."]);
    // "Café" with its accent as one character and as two (another keyboard) is one name, kept composed.
    const composed = await call("/categories", { token, body: { name: "Café" } });
    expect(composed.status).toBe(201);
    const decomposed = await call("/categories", { token, body: { name: "Cafe\u0301" } });
    expect(decomposed.status).toBe(409);
    const renamed = await call(`/categories/${composed.json.category.id}`, { method: "PATCH", token, body: { name: "Te\u0301" } });
    expect(renamed.json.category.name).toBe("T\u00e9");
    // One space between words, a no-break space included: names that look the same are one name.
    const spaced = await call("/categories", { token, body: { name: "  Mercado   semanal " } });
    expect(spaced.json.category.name).toBe("Mercado semanal");
    expect((await call("/categories", { token, body: { name: "Mercado\u00a0semanal" } })).status).toBe(409);

    const account = await createAccount(token);
    const tx = await addTransaction(token, account.id, { categoryId: created.json.category.id });
    expect((await call(`/transactions/${tx.id}`, { token })).json.transaction.category.name).toBe("Mascotas");
    expect((await call(`/categories/${created.json.category.id}`, { method: "DELETE", token })).status).toBe(204);
    const after = await call(`/transactions/${tx.id}`, { token });
    expect(after.json.transaction.categoryId).toBeNull();
    expect(after.json.transaction.category).toBeNull();
    expect((await call(`/categories/${created.json.category.id}`, { method: "DELETE", token })).status).toBe(404);
  });

  it("validates category fields", async () => {
    const { token } = await signUp();
    const bad = await call("/categories", { token, body: { name: "", kind: "other", color: "red" } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ name: ["This field is required."], kind: ["Choose expense or income."], color: ["Use a color such as #16a34a."] });
  });
});

describe("accounts", () => {
  it("creates with an opening balance, masks number and CCI unless asked, and lists totals per currency", async () => {
    const { token } = await signUp();
    const pen = await call("/accounts", {
      token,
      body: { name: "  BCP Soles ", type: "savings", currency: "pen", institution: "BCP", number: "191-12345678-0-12", cci: "002-191-112345678012-55", openingBalance: "1,234.50", openingDate: "2026-01-01" },
    });
    expect(pen.status).toBe(201);
    expect(pen.json.account).toMatchObject({
      name: "BCP Soles",
      type: "savings",
      currency: "PEN",
      institution: "BCP",
      number: "•••• 8012",
      cci: "•••• 1255",
      openingBalance: "1234.50",
      openingBalanceMinor: 123450,
      balance: "1234.50",
      balanceMinor: 123450,
      openingDate: "2026-01-01",
      archived: false,
      transactionCount: 0,
    });
    const full = await call(`/accounts/${pen.json.account.id}?reveal=true`, { token });
    expect(full.json.account.number).toBe("191-12345678-0-12");
    expect(full.json.account.cci).toBe("002-191-112345678012-55");
    expect((await call(`/accounts/${pen.json.account.id}`, { token })).json.account.number).toBe("•••• 8012");

    await createAccount(token, { name: "Cash", type: "cash", openingBalance: "100" });
    const usd = await createAccount(token, { name: "Interbank $", currency: "USD", openingBalance: "50.25" });
    const yen = await createAccount(token, { name: "Tokyo", type: "wallet", currency: "JPY", openingBalance: "1200" });
    expect(yen.balanceMinor).toBe(1200);
    const list = await call("/accounts", { token });
    expect(list.json.accounts).toHaveLength(4);
    expect(list.json.totals).toEqual([
      { currency: "PEN", balance: "1334.50", balanceMinor: 133450, count: 2 },
      { currency: "USD", balance: "50.25", balanceMinor: 5025, count: 1 },
      { currency: "JPY", balance: "1200", balanceMinor: 1200, count: 1 },
    ]);
    const archived = await call(`/accounts/${usd.id}`, { method: "PATCH", token, body: { archived: true } });
    expect(archived.json.account.archived).toBe(true);
    const after = await call("/accounts", { token });
    expect(after.json.totals.map((t: { currency: string }) => t.currency)).toEqual(["PEN", "JPY"]);
    expect(after.json.accounts.at(-1).id).toBe(usd.id);
    expect((await call("/accounts?archived=false", { token })).json.accounts).toHaveLength(3);
    expect((await call("/accounts?archived=true", { token })).json.accounts.map((a: { id: string }) => a.id)).toEqual([usd.id]);

    const refused = await call(`/accounts/${usd.id}/transactions`, { token, body: { date: "2026-11-20", description: "x", amount: "1.00" } });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.accountId).toEqual(["This account is archived. Restore it on the Accounts page to add transactions."]);
    expect((await call(`/accounts/${usd.id}`, { method: "PATCH", token, body: { archived: false } })).json.account.archived).toBe(false);
    expect((await addTransaction(token, usd.id, { amount: "1.00" })).amountMinor).toBe(100);
  });

  it("edits fields, moves the balance with the opening balance, clears optional fields, and locks the currency once used", async () => {
    const { token } = await signUp();
    const account = await createAccount(token, { openingBalance: "10.00", number: "1234 5678" });
    await addTransaction(token, account.id, { amount: "-2.50" });
    const edited = await call(`/accounts/${account.id}`, { method: "PATCH", token, body: { name: "Renamed", openingBalance: "20.00", number: null, institution: "Interbank" } });
    expect(edited.status).toBe(200);
    expect(edited.json.account).toMatchObject({ name: "Renamed", openingBalanceMinor: 2000, balanceMinor: 1750, number: null, institution: "Interbank" });
    await expectExactBalance(token, account.id);
    const locked = await call(`/accounts/${account.id}`, { method: "PATCH", token, body: { currency: "USD" } });
    expect(locked.status).toBe(422);
    expect(locked.json.errors.currency).toEqual(["The currency cannot change once the account has transactions."]);
    const empty = await createAccount(token, { openingBalance: "5.00" });
    const moved = await call(`/accounts/${empty.id}`, { method: "PATCH", token, body: { currency: "USD" } });
    expect(moved.json.account).toMatchObject({ currency: "USD", balance: "5.00" });
    // Through a three-decimal currency and back: 5.000 is 5.00, its zeros are not decimals to refuse.
    expect((await call(`/accounts/${empty.id}`, { method: "PATCH", token, body: { currency: "KWD" } })).json.account).toMatchObject({ currency: "KWD", balance: "5.000" });
    expect((await call(`/accounts/${empty.id}`, { method: "PATCH", token, body: { currency: "PEN" } })).json.account).toMatchObject({ currency: "PEN", balance: "5.00" });
    expect((await call(`/accounts/${empty.id}`, { method: "PATCH", token, body: { currency: "JPY" } })).json.account).toMatchObject({ currency: "JPY", balance: "5" });
    const precise = await createAccount(token, { currency: "KWD", openingBalance: "1.505" });
    expect((await call(`/accounts/${precise.id}`, { method: "PATCH", token, body: { currency: "PEN" } })).json.errors).toEqual({ openingBalance: ["This currency takes at most 2 decimal places. Writing thousands? Use a comma (12,345) or no separator (12345)."] });
    const nothing = await call(`/accounts/${empty.id}`, { method: "PATCH", token, body: {} });
    expect(nothing.status).toBe(422);
    // A boolean written as text is refused with what to send, not "required".
    const text = await call(`/accounts/${empty.id}`, { method: "PATCH", token, body: { archived: "false" }, headers: ES });
    expect(text.status).toBe(422);
    expect(text.json.errors).toEqual({ archived: ["Usa true o false."] });
  });

  it("answers each bad field with a message, in English and in Spanish", async () => {
    const { token } = await signUp();
    const body = { name: "x".repeat(61), type: "piggy", currency: "XYZ", number: "12ab", cci: "1".repeat(21), openingBalance: "1.234", openingDate: "2026-02-30" };
    const en = await call("/accounts", { token, body });
    expect(en.status).toBe(422);
    expect(en.json.errors).toEqual({
      name: ["Use 1 to 60 characters."],
      type: ["Choose an account type."],
      currency: ["Choose a valid ISO 4217 currency, such as PEN or USD."],
      number: ["Use only digits, spaces or dashes, with at most 34 digits."],
      cci: ["A CCI has exactly 20 digits (spaces and dashes are fine)."],
      openingDate: ["Enter a real date as YYYY-MM-DD."],
    });
    const es = await call("/accounts", { token, body, headers: ES });
    expect(es.json.errors.type).toEqual(["Elige un tipo de cuenta."]);
    expect(es.json.errors.number).toEqual(["Usa solo dígitos, espacios o guiones, con 34 dígitos como máximo."]);
    expect(es.json.errors.openingDate).toEqual(["Ingresa una fecha real en formato AAAA-MM-DD."]);
    const precision = await call("/accounts", { token, body: { name: "A", type: "cash", currency: "PEN", openingBalance: "1.234" } });
    expect(precision.json.errors).toEqual({ openingBalance: ["This currency takes at most 2 decimal places. Writing thousands? Use a comma (12,345) or no separator (12345)."] });
    const yen = await call("/accounts", { token, body: { name: "A", type: "cash", currency: "JPY", openingBalance: "1.5" }, headers: ES });
    expect(yen.json.errors).toEqual({ openingBalance: ["Esta moneda no admite decimales."] });
    // A CCI short of its 20 digits is a typo, not a code: refused as one 21 digits long is.
    const short = await call("/accounts", { token, body: { name: "A", type: "savings", currency: "PEN", cci: "002-191-11234567801-5" }, headers: ES });
    expect(short.status).toBe(422);
    expect(short.json.errors).toEqual({ cci: ["El CCI tiene exactamente 20 dígitos (puedes usar espacios y guiones)."] });
    expect((await call("/accounts", { token })).json.accounts).toHaveLength(0);
  });
});

describe("transactions", () => {
  it("keeps balances exact through create, edit and delete, and answers amounts as minor units and decimal strings", async () => {
    const { token } = await signUp();
    const account = await createAccount(token, { openingBalance: "100.00" });
    const created = await call(`/accounts/${account.id}/transactions`, {
      token,
      body: { date: "2026-11-20", description: " Café Tostado ", amount: "-12.5", payee: "Tostado", notes: "", status: "pending" },
    });
    expect(created.status).toBe(201);
    expect(created.json.transaction).toMatchObject({ description: "Café Tostado", amount: "-12.50", amountMinor: -1250, currency: "PEN", payee: "Tostado", notes: null, status: "pending", date: "2026-11-20" });
    expect(created.json.account.balanceMinor).toBe(8750);
    const id = created.json.transaction.id;
    const edited = await call(`/transactions/${id}`, { method: "PATCH", token, body: { amount: "1,000.01", status: "posted", date: "2026-11-21" } });
    expect(edited.status).toBe(200);
    expect(edited.json.transaction).toMatchObject({ amountMinor: 100001, status: "posted", date: "2026-11-21", description: "Café Tostado" });
    expect(edited.json.account.balanceMinor).toBe(110001);
    await addTransaction(token, account.id, { amount: "0.01" });
    expect(await expectExactBalance(token, account.id)).toBe(110002);
    // Zero moves no money: a slip, refused on create and on edit, in the caller's language; nothing changes.
    for (const zero of ["0", "-0.00", "0,00"]) {
      const refused = await call(`/accounts/${account.id}/transactions`, { token, headers: { "Accept-Language": "es" }, body: { date: "2026-11-20", description: "Cero", amount: zero } });
      expect(refused.status).toBe(422);
      expect(refused.json.errors.amount).toEqual(["Escribe un monto distinto de cero: negativo si sale dinero, positivo si entra."]);
    }
    expect((await call(`/transactions/${id}`, { method: "PATCH", token, body: { amount: "0.00" } })).status).toBe(422);
    expect(await expectExactBalance(token, account.id)).toBe(110002);
    const deleted = await call(`/transactions/${id}`, { method: "DELETE", token });
    expect(deleted.status).toBe(200);
    expect(deleted.json.deleted).toEqual([id]);
    expect(deleted.json.accounts[0].balanceMinor).toBe(10001);
    expect((await call(`/transactions/${id}`, { token })).status).toBe(404);
    expect(await expectExactBalance(token, account.id)).toBe(10001);
  });

  it("refuses a real day outside 1900 to a year from today (a slip of the keyboard), on every way in", async () => {
    const { token } = await signUp();
    const account = await createAccount(token);
    const tooLate = addDays(todayInZone("UTC"), 368);
    for (const date of ["0226-11-20", "1899-12-31", tooLate]) {
      const refused = await call(`/accounts/${account.id}/transactions`, { token, body: { date, description: "x", amount: "-1" } });
      expect(refused.status, date).toBe(422);
      expect(refused.json.errors, date).toEqual({ date: ["Use a date from 1900 up to one year from today."] });
    }
    const spanishDate = await call(`/accounts/${account.id}/transactions`, { token, body: { date: "2062-11-20", description: "x", amount: "-1" }, headers: ES });
    expect(spanishDate.json.errors.date).toEqual(["Usa una fecha desde 1900 hasta un año después de hoy."]);
    const lateTransfer = await call("/transfers", { token, body: { fromAccountId: account.id, toAccountId: account.id, amount: "1", date: tooLate } });
    expect(lateTransfer.json.errors?.date).toEqual(["Use a date from 1900 up to one year from today."]);
    const lateOpening = await call("/accounts", { token, body: { name: "Old", type: "cash", currency: "PEN", openingDate: "1899-01-01" } });
    expect(lateOpening.json.errors).toEqual({ openingDate: ["Use a date from 1900 up to one year from today."] });
    const early = await call(`/accounts/${account.id}/transactions`, { token, body: { date: "1900-01-01", description: "Oldest allowed", amount: "-1" } });
    expect(early.status).toBe(201);
    const ahead = await call(`/accounts/${account.id}/transactions`, { token, body: { date: addDays(todayInZone("UTC"), 365), description: "Post-dated", amount: "-1" } });
    expect(ahead.status).toBe(201);
    const moved = await call(`/transactions/${ahead.json.transaction.id}`, { method: "PATCH", token, body: { date: tooLate } });
    expect(moved.status).toBe(422);
    expect(moved.json.errors).toEqual({ date: ["Use a date from 1900 up to one year from today."] });
    expect(await expectExactBalance(token, account.id)).toBe(-200);
  });

  it("validates every field, in English and Spanish, never with a 500", async () => {
    const { token } = await signUp();
    const account = await createAccount(token);
    const body = { date: "2026-13-01", description: "", amount: "12.345", payee: "p".repeat(101), notes: "n".repeat(1001), status: "cleared", categoryId: "nope" };
    const en = await call(`/accounts/${account.id}/transactions`, { token, body });
    expect(en.status).toBe(422);
    expect(en.json.errors).toEqual({
      date: ["Enter a real date as YYYY-MM-DD."],
      description: ["This field is required."],
      payee: ["Use at most 100 characters."],
      notes: ["Use at most 1000 characters."],
      status: ["Choose pending or posted."],
      categoryId: ["Choose one of your categories."],
    });
    const es = await call(`/accounts/${account.id}/transactions`, { token, body, headers: ES });
    expect(es.json.errors.date).toEqual(["Ingresa una fecha real en formato AAAA-MM-DD."]);
    expect(es.json.errors.notes).toEqual(["Usa como máximo 1000 caracteres."]);

    // "12.345" may be thousands written with a point: the message says how to write them.
    const amounts: Array<[unknown, string]> = [
      ["12.345", "This currency takes at most 2 decimal places. Writing thousands? Use a comma (12,345) or no separator (12345)."],
      ["abc", "Enter the amount in figures, such as 1234 or -12."],
      ["1,23.00", "Enter the amount in figures, such as 1234 or -12."],
      [12.5, "Enter the amount in figures, such as 1234 or -12."],
      ["", "Enter an amount."],
      ["10000000000000.01", "This amount is too large."],
      ["-12,50", "Write decimals after a point, as in 1234.50 (a comma only separates thousands)."],
    ];
    for (const [amount, message] of amounts) {
      const result = await call(`/accounts/${account.id}/transactions`, { token, body: { date: "2026-11-20", description: "x", amount } });
      expect(result.status, String(amount)).toBe(422);
      expect(result.json.errors.amount, String(amount)).toEqual([message]);
    }
    const spanish = await call(`/accounts/${account.id}/transactions`, { token, body: { date: "2026-11-20", description: "x", amount: "1e5" }, headers: ES });
    expect(spanish.json.errors.amount).toEqual(["Ingresa el monto en cifras, como 1234 o -12."]);
    const comma = await call(`/accounts/${account.id}/transactions`, { token, body: { date: "2026-11-20", description: "x", amount: "12,5" }, headers: ES });
    expect(comma.json.errors.amount).toEqual(["Escribe los decimales después de un punto, como en 1234.50 (la coma solo separa miles)."]);
    // Half a sol without the zero in front is an amount.
    const half = await call(`/accounts/${account.id}/transactions`, { token, body: { date: "2026-11-20", description: "x", amount: "-.5" } });
    expect(half.status).toBe(201);
    expect(half.json.transaction.amountMinor).toBe(-50);
    const foreign = await call(`/accounts/${account.id}/transactions`, { token, body: { date: "2026-11-20", description: "x", amount: "1", categoryId: crypto.randomUUID() } });
    expect(foreign.json.errors.categoryId).toEqual(["Choose one of your categories."]);

    for (const raw of ["{", "[]", "null", '"x"', "42", JSON.stringify({ date: 5, description: [], amount: {} }), JSON.stringify({ date: null, description: null, amount: null, notes: 7 })]) {
      const result = await call(`/accounts/${account.id}/transactions`, { token, rawBody: raw, headers: { "Content-Type": "application/json" } });
      expect([400, 422], raw).toContain(result.status);
    }
    const noType = await call(`/accounts/${account.id}/transactions`, { token, rawBody: "date=2026-11-20", method: "POST" });
    expect([400, 415, 422]).toContain(noType.status);
    // A body in a type no route takes is refused in the caller's language, like every other error.
    for (const type of ["text/plain", "application/xml"]) {
      const wrongType = await call(`/accounts`, { token, rawBody: "<a/>", method: "POST", headers: { "Content-Type": type, ...ES } });
      expect({ type, status: wrongType.status, detail: wrongType.json.detail }).toEqual({ type, status: 415, detail: "El tipo de contenido de la solicitud no se acepta aquí." });
    }
    expect(await expectExactBalance(token, account.id)).toBe(-50);
  });

  it("answers a client without Accept-Language in the user's saved language, and the header when sent", async () => {
    const { token } = await signUp();
    const account = await createAccount(token);
    const body = { date: "2026-11-20", description: "x", amount: "12.345" };
    const before = await call(`/accounts/${account.id}/transactions`, { token, body });
    expect(before.json.errors.amount).toEqual(["This currency takes at most 2 decimal places. Writing thousands? Use a comma (12,345) or no separator (12345)."]);
    expect((await call("/users/me", { method: "PATCH", token, body: { locale: "es" } })).status).toBe(200);
    const saved = await call(`/accounts/${account.id}/transactions`, { token, body });
    expect(saved.status).toBe(422);
    expect(saved.json.errors.amount).toEqual(["Esta moneda admite como máximo 2 decimales. ¿Son miles? Usa una coma (12,345) o escríbelo sin separador (12345)."]);
    const asked = await call(`/accounts/${account.id}/transactions`, { token, body, headers: { "Accept-Language": "en-US" } });
    expect(asked.json.errors.amount).toEqual(["This currency takes at most 2 decimal places. Writing thousands? Use a comma (12,345) or no separator (12345)."]);
    // The header is read as the pages read it: the best supported language by its q-value.
    const ranked = await call(`/accounts/${account.id}/transactions`, { token, body, headers: { "Accept-Language": "fr-FR, es-PE;q=0.8, en;q=0.5" } });
    expect(ranked.json.errors.amount).toEqual(["Esta moneda admite como máximo 2 decimales. ¿Son miles? Usa una coma (12,345) o escríbelo sin separador (12345)."]);
    // A header naming no language Tesoro speaks says nothing: the saved language answers.
    const unsupported = await call(`/accounts/${account.id}/transactions`, { token, body, headers: { "Accept-Language": "fr-FR, fr;q=0.9, de;q=0.5" } });
    expect(unsupported.json.errors.amount).toEqual(["Esta moneda admite como máximo 2 decimales. ¿Son miles? Usa una coma (12,345) o escríbelo sin separador (12345)."]);
    // Reads whose session is checked in their own batch (ADR 026) learn the user there.
    const names = (categories: Array<{ name: string }>) => categories.map((category) => category.name);
    expect(names((await call("/categories", { token })).json.categories)).toContain("Supermercado");
    expect(names((await call(`/accounts/${account.id}/transactions?include=categories`, { token })).json.categories)).toContain("Supermercado");
    expect(names((await call("/overview?from=2026-11-01&to=2026-11-30&include=categories", { token })).json.categories)).toContain("Supermercado");
    expect(names((await call("/categories", { token, headers: { "Accept-Language": "en" } })).json.categories)).toContain("Groceries");
  });

  it("keeps the balance inside the exact range of a JavaScript number (422, not a wrong sum)", async () => {
    const { token } = await signUp();
    const account = await createAccount(token, { openingBalance: "9000000000000.00" });
    const results = [];
    for (let i = 0; i < 10; i++) results.push((await call(`/accounts/${account.id}/transactions`, { token, body: { date: "2026-11-20", description: "big", amount: "9999999999999.99" } })).status);
    expect(results).toContain(422);
    expect(results.filter((s) => s !== 201 && s !== 422)).toEqual([]);
    const balance = await expectExactBalance(token, account.id);
    expect(Number.isSafeInteger(balance)).toBe(true);
  });
});

describe("text that does not draw", () => {
  it("drops control characters and bidirectional overrides from what is stored, keeping the notes' line breaks", async () => {
    const { token } = await signUp();
    const account = await createAccount(token, { name: "BCP\u202e Soles\u0000" });
    expect((await call(`/accounts/${account.id}`, { token })).json.account.name).toBe("BCP Soles");
    const created = await call(`/accounts/${account.id}/transactions`, {
      token,
      body: { date: "2026-11-20", description: "a\u0000b\u0007c\n\u001b[31mred \u202eexe.txt", amount: "-1.00", payee: "\u0008Wong\u2066", notes: "line 1\r\nline 2\u0000\tend" },
    });
    expect(created.status).toBe(201);
    expect(created.json.transaction).toMatchObject({ description: "abc [31mred exe.txt", payee: "Wong", notes: "line 1\nline 2\tend" });
    // Nothing left but invisible characters is an empty description.
    const empty = await call(`/accounts/${account.id}/transactions`, { token, body: { date: "2026-11-20", description: "\u0000\u202e", amount: "-1.00" } });
    expect(empty.json.errors).toEqual({ description: ["This field is required."] });
    // So is one of characters that draw nothing (zero-width space, direction mark, BOM), while a
    // joiner inside an emoji stays.
    const blank = await call(`/accounts/${account.id}/transactions`, { token, body: { date: "2026-11-20", description: "\u200b \u200e\ufeff", amount: "-1.00" } });
    expect(blank.json.errors).toEqual({ description: ["This field is required."] });
    const family = await call(`/accounts/${account.id}/transactions`, { token, body: { date: "2026-11-20", description: "\u200bCumple 👨\u200d👩\u200d👧\u200b", amount: "-1.00" } });
    expect(family.json.transaction.description).toBe("Cumple 👨\u200d👩\u200d👧");
    await call(`/transactions/${family.json.transaction.id}`, { method: "DELETE", token });
    const imported = await call(`/accounts/${account.id}/import?dateColumn=0&descriptionColumn=1&amountColumn=2`, { method: "POST", token, rawBody: "date,description,amount\n2026-11-21,Plaza\u0007 Vea\u202e,-5.00\n", headers: { "Content-Type": "text/csv" } });
    expect(imported.json).toMatchObject({ imported: 1 });
    const rows = (await call(`/accounts/${account.id}/transactions`, { token })).json.transactions;
    expect(rows.map((row: { description: string }) => row.description)).toEqual(["Plaza Vea", "abc [31mred exe.txt"]);
  });
});

describe("transfers", () => {
  it("writes both legs, linked, moves both balances, and deletes them together", async () => {
    const { token } = await signUp();
    const a = await createAccount(token, { openingBalance: "500.00" });
    const b = await createAccount(token, { name: "Yape", type: "wallet", openingBalance: "0" });
    const result = await call("/transfers", { token, body: { fromAccountId: a.id, toAccountId: b.id, amount: "120.00", date: "2026-11-20" } });
    expect(result.status).toBe(201);
    expect(result.json.from).toMatchObject({ accountId: a.id, amountMinor: -12000, transferId: result.json.transferId, transferAccountId: b.id });
    expect(result.json.to).toMatchObject({ accountId: b.id, amountMinor: 12000, transferId: result.json.transferId, transferAccountId: a.id });
    expect(result.json.from.category.name).toBe("Transfers");
    expect(result.json.accounts.map((acc: { balanceMinor: number }) => acc.balanceMinor)).toEqual([38000, 12000]);

    // Editing one leg's amount mirrors onto the other (same currency); the date moves both.
    const edit = await call(`/transactions/${result.json.to.id}`, { method: "PATCH", token, body: { amount: "100.00", date: "2026-11-21" } });
    expect(edit.status).toBe(200);
    const other = await call(`/transactions/${result.json.from.id}`, { token });
    expect(other.json.transaction).toMatchObject({ amountMinor: -10000, date: "2026-11-21" });
    expect(await expectExactBalance(token, a.id)).toBe(40000);
    expect(await expectExactBalance(token, b.id)).toBe(10000);

    const deleted = await call(`/transactions/${result.json.from.id}`, { method: "DELETE", token });
    expect(deleted.json.deleted.sort()).toEqual([result.json.from.id, result.json.to.id].sort());
    expect((await call(`/transactions/${result.json.to.id}`, { token })).status).toBe(404);
    expect(await expectExactBalance(token, a.id)).toBe(50000);
    expect(await expectExactBalance(token, b.id)).toBe(0);

    // An empty description is not given, as for any optional field: the legs are named after the accounts.
    const again = await call("/transfers", { token, body: { fromAccountId: a.id, toAccountId: b.id, amount: "1.00", date: "2026-11-20", description: "" } });
    expect(again.json.from.description).toBe("BCP Soles → Yape");
    const spaces = await call("/transfers", { token, body: { fromAccountId: a.id, toAccountId: b.id, amount: "1.00", date: "2026-11-20", description: "   " } });
    expect(spaces.json.to.description).toBe("BCP Soles → Yape");
    expect((await call(`/transfers/${spaces.json.transferId}`, { method: "DELETE", token })).status).toBe(200);
    // Characters that draw nothing are blank too (the same rule as every text, plain-text.ts).
    const invisible = await call("/transfers", { token, body: { fromAccountId: a.id, toAccountId: b.id, amount: "1.00", date: "2026-11-20", description: "\u200b\u200e " } });
    expect(invisible.status, JSON.stringify(invisible.json)).toBe(201);
    expect(invisible.json.to.description).toBe("BCP Soles → Yape");
    expect((await call(`/transfers/${invisible.json.transferId}`, { method: "DELETE", token })).status).toBe(200);
    expect((await call(`/transfers/${again.json.transferId}`, { method: "DELETE", token })).status).toBe(200);
    expect(await expectExactBalance(token, a.id)).toBe(50000);
    expect((await call(`/transfers/${again.json.transferId}`, { method: "DELETE", token })).status).toBe(404);
  });

  it("needs both amounts across currencies, each checked against its own currency", async () => {
    const { token } = await signUp();
    const pen = await createAccount(token, { openingBalance: "1000.00" });
    const usd = await createAccount(token, { name: "Dólares", currency: "USD" });
    const missing = await call("/transfers", { token, body: { fromAccountId: pen.id, toAccountId: usd.id, amount: "370.00", date: "2026-11-20" } });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.toAmount).toEqual(["The accounts use different currencies: enter the amount received too."]);
    const bad = await call("/transfers", { token, body: { fromAccountId: pen.id, toAccountId: usd.id, amount: "-5", toAmount: "1.001", date: "2026-11-20" }, headers: ES });
    expect(bad.json.errors).toEqual({ amount: ["Ingresa un monto mayor que cero."], toAmount: ["Esta moneda admite como máximo 2 decimales. ¿Son miles? Usa una coma (12,345) o escríbelo sin separador (12345)."] });
    const ok = await call("/transfers", { token, body: { fromAccountId: pen.id, toAccountId: usd.id, amount: "370.00", toAmount: "100.00", date: "2026-11-20" } });
    expect(ok.status).toBe(201);
    expect(await expectExactBalance(token, pen.id)).toBe(63000);
    expect(await expectExactBalance(token, usd.id)).toBe(10000);
    // A different-currency leg edit changes only that leg.
    await call(`/transactions/${ok.json.to.id}`, { method: "PATCH", token, body: { amount: "101.00" } });
    expect(await expectExactBalance(token, pen.id)).toBe(63000);
    expect(await expectExactBalance(token, usd.id)).toBe(10100);
    // A leg keeps its direction: both legs in (or both out) would make money out of nothing.
    const inward = await call(`/transactions/${ok.json.to.id}`, { method: "PATCH", token, body: { amount: "-101.00" } });
    expect(inward.status).toBe(422);
    expect(inward.json.errors).toEqual({ amount: ["This is the money into a transfer: enter an amount above zero, such as 12.50. To move money the other way, make a new transfer."] });
    const outward = await call(`/transactions/${ok.json.from.id}`, { method: "PATCH", token, body: { amount: "370.00", date: "2026-11-21" }, headers: ES });
    expect(outward.json.errors).toEqual({ amount: ["Es la salida de una transferencia: ingresa un monto menor que cero, como -12.50. Para mover dinero en sentido contrario, crea otra transferencia."] });
    expect((await call(`/transactions/${ok.json.from.id}`, { method: "PATCH", token, body: { amount: "0" } })).status).toBe(422);
    expect(await expectExactBalance(token, pen.id)).toBe(63000);
    expect(await expectExactBalance(token, usd.id)).toBe(10100);
    expect((await call(`/transactions/${ok.json.from.id}`, { token })).json.transaction.date).toBe("2026-11-20");
    const same = await call("/transfers", { token, body: { fromAccountId: pen.id, toAccountId: pen.id, amount: "1", date: "2026-11-20" } });
    expect(same.json.errors.toAccountId).toEqual(["Choose two different accounts."]);
  });

  it("asks for a positive amount when a transfer's amount cannot be read, in the user's language", async () => {
    const { token } = await signUp();
    const pen = await createAccount(token, { openingBalance: "100.00" });
    const usd = await createAccount(token, { name: "Dólares", currency: "USD" });
    // "abc" fails the shared schema; "1.2.3" passes its shape and fails the currency's parse.
    const unreadable = await call("/transfers", { token, body: { fromAccountId: pen.id, toAccountId: usd.id, amount: "abc", toAmount: "1.2.3", date: "2026-11-20" } });
    expect(unreadable.status).toBe(422);
    expect(unreadable.json.errors).toEqual({ amount: ["Enter an amount greater than zero in figures, such as 1234."] });
    const parsed = await call("/transfers", { token, body: { fromAccountId: pen.id, toAccountId: usd.id, amount: "5.00", toAmount: "1.2.3", date: "2026-11-20" }, headers: ES });
    expect(parsed.json.errors).toEqual({ toAmount: ["Ingresa un monto mayor que cero en cifras, como 1234."] });
    expect(await expectExactBalance(token, pen.id)).toBe(10000);
    expect(await expectExactBalance(token, usd.id)).toBe(0);
  });

  it("takes no other amount received between accounts of one currency, and writes nothing then", async () => {
    const { token } = await signUp();
    const a = await createAccount(token, { openingBalance: "100.00" });
    const b = await createAccount(token, { name: "Ahorros" });
    const other = await call("/transfers", { token, body: { fromAccountId: a.id, toAccountId: b.id, amount: "50.00", toAmount: "45.00", date: "2026-11-20" }, headers: ES });
    expect(other.status).toBe(422);
    expect(other.json.errors).toEqual({ toAmount: ["Ambas cuentas usan la misma moneda: el monto recibido es el enviado, así que déjalo vacío."] });
    expect(await expectExactBalance(token, a.id)).toBe(10000);
    expect(await expectExactBalance(token, b.id)).toBe(0);
    // The same amount written out again, in another form, is the same amount.
    const same = await call("/transfers", { token, body: { fromAccountId: a.id, toAccountId: b.id, amount: "50.00", toAmount: "50", date: "2026-11-20" } });
    expect(same.status).toBe(201);
    expect(await expectExactBalance(token, a.id)).toBe(5000);
    expect(await expectExactBalance(token, b.id)).toBe(5000);
    // JSON's null is "not given", as an empty field is.
    const none = await call("/transfers", { token, body: { fromAccountId: a.id, toAccountId: b.id, amount: "10.00", toAmount: null, date: "2026-11-20" } });
    expect(none.status).toBe(201);
    expect(await expectExactBalance(token, b.id)).toBe(6000);
  });

  it("writes nothing when the second leg fails (one atomic batch)", async () => {
    const { token } = await signUp();
    const a = await createAccount(token, { openingBalance: "100.00" });
    const b = await createAccount(token, { name: "Full", openingBalance: "9000000000000.00" });
    // 9·10^14 + 8 · (10^15 − 1) minor units: one more 10^15 leaves the exact range.
    for (let i = 0; i < 8; i++) await addTransaction(token, b.id, { amount: "9999999999999.99" });
    const before = await expectExactBalance(token, b.id);
    const result = await call("/transfers", { token, body: { fromAccountId: a.id, toAccountId: b.id, amount: "9999999999999.00", date: "2026-11-20" } });
    expect(result.status).toBe(422);
    expect(await expectExactBalance(token, a.id)).toBe(10000);
    expect(await expectExactBalance(token, b.id)).toBe(before);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM transactions WHERE account_id IN (?1, ?2)").bind(a.id, b.id).first<{ n: number }>();
    expect(count?.n).toBe(8);
  });
});

describe("edits from an older copy, and archived accounts", () => {
  it("refuses an edit made from a copy older than the transaction (409, nothing written); the current copy and no copy at all are accepted", async () => {
    const { token } = await signUp();
    const account = await createAccount(token, { openingBalance: "1000.00" });
    const tx = await addTransaction(token, account.id, { amount: "-45.90" });
    const opened = (await call(`/transactions/${tx.id}`, { token })).json.transaction;
    // Tab B corrects the amount; tab A, still showing the old copy, then adds a note.
    const corrected = await call(`/transactions/${tx.id}`, { method: "PATCH", token, body: { amount: "-54.90", updatedAt: String(opened.updatedAt) } });
    expect(corrected.status).toBe(200);
    const stale = await call(`/transactions/${tx.id}`, { method: "PATCH", token, body: { amount: "-45.90", notes: "split with Ana", updatedAt: String(opened.updatedAt) } });
    expect(stale.status).toBe(409);
    expect(stale.json.detail).toMatch(/^This transaction was changed elsewhere/);
    const now = (await call(`/transactions/${tx.id}`, { token })).json.transaction;
    expect(now).toMatchObject({ amountMinor: -5490, notes: null, updatedAt: corrected.json.transaction.updatedAt });
    expect(await expectExactBalance(token, account.id)).toBe(100000 - 5490);
    // In Spanish too; a JSON client may send the number as it was read.
    const staleEs = await call(`/transactions/${tx.id}`, { method: "PATCH", token, headers: ES, body: { notes: "x", updatedAt: opened.updatedAt } });
    expect(staleEs.json.detail).toMatch(/^Este movimiento se cambió en otra parte/);
    expect((await call(`/transactions/${tx.id}`, { method: "PATCH", token, body: { notes: "split with Ana", updatedAt: now.updatedAt } })).status).toBe(200);
    expect((await call(`/transactions/${tx.id}`, { method: "PATCH", token, body: { notes: "without a copy, the last write wins" } })).status).toBe(200);
    const bad = await call(`/transactions/${tx.id}`, { method: "PATCH", token, body: { notes: "x", updatedAt: "yesterday" } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.updatedAt).toEqual(["This form is out of date. Reload the page and try again."]);
    expect((await call(`/transactions/${tx.id}`, { method: "PATCH", token, body: { updatedAt: now.updatedAt } })).json.errors).toEqual({ _form: ["Change at least one field."] });
  });

  it("moves updatedAt forward on every write, even past a stamp at or ahead of the clock, so the copy before it is always refused", async () => {
    const { token } = await signUp();
    const soles = await createAccount(token, { name: "Soles", openingBalance: "500.00" });
    const wallet = await createAccount(token, { name: "Yape", type: "wallet", openingBalance: "0" });
    const tx = await addTransaction(token, soles.id, { amount: "-12.00" });
    const transfer = await call("/transfers", { token, body: { fromAccountId: soles.id, toAccountId: wallet.id, amount: "20.00", date: "2026-11-20" } });
    // A stamp a minute ahead stands for a write in this same millisecond, or from a clock ahead of this one.
    const ahead = Date.now() + 60_000;
    await env.DB.batch([
      env.DB.prepare("UPDATE transactions SET updated_at = ?1 WHERE id IN (?2, ?3, ?4)").bind(ahead, tx.id, transfer.json.from.id, transfer.json.to.id),
      env.DB.prepare("UPDATE accounts SET updated_at = ?1 WHERE id = ?2").bind(ahead, soles.id),
    ]);
    const edited = await call(`/transactions/${tx.id}`, { method: "PATCH", token, body: { notes: "first", updatedAt: ahead } });
    expect(edited.json.transaction.updatedAt).toBeGreaterThan(ahead);
    expect((await call(`/transactions/${tx.id}`, { method: "PATCH", token, body: { notes: "from the copy before", updatedAt: ahead } })).status).toBe(409);
    // A transfer's other leg, written by the same edit, moves forward too.
    const leg = await call(`/transactions/${transfer.json.to.id}`, { method: "PATCH", token, body: { date: "2026-11-19", updatedAt: ahead } });
    expect(leg.status).toBe(200);
    const other = (await call(`/transactions/${transfer.json.from.id}`, { token })).json.transaction;
    expect(other).toMatchObject({ date: "2026-11-19" });
    expect(other.updatedAt).toBeGreaterThan(ahead);
    expect((await call(`/transactions/${transfer.json.from.id}`, { method: "PATCH", token, body: { notes: "x", updatedAt: ahead } })).status).toBe(409);
    // A receipt is none of the fields an edit form holds: it leaves the copy as it was (ADR 020).
    const copy = (await call(`/transactions/${tx.id}`, { token })).json.transaction;
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect((await call(`/transactions/${tx.id}/receipt`, { method: "PUT", token, rawBody: png, headers: { "Content-Type": "image/png" } })).status).toBe(200);
    expect((await call(`/transactions/${tx.id}`, { token })).json.transaction.updatedAt).toBe(copy.updatedAt);
    const account = await call(`/accounts/${soles.id}`, { method: "PATCH", token, body: { name: "BCP Soles", updatedAt: ahead } });
    expect(account.json.account.updatedAt).toBeGreaterThan(ahead);
    expect((await call(`/accounts/${soles.id}`, { method: "PATCH", token, body: { name: "x", updatedAt: ahead } })).status).toBe(409);
  });

  it("of two edits from the same copy sent at once, one is written and the other refused; a transfer's other leg follows only the one written", async () => {
    const { token } = await signUp();
    const a = await createAccount(token, { openingBalance: "500.00" });
    const b = await createAccount(token, { name: "Yape", type: "wallet", openingBalance: "0" });
    const transfer = await call("/transfers", { token, body: { fromAccountId: a.id, toAccountId: b.id, amount: "120.00", date: "2026-11-20" } });
    const leg = transfer.json.to;
    const edits = await Promise.all(
      ["100.00", "90.00"].map((amount) => call(`/transactions/${leg.id}`, { method: "PATCH", token, body: { amount, updatedAt: leg.updatedAt } })),
    );
    expect(edits.map((edit) => edit.status).sort()).toEqual([200, 409]);
    const written = edits.find((edit) => edit.status === 200)!.json.transaction.amountMinor as number;
    expect((await call(`/transactions/${transfer.json.from.id}`, { token })).json.transaction.amountMinor).toBe(-written);
    expect(await expectExactBalance(token, a.id)).toBe(50000 - written);
    expect(await expectExactBalance(token, b.id)).toBe(written);
  });

  it("refuses an account edit made from an older copy (409, nothing written), in the caller's language; of two sent at once from one copy, one is written", async () => {
    const { token } = await signUp();
    const account = await createAccount(token, { name: "BCP Soles", openingBalance: "1000.00" });
    const opened = (await call(`/accounts/${account.id}`, { token })).json.account;
    // Tab B corrects the opening balance; tab A, still showing the old copy, then renames the account.
    const corrected = await call(`/accounts/${account.id}`, { method: "PATCH", token, body: { openingBalance: "1200.00", updatedAt: String(opened.updatedAt) } });
    expect(corrected.status).toBe(200);
    const stale = await call(`/accounts/${account.id}`, { method: "PATCH", token, body: { name: "BCP Ahorros", openingBalance: "1000.00", updatedAt: String(opened.updatedAt) } });
    expect(stale.status).toBe(409);
    expect(stale.json.detail).toMatch(/^This account was changed elsewhere/);
    const staleEs = await call(`/accounts/${account.id}`, { method: "PATCH", token, headers: ES, body: { name: "x", updatedAt: opened.updatedAt } });
    expect(staleEs.json.detail).toMatch(/^Esta cuenta se cambió en otra parte/);
    const now = (await call(`/accounts/${account.id}`, { token })).json.account;
    expect(now).toMatchObject({ name: "BCP Soles", openingBalanceMinor: 120000, balanceMinor: 120000, updatedAt: corrected.json.account.updatedAt });
    // From the current copy, and with no copy at all (an API client), the edit is written.
    expect((await call(`/accounts/${account.id}`, { method: "PATCH", token, body: { name: "BCP Ahorros", updatedAt: now.updatedAt } })).status).toBe(200);
    expect((await call(`/accounts/${account.id}`, { method: "PATCH", token, body: { institution: "BCP" } })).status).toBe(200);
    expect((await call(`/accounts/${account.id}`, { method: "PATCH", token, body: { updatedAt: now.updatedAt } })).json.errors).toEqual({ _form: ["Change at least one field."] });

    // Two edits from one copy at once: the write's own guard lets one through.
    const copy = (await call(`/accounts/${account.id}`, { token })).json.account;
    const edits = await Promise.all(["700.00", "800.00"].map((openingBalance) => call(`/accounts/${account.id}`, { method: "PATCH", token, body: { openingBalance, updatedAt: copy.updatedAt } })));
    expect(edits.map((edit) => edit.status).sort()).toEqual([200, 409]);
    const written = edits.find((edit) => edit.status === 200)!.json.account.openingBalanceMinor as number;
    expect(await expectExactBalance(token, account.id)).toBe(written);
  });

  it("refuses to change or delete a transaction of an archived account, or a transfer with a leg in one, naming that account", async () => {
    const { token } = await signUp();
    const soles = await createAccount(token, { name: "Soles", openingBalance: "1000.00" });
    const dollars = await createAccount(token, { name: "Dólares", currency: "USD", openingBalance: "100.00" });
    const transfer = await call("/transfers", { token, body: { fromAccountId: soles.id, toAccountId: dollars.id, amount: "370.00", toAmount: "100.00", date: "2026-11-20" } });
    const own = await addTransaction(token, dollars.id, { amount: "-5.00" });
    expect((await call(`/accounts/${dollars.id}`, { method: "PATCH", token, body: { archived: true } })).status).toBe(200);

    const viaOtherLeg = await call(`/transactions/${transfer.json.from.id}`, { method: "DELETE", token });
    expect(viaOtherLeg.status).toBe(409);
    expect(viaOtherLeg.json.detail).toBe("The other side of this transfer is in Dólares, which is archived. Restore it on the Accounts page to change or delete this transfer.");
    const editEs = await call(`/transactions/${transfer.json.from.id}`, { method: "PATCH", token, headers: ES, body: { date: "2026-11-19" } });
    expect(editEs.status).toBe(409);
    expect(editEs.json.detail).toMatch(/^La otra parte de esta transferencia está en Dólares, que está archivada/);
    for (const [method, id, body] of [["PATCH", own.id, { notes: "x" }], ["DELETE", own.id, undefined], ["PATCH", transfer.json.to.id, { notes: "x" }], ["DELETE", transfer.json.to.id, undefined]] as const) {
      const refused = await call(`/transactions/${id}`, { method, token, body });
      expect(refused.status).toBe(409);
      expect(refused.json.detail).toBe("This account is archived. Restore it on the Accounts page to change or delete its transactions.");
    }
    // Its own opening balance and date are money too; its name and details may still be corrected.
    const opening = await call(`/accounts/${dollars.id}`, { method: "PATCH", token, body: { openingBalance: "999.00", openingDate: "2026-01-01" } });
    expect(opening.status).toBe(422);
    expect(opening.json.errors).toEqual({
      openingBalance: ["This account is archived. Restore it to change its opening balance or date."],
      openingDate: ["This account is archived. Restore it to change its opening balance or date."],
    });
    const stored = (await call(`/accounts/${dollars.id}`, { token })).json.account;
    // So is its currency, which would re-denominate that money; said beside the currency alone.
    const empty = (await call("/accounts", { method: "POST", token, body: { name: "Vacía", type: "cash", currency: "PEN", openingBalance: "12.50", openingDate: "2026-01-01" } })).json.account;
    expect((await call(`/accounts/${empty.id}`, { method: "PATCH", token, body: { archived: true } })).status).toBe(200);
    // Yen have no decimals for the 0.50: not a word about the opening balance, which was not sent.
    for (const currency of ["USD", "KWD", "JPY"]) {
      const recurrency = await call(`/accounts/${empty.id}`, { method: "PATCH", token, body: { currency } });
      expect(recurrency.status, currency).toBe(422);
      expect(recurrency.json.errors, currency).toEqual({ currency: ["This account is archived. Restore it to change its currency."] });
    }
    expect((await call(`/accounts/${empty.id}`, { token })).json.account).toMatchObject({ currency: "PEN", balanceMinor: 1250 });
    // Restored in the same edit, it may change currency (it has no transactions).
    expect((await call(`/accounts/${empty.id}`, { method: "PATCH", token, body: { currency: "USD", archived: false } })).json.account).toMatchObject({ currency: "USD", archived: false });
    // What the edit form sends: every field, the opening ones as they were.
    const renamed = await call(`/accounts/${dollars.id}`, { method: "PATCH", token, body: { name: "Dólares viejos", openingBalance: "100.00", openingDate: stored.openingDate } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.account).toMatchObject({ name: "Dólares viejos", archived: true, balanceMinor: 10000 + 10000 - 500 });
    expect((await call(`/accounts/${dollars.id}`, { method: "PATCH", token, body: { name: "Dólares" } })).status).toBe(200);
    // Named by the transfer itself, too.
    const byTransfer = await call(`/transfers/${transfer.json.transferId}`, { method: "DELETE", token });
    expect(byTransfer.status).toBe(409);
    expect(byTransfer.json.detail).toBe("This transfer has a side in Dólares, which is archived. Restore it on the Accounts page to delete this transfer.");
    expect((await call(`/transfers/${transfer.json.transferId}`, { method: "DELETE", token, headers: ES })).json.detail).toMatch(/^Esta transferencia tiene una parte en Dólares, que está archivada/);
    expect(await expectExactBalance(token, dollars.id)).toBe(10000 + 10000 - 500);
    expect(await expectExactBalance(token, soles.id)).toBe(100000 - 37000);
    expect((await call(`/transactions/${transfer.json.to.id}`, { token })).json.transaction.date).toBe("2026-11-20");

    expect((await call(`/accounts/${dollars.id}`, { method: "PATCH", token, body: { archived: false } })).status).toBe(200);
    const deleted = await call(`/transactions/${transfer.json.from.id}`, { method: "DELETE", token });
    expect(deleted.status).toBe(200);
    // Both legs, money out first, and both accounts as they now are.
    expect(deleted.json.deleted).toEqual([transfer.json.from.id, transfer.json.to.id]);
    expect(deleted.json.accounts.map((account: { id: string; balanceMinor: number }) => [account.id, account.balanceMinor])).toEqual([
      [soles.id, 100000],
      [dollars.id, 10000 - 500],
    ]);
    expect(await expectExactBalance(token, dollars.id)).toBe(10000 - 500);
  });
});

describe("a user's money volume", () => {
  const BIG = "10000000000000.00"; // 10^15 minor units, the most one amount may be

  it("stays within 2^53 - 1 minor units, so no running balance, total or sum across accounts is inexact and no read fails", async () => {
    const { token } = await signUp();
    const a = await createAccount(token, { name: "A", openingBalance: BIG });
    const b = await createAccount(token, { name: "B", openingBalance: BIG });
    // Money in and out in turn: the balances stay small while the volume grows by 10^15 a write.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await call(`/accounts/${i % 2 ? b.id : a.id}/transactions`, { token, body: { date: i % 4 < 2 ? "2020-01-01" : "2025-01-01", description: "Big", amount: i % 4 < 2 ? BIG : `-${BIG}` } });
      statuses.push(answer.status);
      if (answer.status === 422) expect(answer.json.errors).toEqual({ amount: ["This would take the balance out of the range Tesoro can keep exactly."] });
    }
    // Two openings and seven amounts make 9 * 10^15; an eighth would pass 2^53 - 1 (~9.007 * 10^15).
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 201, 422, 422, 422]);
    const third = await call("/accounts", { token, body: { name: "C", type: "savings", currency: "PEN", openingBalance: BIG } });
    expect(third.status).toBe(422);
    expect(third.json.errors).toEqual({ openingBalance: ["This would take the balance out of the range Tesoro can keep exactly."] });
    expect(await call("/accounts", { token, body: { name: "C", type: "savings", currency: "PEN", openingBalance: "1.00" } })).toMatchObject({ status: 201 });

    const accounts = await call("/accounts", { token });
    expect(accounts.status).toBe(200);
    const pen = accounts.json.totals.find((t: { currency: string }) => t.currency === "PEN");
    expect(pen).toMatchObject({ balanceMinor: 3 * 10 ** 15 + 100, balance: "30000000000001.00", count: 3 });
    for (const path of [`/accounts/${a.id}/transactions?include=accounts,categories`, `/accounts/${a.id}/transactions/totals?from=2000-01-01`, `/accounts/${b.id}/transactions?sort=date&order=asc`, `/accounts/${a.id}/transactions/export.csv`, "/overview?from=2020-01-01&to=2025-12-31"]) {
      expect([path, (await call(path, { token })).status]).toEqual([path, 200]);
    }
    const rows = (await call(`/accounts/${a.id}/transactions?sort=date&order=asc`, { token })).json.transactions;
    expect(rows.map((row: { runningBalanceMinor: number }) => row.runningBalanceMinor)).toEqual([2e15, 3e15, 2e15, 1e15]);
    expect(await expectExactBalance(token, a.id)).toBe(1e15);
    // A user at the bound can still take money out of the volume.
    const [first] = rows;
    expect((await call(`/transactions/${first.id}`, { method: "DELETE", token })).status).toBe(200);
    expect(await expectExactBalance(token, a.id)).toBe(0);
  });
});

describe("ownership", () => {
  it("answers another user's ids, malformed ids and unknown ids with the same 404", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const account = await createAccount(bob.token);
    const second = await createAccount(bob.token, { name: "Second" });
    const tx = await addTransaction(bob.token, account.id);
    const transfer = await call("/transfers", { token: bob.token, body: { fromAccountId: account.id, toAccountId: second.id, amount: "1.00", date: "2026-11-20" } });
    const category = (await call("/categories", { token: bob.token })).json.categories[0].id;
    const mine = await createAccount(alice.token);
    const attempts: Array<[string, string, unknown?]> = [
      ["GET", `/accounts/${account.id}`],
      ["PATCH", `/accounts/${account.id}`, { archived: true }],
      ["GET", `/accounts/${account.id}/transactions`],
      ["GET", `/accounts/${account.id}/transactions/export.csv`],
      ["POST", `/accounts/${account.id}/transactions`, { date: "2026-11-20", description: "x", amount: "1.00" }],
      ["GET", `/transactions/${tx.id}`],
      ["PATCH", `/transactions/${tx.id}`, { amount: "5.00" }],
      ["DELETE", `/transactions/${tx.id}`],
      ["DELETE", `/transfers/${transfer.json.transferId}`],
      ["POST", "/transfers", { fromAccountId: mine.id, toAccountId: account.id, amount: "1.00", date: "2026-11-20" }],
      ["POST", "/transfers", { fromAccountId: account.id, toAccountId: mine.id, amount: "1.00", date: "2026-11-20" }],
      ["PATCH", `/categories/${category}`, { name: "Mine now" }],
      ["DELETE", `/categories/${category}`],
      ["GET", "/accounts/not-a-uuid"],
      ["GET", `/transactions/${crypto.randomUUID()}`],
      ["PATCH", "/transactions/123", { amount: "1" }],
    ];
    for (const [method, path, body] of attempts) {
      const result = await call(path, { method, token: alice.token, body });
      expect(result.status, `${method} ${path}`).toBe(404);
    }
    const preview = await call(`/accounts/${account.id}/import/preview`, { method: "POST", token: alice.token, rawBody: "date,description,amount\n", headers: { "Content-Type": "text/csv" } });
    expect(preview.status).toBe(404);
    const list = await call("/accounts", { token: alice.token });
    expect(list.json.accounts.map((a: { id: string }) => a.id)).toEqual([mine.id]);
    expect(await expectExactBalance(bob.token, account.id)).toBe(-1000 - 100);
    expect((await call(`/transactions/${tx.id}`, { token: bob.token })).json.transaction.amountMinor).toBe(-1000);
  });

  it("needs a session", async () => {
    expect((await call("/accounts")).status).toBe(401);
    expect((await call("/categories", { body: { name: "x" } })).status).toBe(401);
  });
});

/** A new user's transaction POST whose key is already claimed and still pending since `since`. */
async function pendingKey(key: string, since: number) {
  const { token, user } = await signUp();
  const account = await createAccount(token);
  const body = { date: "2026-11-20", description: "A", amount: "1.00" };
  const { sha256Hex } = await import("../../workers/api/src/platform/crypto");
  const hash = await sha256Hex(`POST /api/v1/accounts/${account.id}/transactions\n${JSON.stringify(body)}`);
  await env.DB.prepare("INSERT INTO idempotency_keys (user_id, key, request_hash, status, response_body, created_at) VALUES (?1, ?2, ?3, NULL, NULL, ?4)").bind(user.id, key, hash, since).run();
  return { token, account, body };
}

describe("Idempotency-Key", () => {
  it("replays the first answer for the same key and body, without a second write", async () => {
    const { token } = await signUp();
    const account = await createAccount(token);
    const body = { date: "2026-11-20", description: "Retry me", amount: "-30.00" };
    const headers = { "Idempotency-Key": "form-123" };
    const first = await call(`/accounts/${account.id}/transactions`, { token, body, headers });
    const second = await call(`/accounts/${account.id}/transactions`, { token, body, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await expectExactBalance(token, account.id)).toBe(-3000);

    const transfer = { fromAccountId: account.id, toAccountId: (await createAccount(token, { name: "B" })).id, amount: "5.00", date: "2026-11-20" };
    const t1 = await call("/transfers", { token, body: transfer, headers: { "Idempotency-Key": "tr-1" } });
    const t2 = await call("/transfers", { token, body: transfer, headers: { "Idempotency-Key": "tr-1" } });
    expect(t2.json.transferId).toBe(t1.json.transferId);
    expect(await expectExactBalance(token, account.id)).toBe(-3500);

    const del1 = await call(`/transactions/${first.json.transaction.id}`, { method: "DELETE", token, headers: { "Idempotency-Key": "del-1" } });
    const del2 = await call(`/transactions/${first.json.transaction.id}`, { method: "DELETE", token, headers: { "Idempotency-Key": "del-1" } });
    expect(del1.status).toBe(200);
    expect(del2.status).toBe(200);
    expect(del2.json).toEqual(del1.json);
  });

  it("refuses the same key with another body (422), and keys are per user", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const account = await createAccount(alice.token);
    const headers = { "Idempotency-Key": "shared-key" };
    expect((await call(`/accounts/${account.id}/transactions`, { token: alice.token, body: { date: "2026-11-20", description: "A", amount: "1.00" }, headers })).status).toBe(201);
    const other = await call(`/accounts/${account.id}/transactions`, { token: alice.token, body: { date: "2026-11-20", description: "A", amount: "2.00" }, headers });
    expect(other.status).toBe(422);
    expect(other.json.type).toBe("urn:tesoro:problem:idempotency-key-reused");
    const elsewhere = await call("/categories", { token: alice.token, body: { name: "Elsewhere" }, headers });
    expect(elsewhere.status).toBe(422);
    expect(await expectExactBalance(alice.token, account.id)).toBe(100);
    const bobAccount = await createAccount(bob.token);
    expect((await call(`/accounts/${bobAccount.id}/transactions`, { token: bob.token, body: { date: "2026-11-20", description: "B", amount: "3.00" }, headers })).status).toBe(201);
  });

  it("forgets a refused request so a corrected retry with the same key runs", async () => {
    const { token } = await signUp();
    const account = await createAccount(token);
    const headers = { "Idempotency-Key": "fix-and-retry" };
    const bad = await call(`/accounts/${account.id}/transactions`, { token, body: { date: "2026-11-20", description: "A", amount: "1.001" }, headers });
    expect(bad.status).toBe(422);
    const fixed = await call(`/accounts/${account.id}/transactions`, { token, body: { date: "2026-11-20", description: "A", amount: "1.00" }, headers });
    expect(fixed.status).toBe(201);
  });

  it("answers 409 (retryable) while the first request with the key is still running, and refuses malformed keys", async () => {
    const { token, account, body } = await pendingKey("busy", Date.now());
    const busy = await call(`/accounts/${account.id}/transactions`, { token, body, headers: { "Idempotency-Key": "busy" } });
    expect(busy.status).toBe(409);
    expect(busy.headers.get("Retry-After")).toBe("1");
    expect(await expectExactBalance(token, account.id)).toBe(0);
    const malformed = await call(`/accounts/${account.id}/transactions`, { token, body, headers: { "Idempotency-Key": "has space" } });
    expect(malformed.status).toBe(400);
  });

  it("says plainly when a key is still pending long after its request (a 5xx left it): 409, not retryable, check before trying again", async () => {
    const { token, account, body } = await pendingKey("stuck", Date.now() - 60_000);
    for (const [language, detail] of [
      ["en", "We could not confirm whether this change was saved. Reload the page to check before trying again."],
      ["es", "No pudimos confirmar si este cambio se guardó. Recarga la página para comprobarlo antes de volver a intentarlo."],
    ] as const) {
      const stuck = await call(`/accounts/${account.id}/transactions`, { token, body, headers: { "Idempotency-Key": "stuck", "Accept-Language": language } });
      expect(stuck.status).toBe(409);
      expect(stuck.json.type).toMatch(/idempotency-uncertain$/);
      expect(stuck.json.detail).toBe(detail);
      expect(stuck.headers.get("Retry-After")).toBeNull();
    }
    expect(await expectExactBalance(token, account.id)).toBe(0);
  });
});
