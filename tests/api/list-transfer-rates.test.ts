import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fixtureProvider } from "../../workers/api/src/rates/fixture-provider";
import { refreshOfficialRates } from "../../workers/api/src/rates/refresh";
import { call, signUp } from "./helpers";
import { createAccount } from "./ledger-helpers";

beforeAll(async () => {
  // The recorded BCRP answer, as the cron stores it: USD sell 3.745 on Friday 27 Nov 2026.
  await refreshOfficialRates(env, Date.parse("2026-11-28T20:00:00Z"), fixtureProvider());
});

describe("GET /accounts/{id}/transactions?include=transferRates", () => {
  it("answers the page's transfers between currencies beside BCRP's rate, in the same call as the rows and other includes", async () => {
    const { token } = await signUp();
    const dollars = await createAccount(token, { name: "Dólares", currency: "USD", openingBalance: "1000.00" });
    const soles = await createAccount(token, { name: "Soles" });
    const other = await createAccount(token, { name: "Otra cuenta" });
    // US$ 500.00 → S/ 1,855.00 on Saturday the 28th is 3.71; BCRP's is Friday's 3.745: S/ 17.50 less.
    const sold = await call("/transfers", { token, body: { fromAccountId: dollars.id, toAccountId: soles.id, amount: "500.00", toAmount: "1855.00", date: "2026-11-28" } });
    expect(sold.status).toBe(201);
    const same = await call("/transfers", { token, body: { fromAccountId: soles.id, toAccountId: other.id, amount: "5.00", date: "2026-11-27" } });
    expect(same.status).toBe(201);

    const list = await call(`/accounts/${soles.id}/transactions?include=accounts,categories,imports,upcoming,transferRates`, { token });
    expect(list.status).toBe(200);
    expect(list.json.transactions).toHaveLength(2);
    // The other includes are still answered in their places.
    expect(list.json.accounts.map((a: { name: string }) => a.name).sort()).toEqual(["Dólares", "Otra cuenta", "Soles"]);
    expect(list.json.categories.length).toBeGreaterThan(0);
    expect(list.json.imports).toEqual([]);
    // Only the transfer between currencies, not the one between two soles accounts.
    expect(list.json.transferRates).toEqual([
      {
        transferId: sold.json.transferId,
        date: "2026-11-28",
        base: { currency: "USD", minor: 50_000 },
        quote: { currency: "PEN", minor: 185_500 },
        sentBase: true,
        effective: "3.71",
        official: { rate: "3.745", day: "2026-11-27" },
        differenceMinor: -1_750,
      },
    ]);
    // The dollars side answers the same transfer.
    const fromDollars = await call(`/accounts/${dollars.id}/transactions?include=transferRates`, { token });
    expect(fromDollars.json.transferRates.map((r: { transferId: string; differenceMinor: number }) => [r.transferId, r.differenceMinor])).toEqual([[sold.json.transferId, -1_750]]);
    // Without the token, no key; an account without such transfers, an empty list.
    expect((await call(`/accounts/${soles.id}/transactions`, { token })).json.transferRates).toBeUndefined();
    expect((await call(`/accounts/${other.id}/transactions?include=transferRates`, { token })).json.transferRates).toEqual([]);
    // A filtered list that needs the account first (amount bounds) answers them too.
    const bounded = await call(`/accounts/${soles.id}/transactions?min=100&include=transferRates`, { token });
    expect(bounded.status).toBe(200);
    expect(bounded.json.transferRates.map((r: { transferId: string }) => r.transferId)).toEqual([sold.json.transferId]);
    expect((await call(`/accounts/${soles.id}/transactions?include=transferRates,bogus`, { token })).status).toBe(422);
  });

  it("tells nothing of another user's account", async () => {
    const { token } = await signUp();
    const soles = await createAccount(token, { name: "Soles" });
    const stranger = await signUp();
    expect((await call(`/accounts/${soles.id}/transactions?include=transferRates`, { token: stranger.token })).status).toBe(404);
  });
});
