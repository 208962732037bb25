import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { convertSum, rateFraction } from "../../core/exchange";
import { call, signUp } from "./helpers";
import { addTransaction, createAccount } from "./ledger-helpers";

const ES = { "Accept-Language": "es-PE" };

async function officialRate(currency: string, day: string, sell: string) {
  await env.DB.prepare("INSERT OR REPLACE INTO official_rates (source, currency, day, buy, sell, fetched_at) VALUES ('bcrp', ?1, ?2, ?3, ?3, 1)").bind(currency, day, sell).run();
}

async function categoryIds(token: string) {
  const categories = (await call("/categories", { token })).json.categories as Array<{ id: string; defaultKey: string | null }>;
  return Object.fromEntries(categories.map((c) => [c.defaultKey, c.id])) as Record<string, string>;
}

describe("GET /reports", () => {
  it("answers net worth, cash flow, spending and payees per month in the reporting currency", async () => {
    const { token } = await signUp();
    const soles = await createAccount(token, { name: "Soles", openingBalance: "1000.00", openingDate: "2025-12-15" });
    const card = await createAccount(token, { name: "Visa", type: "credit_card", openingDate: "2025-12-01" });
    const dollars = await createAccount(token, { name: "Dollars", currency: "USD", openingBalance: "100.00", openingDate: "2026-01-01" });
    const euros = await createAccount(token, { name: "Euros", currency: "EUR", openingDate: "2026-01-01" });
    const cat = await categoryIds(token);
    await addTransaction(token, soles.id, { date: "2026-01-05", amount: "3000.00", description: "Sueldo", categoryId: cat.income });
    await addTransaction(token, soles.id, { date: "2026-01-10", amount: "-200.00", description: "Wong", payee: "Wong", categoryId: cat.groceries });
    await addTransaction(token, card.id, { date: "2026-02-03", amount: "-150.00", description: "Tottus", payee: "Tottus", categoryId: cat.groceries });
    await addTransaction(token, dollars.id, { date: "2026-02-20", amount: "-10.00", description: "Amazon", payee: "Amazon" });
    await addTransaction(token, euros.id, { date: "2026-02-21", amount: "5.00", description: "Refund" });
    // A transfer moves money between own accounts: net worth keeps it, cash flow does not.
    const transfer = await call("/transfers", { token, body: { fromAccountId: soles.id, toAccountId: card.id, date: "2026-02-25", amount: "100.00", description: "Pago tarjeta" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(transfer.status).toBe(201);
    await officialRate("USD", "2026-01-30", "3.700");
    await officialRate("USD", "2026-02-27", "3.750");

    const { status, json } = await call("/reports?from=2026-01&to=2026-02", { token });
    expect(status).toBe(200);
    expect(json.currency).toBe("PEN");
    expect(json.months).toEqual(["2026-01", "2026-02"]);
    // January: soles 1000 + 3000 - 200 = 3800; dollars 100 at 3.70 (published 30 Jan for 31 Jan) = 370; card 0.
    expect(json.netWorth[0]).toMatchObject({ month: "2026-01", day: "2026-01-31", assetsMinor: 380_000 + 37_000, debtsMinor: 0, netMinor: 417_000 });
    expect(json.netWorth[0].assets).toEqual([{ currency: "PEN", minor: 380_000 }, { currency: "USD", minor: 10_000 }]);
    // February: soles 3700, dollars 90 at 3.75 = 337.50, euros 5 with no rate (left out); card -150 + 100 = -50.
    expect(json.netWorth[1]).toMatchObject({ assetsMinor: 370_000 + 33_750, debtsMinor: -5_000, netMinor: 370_000 + 33_750 - 5_000 });
    expect(json.leftOut).toEqual([{ currency: "EUR", months: ["2026-02"] }]);
    expect(json.rates).toEqual([
      { month: "2026-01", currency: "USD", rate: "3.700", source: "bcrp", publishedOn: "2026-01-30" },
      { month: "2026-02", currency: "USD", rate: "3.750", source: "bcrp", publishedOn: "2026-02-27" },
    ]);
    // Cash flow leaves the transfer out.
    expect(json.cashFlow.map((m: { inMinor: number; outMinor: number }) => [m.inMinor, m.outMinor])).toEqual([
      [300_000, -20_000],
      [0, -15_000 - 3_750],
    ]);
    expect(json.cashFlow[1].in).toEqual([{ currency: "EUR", minor: 500 }]);
    const groceries = json.spending.find((s: { id: string }) => s.id === cat.groceries);
    expect(groceries).toMatchObject({ totalMinor: 35_000, byMonth: [20_000, 15_000] });
    expect(json.spending.find((s: { id: string }) => s.id === "none")).toMatchObject({ name: null, totalMinor: 3_750, native: [{ currency: "USD", minor: 1_000 }] });
    expect(json.topPayees.map((p: { payee: string; minor: number }) => [p.payee, p.minor])).toEqual([
      ["Wong", 20_000],
      ["Tottus", 15_000],
      ["Amazon", 3_750],
    ]);

    // The account filter keeps only the accounts named.
    const filtered = await call(`/reports?from=2026-01&to=2026-02&accounts=${card.id}`, { token });
    expect(filtered.json.netWorth.map((m: { netMinor: number }) => m.netMinor)).toEqual([0, -5_000]);
    expect(filtered.json.rates).toEqual([]);
  });

  it("converts totals as converted sums, not sums of rounded parts", async () => {
    const { token } = await signUp();
    const dollars = await createAccount(token, { name: "Dollars", currency: "USD", openingDate: "2026-01-01" });
    // One cent at 3.4 is 3.4 céntimos: each month rounds to 3, the two together (6.8) to 7.
    await addTransaction(token, dollars.id, { date: "2026-01-10", amount: "-0.01", payee: "Kiosko" });
    await addTransaction(token, dollars.id, { date: "2026-02-10", amount: "-0.01", payee: "Kiosko" });
    await officialRate("USD", "2026-01-31", "3.4");
    await officialRate("USD", "2026-02-28", "3.4");
    const { json } = await call("/reports?from=2026-01&to=2026-02", { token });
    const none = json.spending.find((s: { id: string }) => s.id === "none");
    expect(none.byMonth).toEqual([3, 3]);
    const rate = rateFraction("3.4");
    expect(none.totalMinor).toBe(convertSum([{ minor: 2, currency: "USD", rate }], "PEN"));
    expect(none.totalMinor).toBe(7);
    expect(json.topPayees[0]).toMatchObject({ payee: "Kiosko", minor: 7, native: [{ currency: "USD", minor: 2 }] });
  });

  it("ranks a payee over accounts, months and currencies, and at each month-end's rate read in the report's batch", async () => {
    const { token } = await signUp();
    const a = await createAccount(token, { name: "Soles A", openingDate: "2024-01-01" });
    const b = await createAccount(token, { name: "Soles B", openingDate: "2024-01-01" });
    const dollars = await createAccount(token, { name: "Dollars", currency: "USD", openingDate: "2024-01-01" });
    await addTransaction(token, a.id, { date: "2024-03-05", amount: "-10.00", payee: "Metro" });
    await addTransaction(token, a.id, { date: "2024-04-05", amount: "-20.00", payee: "Metro" });
    await addTransaction(token, b.id, { date: "2024-04-06", amount: "-5.00", payee: "Metro" });
    await addTransaction(token, dollars.id, { date: "2024-03-10", amount: "-1.00", payee: "Metro" });
    await addTransaction(token, dollars.id, { date: "2024-04-10", amount: "-2.00", payee: "Metro" });
    // 31 March 2024 is a Sunday: March converts at Friday the 29th's rate, and says so.
    await officialRate("USD", "2024-03-29", "3.7");
    await officialRate("USD", "2024-04-30", "3.8");
    const dollarsInSoles = convertSum([{ minor: 100, currency: "USD", rate: rateFraction("3.7") }, { minor: 200, currency: "USD", rate: rateFraction("3.8") }], "PEN");
    expect(dollarsInSoles).toBe(1130);
    const all = (await call("/reports?from=2024-03&to=2024-04", { token })).json;
    expect(all.topPayees).toEqual([{ payee: "Metro", minor: 3500 + dollarsInSoles, count: 5, native: [{ currency: "PEN", minor: 3500 }, { currency: "USD", minor: 300 }] }]);
    expect(all.rates).toEqual([
      { month: "2024-03", currency: "USD", rate: "3.7", source: "bcrp", publishedOn: "2024-03-29" },
      { month: "2024-04", currency: "USD", rate: "3.8", source: "bcrp", publishedOn: "2024-04-30" },
    ]);
    const some = (await call(`/reports?from=2024-03&to=2024-04&accounts=${a.id},${dollars.id}`, { token })).json;
    expect(some.topPayees).toEqual([{ payee: "Metro", minor: 3000 + dollarsInSoles, count: 4, native: [{ currency: "PEN", minor: 3000 }, { currency: "USD", minor: 300 }] }]);
  });

  it("counts the opening balance from a movement dated before the opening day, as the account's balance does", async () => {
    const { token } = await signUp();
    const cash = await createAccount(token, { name: "Efectivo", type: "cash", openingBalance: "150.00", openingDate: "2026-03-01" });
    await addTransaction(token, cash.id, { date: "2026-02-10", description: "Menú", amount: "-15.00" });
    const netOf = async (from: string, to: string) => ((await call(`/reports?from=${from}&to=${to}`, { token })).json.netWorth as Array<{ month: string; netMinor: number }>).map((m) => [m.month, m.netMinor]);
    // Before its first movement the account had not begun; from then on, opening − expense (S/ 135), not −S/ 15.
    expect(await netOf("2026-01", "2026-03")).toEqual([["2026-01", 0], ["2026-02", 13_500], ["2026-03", 13_500]]);
    // The same when the movement lies before the report's first month.
    expect(await netOf("2026-03", "2026-04")).toEqual([["2026-03", 13_500], ["2026-04", 13_500]]);
    // …which is the account's own balance.
    expect((await call(`/accounts/${cash.id}`, { token })).json.account.balanceMinor).toBe(13_500);
  });

  it("uses the user's own rate over the official one and says so", async () => {
    const { token, user } = await signUp();
    const dollars = await createAccount(token, { name: "Dollars", currency: "USD", openingBalance: "10.00", openingDate: "2026-01-01" });
    await officialRate("USD", "2026-01-30", "3.700");
    await env.DB.prepare("INSERT INTO user_rates (id, user_id, currency, quote, from_day, to_day, rate, created_at, updated_at) VALUES (?1, ?2, 'USD', 'PEN', '2026-01-01', NULL, '3.65', 1, 1)")
      .bind(crypto.randomUUID(), user.id)
      .run();
    const { json } = await call(`/reports?from=2026-01&to=2026-01&accounts=${dollars.id}`, { token });
    expect(json.netWorth[0].netMinor).toBe(3_650);
    expect(json.rates).toEqual([{ month: "2026-01", currency: "USD", rate: "3.65", source: "user", publishedOn: "2026-01-01" }]);
  });

  it("refuses a bad period or account list with a message per field, in the user's language", async () => {
    const { token } = await signUp();
    const bad = await call("/reports?from=2026-13&to=2026-01", { token, headers: ES });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ from: ["Usa un mes como AAAA-MM."] });
    const backwards = await call("/reports?from=2026-05&to=2026-01", { token });
    expect(backwards.json.errors).toEqual({ to: ["The last month comes after the first."] });
    const long = await call("/reports?from=2000-01&to=2026-01", { token });
    expect(long.json.errors).toEqual({ from: ["Choose at most 120 months."] });
    const accounts = await call("/reports?accounts=nope", { token });
    expect(accounts.json.errors).toEqual({ accounts: ["Choose accounts from your list."] });
    const fine = await call("/reports?to=2026-06", { token });
    expect(fine.json.months).toHaveLength(12);
    expect(fine.json.from).toBe("2025-07");
  });

  it("shows nothing of another user's accounts", async () => {
    const owner = await signUp();
    const other = await signUp();
    const account = await createAccount(owner.token, { openingBalance: "50.00", openingDate: "2026-01-01" });
    const { json } = await call(`/reports?from=2026-01&to=2026-01&accounts=${account.id}`, { token: other.token });
    expect(json.netWorth[0].netMinor).toBe(0);
    expect(json.accounts).toEqual([]);
  });
});
