import { beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { addTransaction, allPages, createAccount, expectPreviousPages } from "./ledger-helpers";
import { MAX_SEARCH_WORDS } from "../../core/search-words";

interface Row {
  id: string;
  date: string;
  description: string;
  payee: string | null;
  notes: string | null;
  amountMinor: number;
  categoryId: string | null;
  status: "pending" | "posted";
}

let token: string;
let accountId: string;
let rows: Row[] = [];
let groceries: string;
const OPENING = 100000;
/** The ledger's own order: date, then id. */
const byDateId = (a: Row, b: Row) => (a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1);

const DESCRIPTIONS = ["Wong San Isidro", "Café Tostado", "Plaza Vea", "Sueldo noviembre", "Uber al aeropuerto", "Luz del Sur", "Tambo+", "Cafetería Ñaña"];

beforeAll(async () => {
  ({ token } = await signUp());
  const account = await createAccount(token, { openingBalance: "1000.00" });
  accountId = account.id;
  groceries = (await call("/categories", { token })).json.categories.find((c: { defaultKey: string }) => c.defaultKey === "groceries").id;
  // Other accounts' rows must never leak into this one's balance or list.
  const other = await createAccount(token, { name: "Other" });
  await addTransaction(token, other.id, { description: "Wong other account", amount: "-999.00" });
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < 36; i++) {
    const day = String(1 + (next() % 9)).padStart(2, "0");
    const amount = (next() % 40000) - 25000;
    const description = DESCRIPTIONS[next() % DESCRIPTIONS.length]!;
    const body = {
      date: `2026-10-${day}`,
      description,
      amount: (amount / 100).toFixed(2),
      categoryId: i % 3 === 0 ? groceries : null,
      status: i % 4 === 0 ? "pending" : "posted",
      payee: i % 5 === 0 ? "Supermercados Peruanos" : null,
      notes: i % 7 === 0 ? "reembolso pendiente" : null,
    };
    const tx = await addTransaction(token, accountId, body);
    rows.push({ id: tx.id, date: body.date, description, payee: body.payee, notes: body.notes, amountMinor: amount, categoryId: body.categoryId, status: body.status as Row["status"] });
  }
  rows = rows.sort(byDateId);
});

/** Balance after each row, over every row of the account in (date, id) order. */
function runningBalances(): Map<string, number> {
  const map = new Map<string, number>();
  let balance = OPENING;
  for (const row of rows) {
    balance += row.amountMinor;
    map.set(row.id, balance);
  }
  return map;
}

function expectTotals(totals: Record<string, number>, subset: Row[]) {
  const inflow = subset.filter((r) => r.amountMinor > 0).reduce((s, r) => s + r.amountMinor, 0);
  const outflow = subset.filter((r) => r.amountMinor < 0).reduce((s, r) => s + r.amountMinor, 0);
  expect(totals).toMatchObject({ count: subset.length, inMinor: inflow, outMinor: outflow, netMinor: inflow + outflow });
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const cases: Array<{ name: string; query: Record<string, string>; keep: (row: Row) => boolean }> = [
  { name: "no filter", query: {}, keep: () => true },
  { name: "text (accent-insensitive prefix) on description", query: { q: "cafe" }, keep: (r) => /\bcaf/.test(fold(r.description)) },
  { name: "text on payee", query: { q: "supermercados" }, keep: (r) => r.payee === "Supermercados Peruanos" },
  { name: "text on notes, two words", query: { q: "reembolso pend" }, keep: (r) => r.notes === "reembolso pendiente" },
  { name: "date range", query: { from: "2026-10-03", to: "2026-10-06" }, keep: (r) => r.date >= "2026-10-03" && r.date <= "2026-10-06" },
  { name: "category", query: { category: "GROCERIES" }, keep: (r) => r.categoryId === groceries },
  { name: "uncategorised", query: { category: "none" }, keep: (r) => r.categoryId === null },
  { name: "amount range", query: { min: "-100", max: "-0.01" }, keep: (r) => r.amountMinor >= -10000 && r.amountMinor <= -1 },
  { name: "status", query: { status: "pending" }, keep: (r) => r.status === "pending" },
  // Totals of these come from the pending rows' own index: posted = every row less the pending ones.
  { name: "posted", query: { status: "posted" }, keep: (r) => r.status === "posted" },
  { name: "pending in a date range", query: { status: "pending", from: "2026-10-03", to: "2026-10-06" }, keep: (r) => r.status === "pending" && r.date >= "2026-10-03" && r.date <= "2026-10-06" },
  { name: "posted in a date range", query: { status: "posted", from: "2026-10-03", to: "2026-10-06" }, keep: (r) => r.status === "posted" && r.date >= "2026-10-03" && r.date <= "2026-10-06" },
  { name: "combined", query: { status: "posted", from: "2026-10-02", min: "-250" }, keep: (r) => r.status === "posted" && r.date >= "2026-10-02" && r.amountMinor >= -25000 },
];

describe("listing", () => {
  for (const { name, query, keep } of cases) {
    for (const order of ["desc", "asc"] as const) {
      it(`${name}, date ${order}: keyset pages both ways, exact running balances and totals`, async () => {
        const q = { ...query, ...(query.category === "GROCERIES" ? { category: groceries } : {}) };
        const expected = rows.filter(keep);
        const ordered = order === "asc" ? expected : [...expected].reverse();
        const result = await allPages(token, accountId, { ...q, order, limit: "5" });
        expect(result.rows.map((r) => r.id)).toEqual(ordered.map((r) => r.id));
        expect(result.pages).toBe(Math.max(1, Math.ceil(ordered.length / 5)));
        const running = runningBalances();
        for (const row of result.rows) expect(row.runningBalanceMinor, row.id).toBe(running.get(row.id));
        expectTotals(result.totals, expected);
        await expectPreviousPages(token, accountId, { ...q, order, limit: "5" }, result.pageList);
      });
    }
    it(`${name}: totals=false answers the same rows without totals; …/totals answers them apart`, async () => {
      const q = { ...query, ...(query.category === "GROCERIES" ? { category: groceries } : {}) };
      const expected = rows.filter(keep);
      const bare = await allPages(token, accountId, { ...q, limit: "5", totals: "false" });
      expect(bare.rows.map((r) => r.id)).toEqual([...expected].reverse().map((r) => r.id));
      expect(bare.totals).toBeNull();
      const running = runningBalances();
      for (const row of bare.rows) expect(row.runningBalanceMinor, row.id).toBe(running.get(row.id));
      const apart = await call(`/accounts/${accountId}/transactions/totals?${new URLSearchParams(q)}`, { token });
      expect(apart.status).toBe(200);
      expectTotals(apart.json.totals, expected);
      const full = await call(`/accounts/${accountId}/transactions?${new URLSearchParams({ ...q, limit: "1" })}`, { token });
      expect(apart.json.totals).toEqual(full.json.totals);
    });
  }

  it("takes an empty query parameter for one not given, on every GET that reads one (as the docs say)", async () => {
    const every = "q=&from=&to=&category=&min=&max=&status=&sort=&order=&limit=&cursor=&totals=";
    const list = await call(`/accounts/${accountId}/transactions?${every}&include=`, { token });
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    const plain = await call(`/accounts/${accountId}/transactions`, { token });
    expect(list.json.transactions.map((r: Row) => r.id)).toEqual(plain.json.transactions.map((r: Row) => r.id));
    expect(list.json.totals).toEqual(plain.json.totals);
    expect(list.json).not.toHaveProperty("accounts");
    expect((await call(`/accounts/${accountId}/transactions/totals?${every}`, { token })).status).toBe(200);
    expect((await call(`/accounts/${accountId}/transactions/export.csv?${every}`, { token })).status).toBe(200);
    expect((await call("/overview?from=2026-01-01&to=2026-01-31&recent=&include=", { token })).status).toBe(200);
    const accounts = await call("/accounts?archived=", { token });
    expect(accounts.status).toBe(200);
    expect(accounts.json.accounts.map((a: { id: string }) => a.id)).toEqual((await call("/accounts", { token })).json.accounts.map((a: { id: string }) => a.id));
    expect((await call("/accounts?archived=maybe", { token })).json.errors).toEqual({ archived: ["Use all, true or false."] });
    const preview = await call(`/accounts/${accountId}/import/preview?delimiter=&header=&dateFormat=&decimalSeparator=&dateColumn=0&descriptionColumn=1&amountColumn=2&idColumn=`, {
      method: "POST",
      token,
      rawBody: "date,description,amount\n2026-01-02,Pan,-3.50\n",
      headers: { "Content-Type": "text/csv" },
    });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(preview.json.counts).toMatchObject({ total: 1, valid: 1 });
    // A value that is there but wrong is still refused, with the field's own message.
    const header = await call(`/accounts/${accountId}/import/preview?header=yes`, { method: "POST", token, rawBody: "a,b\n", headers: { "Content-Type": "text/csv" } });
    expect(header.json.errors).toEqual({ header: ["Use true or false."] });
  });

  it("…/totals: bad filters are a 422 per field, another user's or an unknown account a 404", async () => {
    const bad = await call(`/accounts/${accountId}/transactions/totals?min=1.234&status=x`, { token });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toHaveProperty("status");
    expect((await call(`/accounts/${accountId}/transactions?totals=maybe`, { token })).json.errors).toEqual({ totals: ["Use true or false."] });
    const stranger = (await signUp()).token;
    expect((await call(`/accounts/${accountId}/transactions/totals`, { token: stranger })).status).toBe(404);
    expect((await call(`/accounts/not-an-id/transactions/totals`, { token })).status).toBe(404);
    expect((await call(`/accounts/${accountId}/transactions/totals`)).status).toBe(401);
  });

  it("sorts by amount both ways (ties by id), with no running balance, pages both ways", async () => {
    for (const order of ["asc", "desc"] as const) {
      const result = await allPages(token, accountId, { sort: "amount", order, limit: "7" });
      const expected = [...rows].sort((a, b) => (a.amountMinor === b.amountMinor ? (a.id < b.id ? -1 : 1) : a.amountMinor - b.amountMinor));
      if (order === "desc") expected.reverse();
      expect(result.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(result.rows.every((r) => r.runningBalance === null)).toBe(true);
      expect(result.pages).toBeGreaterThan(2);
      await expectPreviousPages(token, accountId, { sort: "amount", order, limit: "7" }, result.pageList);
      // Pending rows by amount come through their own index (migration 0008), in the same order.
      const pending = await allPages(token, accountId, { sort: "amount", order, status: "pending", limit: "3" });
      expect(pending.rows.map((r) => r.id)).toEqual(expected.filter((r) => r.status === "pending").map((r) => r.id));
    }
  });

  it("ends with the account balance on the newest row and answers decimal strings beside minor units", async () => {
    const { json } = await call(`/accounts/${accountId}/transactions?limit=1`, { token });
    const balance = OPENING + rows.reduce((s, r) => s + r.amountMinor, 0);
    expect(json.account.balanceMinor).toBe(balance);
    expect(json.transactions[0].runningBalanceMinor).toBe(balance);
    const minor = json.transactions[0].runningBalanceMinor as number;
    expect(json.transactions[0].runningBalance).toBe(`${minor < 0 ? "-" : ""}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, "0")}`);
    expect(json.sort).toBe("date");
    expect(json.order).toBe("desc");
  });

  it("refuses a tampered cursor, a cursor from other filters, and bad filters (422 per field)", async () => {
    const first = await call(`/accounts/${accountId}/transactions?limit=2`, { token });
    const cursor = first.json.nextCursor as string;
    expect((await call(`/accounts/${accountId}/transactions?limit=2&cursor=${cursor}`, { token })).status).toBe(200);
    const other = await call(`/accounts/${accountId}/transactions?limit=2&status=posted&cursor=${cursor}`, { token });
    expect(other.status).toBe(422);
    expect(other.json.errors.cursor).toEqual(["This page link is no longer valid. Start again from the first page."]);
    expect((await call(`/accounts/${accountId}/transactions?cursor=garbage`, { token })).status).toBe(422);
    expect((await call(`/accounts/${accountId}/transactions?order=asc&cursor=${cursor}`, { token })).status).toBe(422);
    // Nor does another account's cursor, even one of the same user with the same filters.
    const sibling = await createAccount(token, { name: "Otra" });
    const elsewhere = await call(`/accounts/${sibling.id}/transactions?limit=2&cursor=${cursor}`, { token });
    expect(elsewhere.json.errors).toEqual({ cursor: ["This page link is no longer valid. Start again from the first page."] });
    const bad = await call(`/accounts/${accountId}/transactions?from=2026-10-09&to=2026-10-01&sort=name&limit=500&min=1.234&status=x`, { token, headers: { "Accept-Language": "es" } });
    expect(bad.status).toBe(422);
    const range = await call(`/accounts/${accountId}/transactions?from=2026-10-09&to=2026-10-01`, { token, headers: { "Accept-Language": "es" } });
    expect(range.json.errors).toEqual({ to: ["La fecha inicial no puede ser posterior a la final."] });
    expect(bad.json.errors).toMatchObject({
      sort: ["Ordena por fecha o por monto."],
      limit: ["Usa un tamaño de página de 1 a 200."],
      status: ["Elige pendiente o confirmado."],
    });
    const precision = await call(`/accounts/${accountId}/transactions?min=1.234&max=0`, { token });
    expect(precision.json.errors).toEqual({ min: ["This currency takes at most 2 decimal places. Writing thousands? Use a comma (12,345) or no separator (12345)."] });
    const comma = await call(`/accounts/${accountId}/transactions?max=12,5`, { token, headers: { "Accept-Language": "es" } });
    expect(comma.json.errors).toEqual({ max: ["Escribe los decimales después de un punto, como en 1234.50 (la coma solo separa miles)."] });
    // Two bad bounds, two messages (the second was dropped while the first failed the schema).
    const both = await call(`/accounts/${accountId}/transactions?min=abc&max=1,5`, { token });
    expect(both.json.errors).toEqual({ min: ["Enter the amount in figures, such as 1234 or -12."], max: ["Write decimals after a point, as in 1234.50 (a comma only separates thousands)."] });
    const reversed = await call(`/accounts/${accountId}/transactions?min=5&max=1`, { token });
    expect(reversed.json.errors).toEqual({ max: ["The minimum must not be greater than the maximum."] });
    // The last two hold letters SQLite's tokenizer splits on (a phrase, refused by the index).
    for (const q of ["AND OR NOT", "a:b", "NEAR(", "' OR 1=1 --", "wo\u19B0ng", "caf\u1CF2e"]) {
      const result = await call(`/accounts/${accountId}/transactions?q=${encodeURIComponent(q)}`, { token });
      expect(result.status, q).toBe(200);
    }
    // Symbols alone name no word to search for: said so, rather than answering every row.
    for (const q of ['"', "*", "(", "%", "-- ;"]) {
      const result = await call(`/accounts/${accountId}/transactions?q=${encodeURIComponent(q)}`, { token, headers: { "Accept-Language": "es" } });
      expect(result.status, q).toBe(422);
      expect(result.json.errors, q).toEqual({ q: ["Busca con letras o números: los símbolos solos no se buscan."] });
    }
    // A pasted paragraph is refused with a message, not cut to its first words in silence.
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
    expect((await call(`/accounts/${accountId}/transactions?q=${encodeURIComponent(words(MAX_SEARCH_WORDS))}`, { token })).status).toBe(200);
    const tooMany = await call(`/accounts/${accountId}/transactions?q=${encodeURIComponent(words(MAX_SEARCH_WORDS + 1))}`, { token });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.errors).toEqual({ q: ["Search with at most 16 words."] });
    const tooManyEs = await call(`/accounts/${accountId}/transactions/export.csv?q=${encodeURIComponent(words(MAX_SEARCH_WORDS + 1))}`, { token, headers: { "Accept-Language": "es" } });
    expect(tooManyEs.status).toBe(422);
    expect(tooManyEs.json.errors).toEqual({ q: ["Busca con 16 palabras como máximo."] });
  });

  it("keeps running balances right after edits and deletes in the middle of the history", async () => {
    const middle = rows[Math.floor(rows.length / 2)]!;
    await call(`/transactions/${middle.id}`, { method: "PATCH", token, body: { amount: "12.34", date: "2026-10-05" } });
    middle.amountMinor = 1234;
    middle.date = "2026-10-05";
    const gone = rows[3]!;
    await call(`/transactions/${gone.id}`, { method: "DELETE", token });
    rows = rows.filter((r) => r.id !== gone.id).sort(byDateId);
    const result = await allPages(token, accountId, { limit: "4" });
    const running = runningBalances();
    expect(result.rows.map((r) => r.id)).toEqual([...rows].reverse().map((r) => r.id));
    for (const row of result.rows) expect(row.runningBalanceMinor).toBe(running.get(row.id));
  });

  it("a page's running balances follow changes made after its link was made, and a cursor cannot bring one in", async () => {
    for (const order of ["desc", "asc"] as const) {
      const before = await allPages(token, accountId, { order, limit: "6" });
      const later = before.pageList[2]!; // a cursor from before the change
      // A change older than every row shifts every balance after it, on every page.
      const tx = await addTransaction(token, accountId, { date: "2026-09-30", description: "Older", amount: "-123.45" });
      rows.push({ id: tx.id, date: "2026-09-30", description: "Older", payee: null, notes: null, amountMinor: -12345, categoryId: null, status: "posted" });
      rows.sort(byDateId);
      const running = runningBalances();
      const page = await call(`/accounts/${accountId}/transactions?${new URLSearchParams({ order, limit: "6", cursor: later.cursor! })}`, { token });
      expect(page.status).toBe(200);
      expect(page.json.transactions.length).toBeGreaterThan(0);
      for (const row of page.json.transactions) expect(row.runningBalanceMinor, `${order} ${row.id}`).toBe(running.get(row.id));
      // A cursor made by hand with a balance in it (as older cursors carried) changes nothing.
      const decoded = JSON.parse(Buffer.from(later.cursor!, "base64url").toString("utf8"));
      const forged = Buffer.from(JSON.stringify({ ...decoded, b: 999_999_999 })).toString("base64url");
      const same = await call(`/accounts/${accountId}/transactions?${new URLSearchParams({ order, limit: "6", cursor: forged })}`, { token });
      expect(same.status).toBe(200);
      expect(same.json.transactions).toEqual(page.json.transactions);
    }
  });
});
