import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { addTransaction, createAccount } from "./ledger-helpers";

describe("GET /overview", () => {
  it("sums a period per currency, leaves transfers out, groups spending by category, and lists the newest across accounts", async () => {
    const { token } = await signUp();
    const soles = await createAccount(token, { name: "BCP", currency: "PEN" });
    const dollars = await createAccount(token, { name: "IBK", currency: "USD" });
    const savings = await createAccount(token, { name: "Ahorro", currency: "PEN", type: "savings" });
    const categories = (await call("/categories", { token })).json.categories as Array<{ id: string; name: string }>;
    const groceries = categories.find((cat) => cat.name === "Groceries")!.id;
    await addTransaction(token, soles.id, { date: "2026-11-02", description: "Sueldo", amount: "3000.00" });
    await addTransaction(token, soles.id, { date: "2026-11-03", description: "Wong", amount: "-120.50", categoryId: groceries });
    await addTransaction(token, soles.id, { date: "2026-11-04", description: "Tottus", amount: "-79.50", categoryId: groceries });
    await addTransaction(token, soles.id, { date: "2026-11-05", description: "Sin categoría", amount: "-10.00" });
    await addTransaction(token, dollars.id, { date: "2026-11-06", description: "Netflix", amount: "-15.99" });
    // A refund in an expense category takes from that category's spending (money in all the same);
    // money in without a category, or in an income category, is no spending.
    await addTransaction(token, soles.id, { date: "2026-11-08", description: "Devolución Wong", amount: "20.00", categoryId: groceries });
    const income = categories.find((cat) => cat.name === "Income")!.id;
    await addTransaction(token, soles.id, { date: "2026-11-09", description: "Bono", amount: "100.00", categoryId: income });
    await addTransaction(token, dollars.id, { date: "2026-11-10", description: "Reembolso Netflix", amount: "15.99" });
    // Outside the period, and a transfer inside it: neither counts.
    await addTransaction(token, soles.id, { date: "2026-10-31", description: "Octubre", amount: "-999.00" });
    const transfer = await call("/transfers", { token, body: { fromAccountId: soles.id, toAccountId: savings.id, amount: "500.00", date: "2026-11-07", description: "Ahorro" } });
    expect(transfer.status).toBe(201);

    const { status, json } = await call("/overview?from=2026-11-01&to=2026-11-30&recent=3", { token });
    expect(status).toBe(200);
    expect(json.flows).toEqual([
      { currency: "PEN", inMinor: 312000, outMinor: -21000, spending: [{ id: groceries, name: "Groceries", color: expect.any(String), minor: 18000 }, { id: "none", name: null, color: "#64748b", minor: 1000 }] },
      { currency: "USD", inMinor: 1599, outMinor: -1599, spending: [{ id: "none", name: null, color: "#64748b", minor: 1599 }] },
    ]);
    expect(json.recent.map((tx: { description: string }) => tx.description)).toEqual(["Reembolso Netflix", "Bono", "Devolución Wong"]);
  });

  it("still counts an account archived during the period, and lists currencies PEN, USD, then A–Z", async () => {
    const { token } = await signUp();
    const old = await createAccount(token, { name: "BBVA cerrada", currency: "PEN" });
    const euros = await createAccount(token, { name: "Euros", currency: "EUR" });
    const dollars = await createAccount(token, { name: "IBK", currency: "USD" });
    await addTransaction(token, old.id, { date: "2026-11-03", description: "Plaza Vea", amount: "-45.00" });
    await addTransaction(token, euros.id, { date: "2026-11-04", description: "Café", amount: "-3.00" });
    await addTransaction(token, dollars.id, { date: "2026-11-05", description: "Netflix", amount: "-15.99" });
    expect((await call(`/accounts/${old.id}`, { method: "PATCH", token, body: { archived: true } })).status).toBe(200);

    const { json } = await call("/overview?from=2026-11-01&to=2026-11-30", { token });
    expect(json.flows.map((flow: { currency: string; outMinor: number }) => [flow.currency, flow.outMinor])).toEqual([
      ["PEN", -4500],
      ["USD", -1599],
      ["EUR", -300],
    ]);
    expect(json.recent.map((tx: { description: string }) => tx.description)).toContain("Plaza Vea");
  });

  it("shows nothing of another user's, refuses a bad period, and names defaults in the caller's language", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const account = await createAccount(alice.token);
    const categories = (await call("/categories", { token: alice.token })).json.categories as Array<{ id: string; name: string }>;
    await addTransaction(alice.token, account.id, { date: "2026-11-03", description: "Wong", amount: "-12.00", categoryId: categories.find((cat) => cat.name === "Groceries")!.id });
    const bobs = await call("/overview?from=2026-11-01&to=2026-11-30", { token: bob.token });
    expect(bobs.json).toEqual({ recent: [], flows: [] });
    const spanish = await call("/overview?from=2026-11-01&to=2026-11-30", { token: alice.token, headers: { "Accept-Language": "es" } });
    expect(spanish.json.flows[0].spending[0].name).toBe("Supermercado");
    const bad = await call("/overview?from=2026-02-30&to=2026-11-30", { token: alice.token });
    expect(bad.status).toBe(422);
    const backwards = await call("/overview?from=2026-12-31&to=2026-01-01", { token: alice.token, headers: { "Accept-Language": "es" } });
    expect(backwards.status).toBe(422);
    expect(backwards.json.errors).toEqual({ to: ["La fecha inicial no puede ser posterior a la final."] });
    for (const recent of ["0x10", "1e1", "5.0", "0", "51", "-1"]) {
      const odd = await call(`/overview?from=2026-11-01&to=2026-11-30&recent=${recent}`, { token: alice.token });
      expect({ recent, errors: odd.json.errors }).toEqual({ recent, errors: { recent: ["Use a number of recent transactions from 1 to 50."] } });
    }
    // Empty is not given: the default ten.
    expect((await call("/overview?from=2026-11-01&to=2026-11-30&recent=", { token: alice.token })).json.recent).toHaveLength(1);
    // Missing or malformed input is answered in the user's words, never in the validator's.
    const missing = await call("/overview", { token: alice.token, headers: { "Accept-Language": "es" } });
    expect(missing.json.errors).toEqual({ from: ["Este campo es obligatorio."], to: ["Este campo es obligatorio."] });
    const array = await call("/categories", { token: alice.token, body: [] });
    expect(array.json.errors).toEqual({ _form: ["This value is not valid."] });
    expect((await call("/overview?from=2026-11-01&to=2026-11-30")).status).toBe(401);
  });

  it("embeds the accounts and categories on request, exactly as their own GETs answer them", async () => {
    const { token } = await signUp();
    const soles = await createAccount(token, { name: "BCP", currency: "PEN" });
    await createAccount(token, { name: "IBK", currency: "USD" });
    await addTransaction(token, soles.id, { date: "2026-11-02", description: "Sueldo", amount: "3000.00" });
    const accounts = (await call("/accounts", { token })).json;
    const categories = (await call("/categories", { token })).json.categories;

    const overview = await call("/overview?from=2026-11-01&to=2026-11-30&include=accounts", { token });
    expect(overview.status).toBe(200);
    expect(overview.json.accounts).toEqual(accounts.accounts);
    expect(overview.json.accountTotals).toEqual(accounts.totals);
    expect(overview.json.categories).toBeUndefined();

    const list = await call(`/accounts/${soles.id}/transactions?include=accounts,categories`, { token });
    expect(list.status).toBe(200);
    expect(list.json.accounts).toEqual(accounts.accounts);
    expect(list.json.categories).toEqual(categories);
    expect(list.json.transactions.map((tx: { description: string }) => tx.description)).toEqual(["Sueldo"]);
    const categoriesOnly = await call(`/accounts/${soles.id}/transactions?include=categories&totals=false`, { token });
    expect(categoriesOnly.json.categories).toEqual(categories);
    expect(categoriesOnly.json.accounts).toBeUndefined();
    expect((await call(`/accounts/${soles.id}/transactions`, { token })).json.accounts).toBeUndefined();

    for (const path of [`/accounts/${soles.id}/transactions?include=users`, "/overview?from=2026-11-01&to=2026-11-30&include=accounts,"]) {
      const bad = await call(path, { token, headers: { "Accept-Language": "es" } });
      expect(bad.status, path).toBe(422);
      expect(bad.json.errors.include).toEqual(["Usa accounts y/o categories, separados por comas."]);
    }
  });
});

describe("GET /overview: a month beside the one before, and transfers once (ADR 054)", () => {
  it("lists a transfer once, as its leg out naming the other account, and compares another period per currency", async () => {
    const { token } = await signUp();
    const bcp = await createAccount(token, { name: "BCP", currency: "PEN" });
    const bbva = await createAccount(token, { name: "BBVA", currency: "PEN" });
    await addTransaction(token, bcp.id, { date: "2026-10-15", description: "Octubre", amount: "-99.00" });
    await addTransaction(token, bcp.id, { date: "2026-10-16", description: "Sueldo octubre", amount: "4500.00" });
    await addTransaction(token, bcp.id, { date: "2026-11-02", description: "Wong", amount: "-50.00" });
    const transfer = await call("/transfers", { token, body: { fromAccountId: bcp.id, toAccountId: bbva.id, amount: "263.50", date: "2026-11-03", description: "Traspaso" } });
    expect(transfer.status).toBe(201);

    const { status, json } = await call("/overview?from=2026-11-01&to=2026-11-30&compareFrom=2026-10-01&compareTo=2026-10-31", { token });
    expect(status).toBe(200);
    const traspasos = json.recent.filter((tx: { description: string }) => tx.description === "Traspaso");
    expect(traspasos).toHaveLength(1);
    expect(traspasos[0]).toMatchObject({ accountId: bcp.id, transferAccountId: bbva.id, amountMinor: -26350 });
    expect(json.recent).toHaveLength(4);
    expect(json.flows).toEqual([expect.objectContaining({ currency: "PEN", inMinor: 0, outMinor: -5000 })]);
    expect(json.compared).toEqual([{ currency: "PEN", inMinor: 450000, outMinor: -9900 }]);

    // Without a period to compare, no `compared`; half a period is refused.
    expect((await call("/overview?from=2026-11-01&to=2026-11-30", { token })).json.compared).toBeUndefined();
    expect((await call("/overview?from=2026-11-01&to=2026-11-30&compareFrom=2026-10-01", { token })).status).toBe(422);
    expect((await call("/overview?from=2026-11-01&to=2026-11-30&compareFrom=2026-10-31&compareTo=2026-10-01", { token })).status).toBe(422);
  });
});
