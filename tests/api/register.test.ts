/** GET /transactions, the register across accounts (ADR 054), and the magnitude filter and amount search it shares with an account's list. */
import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { addTransaction, createAccount } from "./ledger-helpers";

type Row = { id: string; description: string; amountMinor: number; currency: string; accountId: string };

async function register(token: string, query: Record<string, string> = {}) {
  const result = await call(`/transactions?${new URLSearchParams(query)}`, { token });
  return result as { status: number; json: { transactions: Row[]; count: number; totals: Array<{ currency: string; count: number; inMinor: number; outMinor: number }>; nextCursor: string | null; prevCursor: string | null; hasPrevious: boolean } };
}

async function week() {
  const user = await signUp();
  const { token } = user;
  const bcp = await createAccount(token, { name: "BCP", currency: "PEN" });
  const bbva = await createAccount(token, { name: "BBVA", currency: "USD" });
  const yen = await createAccount(token, { name: "Tokyo", currency: "JPY" });
  await addTransaction(token, bcp.id, { date: "2026-11-01", description: "Sueldo", amount: "4500.00" });
  await addTransaction(token, bcp.id, { date: "2026-11-03", description: "Plaza Vea", amount: "-186.40" });
  await addTransaction(token, bcp.id, { date: "2026-11-04", description: "Menú", amount: "-20.77", notes: "almuerzo" });
  await addTransaction(token, bbva.id, { date: "2026-11-05", description: "Reembolso", amount: "20.77" });
  await addTransaction(token, bbva.id, { date: "2026-11-06", description: "Amazon", amount: "-120.00", payee: "Amazon US" });
  await addTransaction(token, yen.id, { date: "2026-11-07", description: "Ramen", amount: "-2077" });
  await addTransaction(token, bcp.id, { date: "2026-11-08", description: "Luz del Sur", amount: "-132.70" });
  return { token, bcp, bbva, yen };
}

const names = (rows: Row[]) => rows.map((row) => row.description);

describe("GET /transactions: the register across accounts", () => {
  it("lists the user's rows of every account, newest first, with a count and totals per currency (never summed across them)", async () => {
    const { token } = await week();
    const { status, json } = await register(token);
    expect(status).toBe(200);
    expect(names(json.transactions)).toEqual(["Luz del Sur", "Ramen", "Amazon", "Reembolso", "Menú", "Plaza Vea", "Sueldo"]);
    expect(json.count).toBe(7);
    expect(json.totals).toEqual([
      expect.objectContaining({ currency: "PEN", count: 4, inMinor: 450000, outMinor: -33987 }),
      expect.objectContaining({ currency: "USD", count: 2, inMinor: 2077, outMinor: -12000 }),
      expect.objectContaining({ currency: "JPY", count: 1, inMinor: 0, outMinor: -2077 }),
    ]);
  });

  it("shows no one else's rows, and answers 404 for another user's account as for an unknown one", async () => {
    const owner = await week();
    const stranger = await signUp();
    const theirs = await register(stranger.token);
    expect(theirs.status).toBe(200);
    expect(theirs.json.transactions).toEqual([]);
    expect(theirs.json.count).toBe(0);
    expect((await register(stranger.token, { q: "sueldo" })).json.transactions).toEqual([]);
    expect((await register(stranger.token, { q: "20.77" })).json.transactions).toEqual([]);
    for (const accountId of [owner.bcp.id, "00000000-0000-4000-8000-000000000099"]) {
      const other = await register(stranger.token, { accountId });
      expect(other.status).toBe(404);
      expect(JSON.stringify(other.json)).not.toContain("Sueldo");
    }
    expect((await call("/transactions", {})).status).toBe(401);
  });

  it("keeps one account when asked", async () => {
    const { token, bbva } = await week();
    const { json } = await register(token, { accountId: bbva.id });
    expect(names(json.transactions)).toEqual(["Amazon", "Reembolso"]);
    expect(json.count).toBe(2);
    expect((await register(token, { accountId: bbva.id, q: "amazon" })).json.transactions.map((r) => r.description)).toEqual(["Amazon"]);
  });

  it("finds amounts: 20.77, 20,77 and S/ 20.77 find money in and out of that size in any currency that can hold it", async () => {
    const { token } = await week();
    for (const q of ["20.77", "20,77", "S/ 20.77", "-20.77", "US$ 20.77"]) {
      const { status, json } = await register(token, { q });
      expect(status, q).toBe(200);
      // Not the ¥2,077 (yen have no decimals), and the count agrees with the rows.
      expect(names(json.transactions), q).toEqual(["Reembolso", "Menú"]);
      expect(json.count, q).toBe(2);
    }
    // Text is still searched: description, payee and notes.
    expect(names((await register(token, { q: "almuerzo" })).json.transactions)).toEqual(["Menú"]);
    expect(names((await register(token, { q: "amazon us" })).json.transactions)).toEqual(["Amazon"]);
    expect(names((await register(token, { q: "2077" })).json.transactions)).toEqual(["Ramen"]);
  });

  it("filters on the amount's size, with money in or out chosen apart", async () => {
    const { token } = await week();
    expect(names((await register(token, { min: "100", max: "500" })).json.transactions)).toEqual(["Luz del Sur", "Amazon", "Plaza Vea"]);
    expect(names((await register(token, { min: "100", max: "500", direction: "out" })).json.transactions)).toEqual(["Luz del Sur", "Amazon", "Plaza Vea"]);
    expect(names((await register(token, { min: "100", max: "500", direction: "in" })).json.transactions)).toEqual([]);
    expect(names((await register(token, { direction: "in" })).json.transactions)).toEqual(["Reembolso", "Sueldo"]);
    const out = await register(token, { direction: "out", min: "100" });
    expect(out.json.count).toBe(4);
    expect(out.json.totals.map((t) => [t.currency, t.count])).toEqual([["PEN", 2], ["USD", 1], ["JPY", 1]]);
    const bad = await register(token, { direction: "sideways", min: "5", max: "1" });
    expect(bad.status).toBe(422);
  });

  it("pages with cursors both ways, the count staying that of the whole set", async () => {
    const { token } = await week();
    const first = await register(token, { limit: "3" });
    expect(first.json.count).toBe(7);
    expect(first.json.nextCursor).not.toBeNull();
    const second = await register(token, { limit: "3", cursor: first.json.nextCursor! });
    expect(second.json.hasPrevious).toBe(true);
    expect(second.json.count).toBe(7);
    const third = await register(token, { limit: "3", cursor: second.json.nextCursor! });
    expect(third.json.nextCursor).toBeNull();
    const all = [...first.json.transactions, ...second.json.transactions, ...third.json.transactions].map((r) => r.id);
    expect(new Set(all).size).toBe(7);
    const back = await register(token, { limit: "3", cursor: third.json.prevCursor! });
    expect(back.json.transactions.map((r) => r.id)).toEqual(second.json.transactions.map((r) => r.id));
    // A cursor of other filters does not fit.
    expect((await register(token, { limit: "3", q: "sueldo", cursor: first.json.nextCursor! })).status).toBe(422);
  });
});

describe("an account's list: amount search and magnitude filter", () => {
  it("finds 20.77 and 20,77 by amount, filters on size with a direction, and its totals count them", async () => {
    const { token, bcp } = await week();
    const list = (query: Record<string, string>) => call(`/accounts/${bcp.id}/transactions?${new URLSearchParams(query)}`, { token });
    for (const q of ["20.77", "20,77", "S/ 20.77"]) {
      const { status, json } = await list({ q });
      expect(status, q).toBe(200);
      expect(names(json.transactions), q).toEqual(["Menú"]);
      expect(json.totals.count, q).toBe(1);
    }
    const sized = await list({ min: "100", max: "500" });
    expect(names(sized.json.transactions)).toEqual(["Luz del Sur", "Plaza Vea"]);
    expect(sized.json.totals.count).toBe(2);
    expect(names((await list({ min: "100", direction: "in" })).json.transactions)).toEqual(["Sueldo"]);
    // A signed bound keeps its older meaning: the amount itself.
    expect(names((await list({ min: "-150", max: "-0.01" })).json.transactions)).toEqual(["Luz del Sur", "Menú"]);
  });
});
