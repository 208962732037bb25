import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { createAccount } from "./ledger-helpers";
import { applyWrite, writeOps } from "./summary-writes";
import { SPENDING_SQL } from "../../workers/api/src/budgets/store";

/**
 * The day summaries of migration 0032 (day_totals, ADR 065), which budget reports read, are kept
 * by triggers on transactions. After random inserts, edits (amount across zero, date, category,
 * becoming or ceasing to be a transfer leg), moves between accounts, deletes, a bulk delete and its
 * undo, a deleted category and a deleted account, they equal a straight recount of the transactions;
 * and a monthly budget's spending read from them equals the transactions' own (ADR 057's rule:
 * transfers out, money out counts, money in only in an expense category), sums and counts alike.
 */
const RECOUNTED = `SELECT user_id, date, account_id, COALESCE(category_id, '') AS category,
    COALESCE(SUM(CASE WHEN amount < 0 THEN amount END), 0) AS outflow, COUNT(CASE WHEN amount < 0 THEN 1 END) AS out_count,
    COALESCE(SUM(CASE WHEN amount >= 0 THEN amount END), 0) AS inflow, COUNT(CASE WHEN amount >= 0 THEN 1 END) AS in_count
  FROM transactions WHERE user_id = ?1 AND transfer_id IS NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
const KEPT = "SELECT user_id, date, account_id, category, outflow, out_count, inflow, in_count FROM day_totals WHERE user_id = ?1 ORDER BY 1, 2, 3, 4";

type Spending = { category_id: string | null; currency: string; period_start: string; day: string | null; spent: number; n: number };
const MATCHING = `SELECT t.category_id, a.currency, t.date, t.amount FROM transactions t JOIN accounts a ON a.id = t.account_id LEFT JOIN categories c ON c.id = t.category_id
  WHERE t.user_id = ?1 AND t.transfer_id IS NULL AND (t.amount < 0 OR c.kind = 'expense')`;

async function expectSummaryMatches(userId: string, budgetId?: string) {
  const [kept, recounted] = await env.DB.batch([KEPT, RECOUNTED].map((sql) => env.DB.prepare(sql).bind(userId)));
  expect(kept!.results).toEqual(recounted!.results);
  if (!budgetId) return;
  // The budget (PEN, monthly, from 2026-01-01) read for February: its range holds every test day.
  const [read, rows] = await env.DB.batch([env.DB.prepare(SPENDING_SQL).bind(budgetId, userId, "2026-02-15"), env.DB.prepare(MATCHING).bind(userId)]);
  const expected = new Map<string, Spending>();
  for (const row of rows!.results as Array<{ category_id: string | null; currency: string; date: string; amount: number }>) {
    const group = { category_id: row.category_id, currency: row.currency, period_start: `${row.date.slice(0, 7)}-01`, day: row.currency === "PEN" ? null : row.date };
    const key = JSON.stringify(group);
    const entry = expected.get(key) ?? { ...group, spent: 0, n: 0 };
    entry.spent -= row.amount;
    entry.n += 1;
    expected.set(key, entry);
  }
  const order = (list: Spending[]) => list.map((r) => JSON.stringify(r)).sort();
  expect(order(read!.results as Spending[])).toEqual(order([...expected.values()]));
}

// Few days, so that rows often share a summary row and edits land on existing ones.
const day = fc.record({ month: fc.integer({ min: 1, max: 2 }), day: fc.integer({ min: 14, max: 17 }) }).map(({ month, day }) => `2026-0${month}-${day}`);
// A category changing kind: the summary keeps money in apart, the report reads the kind.
const categoryKind = fc.record({ kind: fc.constant("categoryKind" as const), category: fc.nat(2), expense: fc.boolean() });
const op = fc.oneof(...writeOps(day), categoryKind);

describe("budgets' day summaries", () => {
  it("equal a recount of the transactions after any sequence of writes", async () => {
    const { token, user } = await signUp();
    const userId = user.id as string;
    const accounts = [await createAccount(token, { name: "A" }), await createAccount(token, { name: "B" }), await createAccount(token, { name: "C", currency: "USD" })];
    // Two expense categories and an income one: money in counts as spending only in the former.
    const all = (await call("/categories", { token })).json.categories as Array<{ id: string; kind: string }>;
    const categories = [...all.filter((c) => c.kind === "expense").slice(0, 2), all.find((c) => c.kind === "income")!].map((c) => c.id);
    const categoryOf = (n: number) => (n === 3 ? null : categories[n]!);
    const budgetId = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO budgets (id, user_id, name, currency, period, cycle_day, starts_on, created_at, updated_at) VALUES (?1, ?2, 'B', 'PEN', 'monthly', 1, '2026-01-01', 1, 1)")
      .bind(budgetId, userId)
      .run();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 16 }), async (ops) => {
        const target = { token, userId, accounts, categoryOf, check: () => expectSummaryMatches(userId, budgetId) };
        for (const o of ops) {
          if (o.kind === "categoryKind") await env.DB.prepare("UPDATE categories SET kind = ?2 WHERE id = ?1").bind(categories[o.category]!, o.expense ? "expense" : "income").run();
          else await applyWrite(target, o);
        }
        await expectSummaryMatches(userId, budgetId);
      }),
      { numRuns: 30 },
    );
    // A deleted category leaves its rows uncategorized (ON DELETE SET NULL), and a deleted account takes its rows along.
    await env.DB.prepare("DELETE FROM categories WHERE id = ?1").bind(categories[0]!).run();
    await expectSummaryMatches(userId, budgetId);
    await env.DB.prepare("DELETE FROM accounts WHERE id = ?1").bind(accounts[1]!.id).run();
    await expectSummaryMatches(userId, budgetId);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM day_totals WHERE account_id = ?1").bind(accounts[1]!.id).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});
