import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { addTransaction, allPages, createAccount } from "./ledger-helpers";

/**
 * The search index walks matches by (day, seq) and the list orders them by (date, id)
 * (migration 0005, list.ts searchPageStatement). These tests store rows whose seq order is the
 * reverse of their id order on the same day, so a page boundary inside that day would show any
 * row the search took in the index's order instead of the list's.
 */

interface Row {
  id: string;
  date: string;
  description: string;
  amountMinor: number;
}

const OPENING = 50000;
let token: string;
let accountId: string;
let otherId: string;
let rows: Row[] = [];

const byDateId = (a: Row, b: Row) => (a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1);

/** Rows stored straight into D1, newest id first: seq grows while id shrinks. */
async function storeReversed(date: string, count: number, description: (k: number) => string, idPrefix: string): Promise<void> {
  const owner = await env.DB.prepare("SELECT user_id FROM accounts WHERE id = ?1").bind(accountId).first<{ user_id: string }>();
  const now = Date.now();
  for (let k = 0; k < count; k++) {
    const id = `${idPrefix}${String(count - k).padStart(7, "0")}-0000-7000-8000-000000000000`;
    const amount = (k % 2 ? 1 : -1) * (1000 + k * 37);
    await env.DB.prepare("INSERT INTO transactions (id, account_id, user_id, date, description, amount, status, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'posted', ?7, ?7)")
      .bind(id, accountId, owner!.user_id, date, description(k), amount, now)
      .run();
    rows.push({ id, date, description: description(k), amountMinor: amount });
  }
}

async function add(date: string, description: string, amountMinor: number): Promise<Row> {
  const tx = await addTransaction(token, accountId, { date, description, amount: (amountMinor / 100).toFixed(2) });
  const row = { id: tx.id as string, date, description, amountMinor };
  rows.push(row);
  return row;
}

function runningBalances(): Map<string, number> {
  const map = new Map<string, number>();
  let balance = OPENING;
  for (const row of [...rows].sort(byDateId)) map.set(row.id, (balance += row.amountMinor));
  return map;
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const matches = (word: string) => (row: Row) => fold(row.description).split(/[^\p{L}\p{N}]+/u).some((token) => token.startsWith(word));

async function expectSearch(q: string, extra: Record<string, string> = {}, keep: (row: Row) => boolean = matches(q)) {
  const running = runningBalances();
  for (const order of ["desc", "asc"] as const) {
    const expected = rows.filter(keep).sort(byDateId);
    if (order === "desc") expected.reverse();
    const result = await allPages(token, accountId, { q, order, limit: "4", ...extra });
    expect(result.rows.map((r) => r.id), `${q} ${order}`).toEqual(expected.map((r) => r.id));
    for (const row of result.rows) expect(row.runningBalanceMinor, row.id).toBe(running.get(row.id));
    expect(result.totals.count).toBe(expected.length);
  }
}

beforeAll(async () => {
  ({ token } = await signUp());
  accountId = (await createAccount(token, { openingBalance: (OPENING / 100).toFixed(2) })).id;
  otherId = (await createAccount(token, { name: "Other" })).id;
  // Another account's matches on the same days must never show up or move a page boundary.
  for (const day of ["2026-09-30", "2026-10-05", "2026-10-06"]) await addTransaction(token, otherId, { date: day, description: "Wong other account", amount: "-1.00" });
  await add("2026-09-30", "Wong Benavides", -4550);
  await add("2026-10-04", "Plaza Vea", -2000);
  await storeReversed("2026-10-05", 9, (k) => (k % 3 === 2 ? "Tambo" : `Wong ${k}`), "b");
  await add("2026-10-05", "Wong San Isidro", -1200);
  await add("2026-10-06", "Wongo's", 800);
  await storeReversed("1969-12-31", 3, (k) => `Wong vintage ${k}`, "a");
});

describe("text search in list order", () => {
  it("pages a day whose rows were stored out of id order in (date, id) order, both ways, with exact running balances", async () => {
    await expectSearch("wong");
    await expectSearch("won");
    await expectSearch("wong", { from: "2026-10-05", to: "2026-10-05" }, (r) => matches("wong")(r) && r.date === "2026-10-05");
    await expectSearch("wong", { max: "-12" }, (r) => matches("wong")(r) && r.amountMinor <= -1200);
  });

  it("does not match the account id the index keys rows by", async () => {
    const fragment = accountId.replace(/-/g, "").slice(0, 8);
    const result = await call(`/accounts/${accountId}/transactions?q=${fragment}`, { token });
    expect(result.status).toBe(200);
    expect(result.json.transactions).toEqual([]);
    expect(result.json.totals.count).toBe(0);
  });

  it("follows edits of text and date, deletes, and a row moved to another account", async () => {
    const tambo = rows.find((r) => r.description === "Tambo")!;
    expect((await call(`/transactions/${tambo.id}`, { method: "PATCH", token, body: { description: "Wong Express" } })).status).toBe(200);
    tambo.description = "Wong Express";
    const plaza = rows.find((r) => r.description === "Plaza Vea")!;
    expect((await call(`/transactions/${plaza.id}`, { method: "PATCH", token, body: { date: "2026-10-05" } })).status).toBe(200);
    plaza.date = "2026-10-05";
    const moved = rows.find((r) => r.description === "Wong 0")!;
    expect((await call(`/transactions/${moved.id}`, { method: "PATCH", token, body: { date: "2026-10-07", description: "Plaza Wong" } })).status).toBe(200);
    Object.assign(moved, { date: "2026-10-07", description: "Plaza Wong" });
    const gone = rows.find((r) => r.description === "Wong 1")!;
    expect((await call(`/transactions/${gone.id}`, { method: "DELETE", token })).status).toBe(200);
    rows = rows.filter((r) => r !== gone);
    await expectSearch("wong");
    await expectSearch("plaza");
    await expectSearch("tambo");
    expect(rows.filter(matches("tambo"))).toHaveLength(2);

    // No route moves a row between accounts; the index's trigger follows one all the same.
    const vintage = rows.find((r) => r.description === "Wong vintage 0")!;
    await env.DB.prepare("UPDATE transactions SET account_id = ?1 WHERE id = ?2").bind(otherId, vintage.id).run();
    rows = rows.filter((r) => r !== vintage);
    const there = await allPages(token, otherId, { q: "vintage" });
    expect(there.rows.map((r) => r.id)).toEqual([vintage.id]);
    await expectSearch("vintage");
  });

  it("sorts a search by amount from the same index", async () => {
    const result = await allPages(token, accountId, { q: "wong", sort: "amount", order: "asc", limit: "3" });
    const expected = rows.filter(matches("wong")).sort((a, b) => (a.amountMinor === b.amountMinor ? (a.id < b.id ? -1 : 1) : a.amountMinor - b.amountMinor));
    expect(result.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });
});
