import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { convertSum, rateFraction } from "../../core/exchange";
import { fixtureProvider } from "../../workers/api/src/rates/fixture-provider";
import { refreshOfficialRates } from "../../workers/api/src/rates/refresh";
import { call, signUp } from "./helpers";
import { createAccount } from "./ledger-helpers";

beforeAll(async () => {
  // The recorded BCRP answer, as the cron stores it: USD sell 3.745 and EUR sell 4.470 on Friday 27 Nov 2026.
  await refreshOfficialRates(env, Date.parse("2026-11-28T20:00:00Z"), fixtureProvider());
});

const OVERVIEW = "/overview?from=2026-11-01&to=2026-11-30&include=accounts,networth";

describe("a user's own rates", () => {
  it("adds, lists and removes one; a retry with the same Idempotency-Key adds it once", async () => {
    const { token } = await signUp();
    const body = { currency: "usd", from: "2026-11-01", to: "2026-11-30", rate: "3,71", note: "Casa de cambio Miraflores" };
    const first = await call("/rates/own", { token, body, headers: { "Idempotency-Key": "own-rate-1" } });
    expect(first.status).toBe(201);
    expect(first.json.rate).toMatchObject({ currency: "USD", quote: "PEN", from: "2026-11-01", to: "2026-11-30", rate: "3.71", note: "Casa de cambio Miraflores" });
    const again = await call("/rates/own", { token, body, headers: { "Idempotency-Key": "own-rate-1" } });
    expect(again.status).toBe(201);
    expect(again.json.rate.id).toBe(first.json.rate.id);
    const listed = await call("/rates", { token });
    expect(listed.status).toBe(200);
    expect(listed.json.own).toHaveLength(1);
    expect(listed.json.reportingCurrency).toBe("PEN");
    expect(listed.json.official).toEqual([
      { source: "bcrp", currency: "EUR", day: "2026-11-27", buy: "4.298", sell: "4.470" },
      { source: "bcrp", currency: "USD", day: "2026-11-27", buy: "3.741", sell: "3.745" },
    ]);
    expect((await call(`/rates/own/${first.json.rate.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await call(`/rates/own/${first.json.rate.id}`, { method: "DELETE", token })).status).toBe(404);
    expect((await call("/rates", { token })).json.own).toEqual([]);
  });

  it("refuses bad input with a message per field in the user's language, and saves nothing", async () => {
    const { token, user } = await signUp();
    const bad = await call("/rates/own", { token, body: { currency: "USD", quote: "usd", from: "2026-11-30", to: "2026-11-01", rate: "3.7.1", note: "x".repeat(141) }, headers: { "Accept-Language": "es" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["note", "quote", "rate", "to"]);
    expect(bad.json.errors.rate[0]).toMatch(/tipo de cambio/i);
    const range = await call("/rates/own", { token, body: { currency: "USD", from: "2026-11-30", to: "2026-11-01", rate: "3.71" } });
    expect(range.status).toBe(422);
    expect(Object.keys(range.json.errors)).toEqual(["to"]);
    for (const rate of ["0", "0.000", "-3.7", "abc", "1e3", ""]) expect((await call("/rates/own", { token, body: { currency: "USD", from: "2026-11-01", rate } })).status, rate).toBe(422);
    expect((await call("/rates/own", { token, body: { currency: "US$", from: "2026-11-01", rate: "3.7" } })).status).toBe(422);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_rates WHERE user_id = ?1").bind(user.id).first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("refuses a second rate for the same pair from the same day, either way round, and keeps the first", async () => {
    const { token, user } = await signUp();
    expect((await call("/rates/own", { token, body: { currency: "USD", from: "2026-11-01", rate: "3.70" } })).status).toBe(201);
    // Two rates from one day tie: the later one used to win in every sum without a word (session 35's tester).
    const same = await call("/rates/own", { token, body: { currency: "USD", from: "2026-11-01", rate: "3.80" }, headers: { "Accept-Language": "es" } });
    expect(same.status).toBe(422);
    expect(same.json.errors).toEqual({ from: ["Ya tienes un tipo de cambio USD/PEN desde ese día: quítalo primero o elige otro día."] });
    const inverse = await call("/rates/own", { token, body: { currency: "PEN", quote: "USD", from: "2026-11-01", rate: "0.27" } });
    expect(inverse.json.errors).toEqual({ from: ["You already have a PEN/USD rate from that day: remove it first, or choose another day."] });
    // Another day, or another pair, is a rate of its own.
    expect((await call("/rates/own", { token, body: { currency: "USD", from: "2026-11-15", rate: "3.80" } })).status).toBe(201);
    expect((await call("/rates/own", { token, body: { currency: "EUR", from: "2026-11-01", rate: "4.40" } })).status).toBe(201);
    const rows = await env.DB.prepare("SELECT currency, from_day, rate FROM user_rates WHERE user_id = ?1 ORDER BY currency, from_day").bind(user.id).all();
    expect(rows.results).toEqual([
      { currency: "EUR", from_day: "2026-11-01", rate: "4.40" },
      { currency: "USD", from_day: "2026-11-01", rate: "3.70" },
      { currency: "USD", from_day: "2026-11-15", rate: "3.80" },
    ]);
  });

  it("is another user's 404, like an unknown id", async () => {
    const a = await signUp();
    const b = await signUp();
    const mine = await call("/rates/own", { token: a.token, body: { currency: "USD", from: "2026-11-01", rate: "3.70" } });
    expect((await call(`/rates/own/${mine.json.rate.id}`, { method: "DELETE", token: b.token })).status).toBe(404);
    expect((await call("/rates", { token: b.token })).json.own).toEqual([]);
    expect((await call("/rates", { token: a.token })).json.own).toHaveLength(1);
  });
});

describe("net worth on the overview", () => {
  it("converts each currency's balance at the newest BCRP sell rate, debts apart, summed exactly and rounded once", async () => {
    const { token } = await signUp();
    await createAccount(token, { name: "BCP Soles", openingBalance: "1000.00" });
    await createAccount(token, { name: "Interbank Dólares", currency: "USD", openingBalance: "333.33" });
    await createAccount(token, { name: "Ahorro Dólares", currency: "USD", openingBalance: "0.01" });
    await createAccount(token, { name: "Visa", type: "credit_card", openingBalance: "-250.50" });
    await createAccount(token, { name: "Euros", currency: "EUR", openingBalance: "10.00" });
    const { status, json } = await call(OVERVIEW, { token });
    expect(status).toBe(200);
    // The per-currency balances are still there, beside it.
    expect(json.accountTotals.map((t: { currency: string }) => t.currency)).toEqual(["PEN", "USD", "EUR"]);
    const usd = rateFraction("3.745");
    const eur = rateFraction("4.470");
    const one = rateFraction("1");
    const expected = convertSum(
      [
        { minor: 100_000 - 25_050, currency: "PEN", rate: one },
        { minor: 33_334, currency: "USD", rate: usd },
        { minor: 1_000, currency: "EUR", rate: eur },
      ],
      "PEN",
    );
    expect(json.netWorth).toEqual({
      currency: "PEN",
      asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      netMinor: expected,
      assetsMinor: 100_000 + 124_836 + 4_470,
      debtsMinor: -25_050,
      rates: [
        { currency: "USD", rate: "3.745", source: "bcrp", day: "2026-11-27" },
        { currency: "EUR", rate: "4.470", source: "bcrp", day: "2026-11-27" },
      ],
      unconverted: [],
    });
    // 333.34 × 3.745 = 1248.3583: one rounding of the whole, not one per account (333.33 and 0.01 rounded apart give 1248.35 + 0.04).
    expect(expected).toBe(100_000 - 25_050 + 124_836 + 4_470);
  });

  it("uses the user's own rate where it holds, names a currency without a rate and leaves it out, and follows the reporting currency", async () => {
    const { token } = await signUp();
    await createAccount(token, { name: "Soles", openingBalance: "371.00" });
    await createAccount(token, { name: "Dólares", currency: "USD", openingBalance: "100.00" });
    await createAccount(token, { name: "Libras", currency: "GBP", openingBalance: "50.00" });
    expect((await call("/rates/own", { token, body: { currency: "USD", from: "2026-01-01", rate: "3.71", note: "Kambista" } })).status).toBe(201);
    const own = (await call(OVERVIEW, { token })).json.netWorth;
    expect(own.netMinor).toBe(37_100 + 37_100);
    expect(own.rates).toEqual([{ currency: "USD", rate: "3.71", source: "user", day: "2026-01-01" }]);
    expect(own.unconverted).toEqual([{ currency: "GBP", balanceMinor: 5_000 }]);

    const set = await call("/rates/reporting-currency", { method: "PUT", token, body: { currency: "USD" } });
    expect(set.status).toBe(200);
    const inDollars = (await call(OVERVIEW, { token })).json.netWorth;
    expect(inDollars.currency).toBe("USD");
    // Soles to dollars through the user's own USD/PEN rate, inverted: 371.00 / 3.71 = 100.00.
    expect(inDollars.netMinor).toBe(10_000 + 10_000);
    expect(inDollars.rates).toEqual([{ currency: "PEN", rate: "3.71", source: "user", day: "2026-01-01" }]);
    expect((await call("/rates/reporting-currency", { method: "PUT", token, body: { currency: "dollars" } })).status).toBe(422);
  });

  it("is not in the answer unless asked for", async () => {
    const { token } = await signUp();
    const { json } = await call("/overview?from=2026-11-01&to=2026-11-30&include=accounts", { token });
    expect(json.netWorth).toBeUndefined();
    expect((await call("/overview?from=2026-11-01&to=2026-11-30&include=networth,bogus", { token })).status).toBe(422);
  });
});

describe("transfers between currencies beside BCRP's rate", () => {
  it("answers a page's transfers in one call: the rate got, BCRP's of the day (or the last before it), and the difference in soles", async () => {
    const { token } = await signUp();
    const dollars = await createAccount(token, { name: "Dólares", currency: "USD", openingBalance: "1000.00" });
    const soles = await createAccount(token, { name: "Soles" });
    const other = await createAccount(token, { name: "Otra cuenta" });
    // Saturday 28 Nov: BCRP's rate is Friday's, 3.745. US$ 500.00 → S/ 1,855.00 is 3.71: S/ 17.50 less.
    const sold = await call("/transfers", { token, body: { fromAccountId: dollars.id, toAccountId: soles.id, amount: "500.00", toAmount: "1855.00", date: "2026-11-28" } });
    expect(sold.status).toBe(201);
    // S/ 375.00 → US$ 100.00 on the 27th: paid 3.75 where BCRP says 3.745, S/ 0.50 more than at BCRP's rate.
    const bought = await call("/transfers", { token, body: { fromAccountId: soles.id, toAccountId: dollars.id, amount: "375.00", toAmount: "100.00", date: "2026-11-27" } });
    const same = await call("/transfers", { token, body: { fromAccountId: soles.id, toAccountId: other.id, amount: "5.00", date: "2026-11-27" } });
    const stranger = await signUp();
    const ids = [sold.json.transferId, bought.json.transferId, same.json.transferId].join(",");
    const { status, json } = await call(`/rates/transfers?ids=${ids}`, { token });
    expect(status).toBe(200);
    const byId = new Map(json.transfers.map((t: { transferId: string }) => [t.transferId, t]));
    expect(byId.size).toBe(2);
    expect(byId.get(sold.json.transferId)).toEqual({
      transferId: sold.json.transferId,
      date: "2026-11-28",
      base: { currency: "USD", minor: 50_000 },
      quote: { currency: "PEN", minor: 185_500 },
      sentBase: true,
      effective: "3.71",
      official: { rate: "3.745", day: "2026-11-27" },
      differenceMinor: -1_750,
    });
    expect(byId.get(bought.json.transferId)).toMatchObject({ sentBase: false, effective: "3.75", official: { rate: "3.745", day: "2026-11-27" }, differenceMinor: -50 });
    // Another user's ids answer nothing of them.
    expect((await call(`/rates/transfers?ids=${ids}`, { token: stranger.token })).json.transfers).toEqual([]);
    expect((await call("/rates/transfers?ids=not-an-id", { token })).status).toBe(422);
  });
});
