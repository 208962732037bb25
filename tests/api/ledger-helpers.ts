import { env } from "cloudflare:test";
import { expect } from "vitest";
import { call } from "./helpers";

export async function createAccount(token: string, body: Record<string, unknown> = {}) {
  const result = await call("/accounts", { token, body: { name: "BCP Soles", type: "checking", currency: "PEN", ...body } });
  if (result.status !== 201) throw new Error(`account: ${result.status} ${JSON.stringify(result.json)}`);
  return result.json.account as { id: string; currency: string; balanceMinor: number; openingBalanceMinor: number };
}

export async function addTransaction(token: string, accountId: string, body: Record<string, unknown> = {}) {
  const result = await call(`/accounts/${accountId}/transactions`, { token, body: { date: "2026-11-20", description: "Wong", amount: "-10.00", ...body } });
  if (result.status !== 201) throw new Error(`transaction: ${result.status} ${JSON.stringify(result.json)}`);
  return result.json.transaction as { id: string; amountMinor: number; transferId: string | null };
}

/** The balance as the API reports it, checked against the definition: opening + sum of amounts. */
export async function expectExactBalance(token: string, accountId: string): Promise<number> {
  const { json } = await call(`/accounts/${accountId}`, { token });
  const sums = await env.DB.prepare("SELECT a.opening_balance AS opening, COALESCE((SELECT SUM(amount) FROM transactions WHERE account_id = a.id), 0) AS total, (SELECT COUNT(*) FROM transactions WHERE account_id = a.id) AS n FROM accounts a WHERE a.id = ?1")
    .bind(accountId)
    .first<{ opening: number; total: number; n: number }>();
  expect(json.account.balanceMinor).toBe(sums!.opening + sums!.total);
  expect(json.account.transactionCount).toBe(sums!.n);
  return json.account.balanceMinor;
}

/** One page of a listing as `allPages` met it: the cursor it was asked with and what it answered. */
export interface ListedPage {
  cursor: string | null;
  ids: string[];
  running: Array<number | null>;
  hasPrevious: boolean;
  prevCursor: string | null;
}

/** Every page of a listing, following nextCursor. */
export async function allPages(token: string, accountId: string, query: Record<string, string> = {}) {
  const rows: Array<Record<string, any>> = []; // eslint-disable-line @typescript-eslint/no-explicit-any -- test data
  const pageList: ListedPage[] = [];
  let cursor: string | null = null;
  let pages = 0;
  let totals: Record<string, number>;
  do {
    const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const result = await call(`/accounts/${accountId}/transactions?${params}`, { token });
    if (result.status !== 200) throw new Error(`list: ${result.status} ${JSON.stringify(result.json)}`);
    rows.push(...result.json.transactions);
    pageList.push({
      cursor,
      ids: result.json.transactions.map((row: { id: string }) => row.id),
      running: result.json.transactions.map((row: { runningBalanceMinor: number | null }) => row.runningBalanceMinor),
      hasPrevious: result.json.hasPrevious,
      prevCursor: result.json.prevCursor,
    });
    totals = result.json.totals;
    cursor = result.json.nextCursor;
    pages += 1;
    if (pages > 200) throw new Error("too many pages");
  } while (cursor);
  return { rows, pages, pageList, totals: totals! };
}

/**
 * Walks a listing back: from every page, its previous page (by prevCursor, or without a cursor
 * when that one is the first) answers the same rows, running balances and cursors as going forward.
 */
export async function expectPreviousPages(token: string, accountId: string, query: Record<string, string>, pageList: ListedPage[]) {
  expect(pageList[0]).toMatchObject({ cursor: null, hasPrevious: false, prevCursor: null });
  for (let k = 1; k < pageList.length; k++) {
    const page = pageList[k]!;
    const previous = pageList[k - 1]!;
    expect(page.hasPrevious, `page ${k + 1}`).toBe(true);
    expect(page.prevCursor, `page ${k + 1}`).toBe(previous.cursor);
    const params = new URLSearchParams({ ...query, ...(page.prevCursor ? { cursor: page.prevCursor } : {}) });
    const back = await call(`/accounts/${accountId}/transactions?${params}`, { token });
    expect(back.status).toBe(200);
    expect(back.json.transactions.map((row: { id: string }) => row.id), `back from page ${k + 1}`).toEqual(previous.ids);
    expect(back.json.transactions.map((row: { runningBalanceMinor: number | null }) => row.runningBalanceMinor), `back from page ${k + 1}`).toEqual(previous.running);
    expect(back.json.prevCursor).toBe(previous.prevCursor);
  }
}
