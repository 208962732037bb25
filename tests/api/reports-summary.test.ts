import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { createAccount } from "./ledger-helpers";
import { applyWrite, writeOps } from "./summary-writes";

/**
 * The monthly summaries of migration 0028 (month_totals, month_payees) are kept by triggers on
 * transactions. After random inserts, edits (amount, date across months, category, payee, becoming
 * or ceasing to be a transfer leg), moves between accounts, deletes, a bulk delete and its restore
 * and a deleted category, they equal a straight recomputation from the transactions.
 */
const TOTALS_RECOMPUTED = `SELECT user_id, substr(date, 1, 7) AS month, account_id, COALESCE(category_id, '') AS category,
    COALESCE(SUM(CASE WHEN transfer_id IS NULL AND amount > 0 THEN amount END), 0) AS inflow,
    COALESCE(SUM(CASE WHEN transfer_id IS NULL AND amount < 0 THEN amount END), 0) AS outflow,
    COALESCE(SUM(CASE WHEN transfer_id IS NOT NULL AND amount > 0 THEN amount END), 0) AS transfer_in,
    COALESCE(SUM(CASE WHEN transfer_id IS NOT NULL AND amount < 0 THEN amount END), 0) AS transfer_out,
    COUNT(*) AS count
  FROM transactions WHERE user_id = ?1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
const TOTALS_KEPT = "SELECT user_id, month, account_id, category, inflow, outflow, transfer_in, transfer_out, count FROM month_totals WHERE user_id = ?1 ORDER BY 1, 2, 3, 4";
const PAYEES_RECOMPUTED = `SELECT user_id, substr(date, 1, 7) AS month, account_id, payee, SUM(max(amount, 0)) AS inflow, SUM(min(amount, 0)) AS outflow, COUNT(*) AS count
  FROM transactions WHERE user_id = ?1 AND transfer_id IS NULL AND payee IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
const PAYEES_KEPT = "SELECT user_id, month, account_id, payee, inflow, outflow, count FROM month_payees WHERE user_id = ?1 ORDER BY 1, 2, 3, 4";

async function expectSummariesMatch(userId: string) {
  const [kept, recomputed, keptPayees, recomputedPayees] = await env.DB.batch([TOTALS_KEPT, TOTALS_RECOMPUTED, PAYEES_KEPT, PAYEES_RECOMPUTED].map((sql) => env.DB.prepare(sql).bind(userId)));
  expect(kept!.results).toEqual(recomputed!.results);
  expect(keptPayees!.results).toEqual(recomputedPayees!.results);
}

const day = fc.record({ month: fc.integer({ min: 1, max: 4 }), day: fc.integer({ min: 1, max: 28 }) }).map(({ month, day }) => `2026-0${month}-${String(day).padStart(2, "0")}`);
const payee = fc.constantFrom(null, "Wong", "Tottus", "Plaza Vea");
const op = fc.oneof(...writeOps(day, payee));

describe("monthly summaries", () => {
  it("equal a recomputation from the transactions after any sequence of writes", async () => {
    const { token, user } = await signUp();
    const userId = user.id as string;
    const accounts = [await createAccount(token, { name: "A" }), await createAccount(token, { name: "B" }), await createAccount(token, { name: "C", currency: "USD" })];
    const categories = ((await call("/categories", { token })).json.categories as Array<{ id: string }>).slice(0, 3).map((c) => c.id);
    const categoryOf = (n: number) => (n === 3 ? null : categories[n]!);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 16 }), async (ops) => {
        const target = { token, userId, accounts, categoryOf, check: () => expectSummariesMatch(userId) };
        for (const o of ops) await applyWrite(target, o);
        await expectSummariesMatch(userId);
      }),
      { numRuns: 30 },
    );
    // A deleted category leaves its rows uncategorized (ON DELETE SET NULL), and a deleted account takes its rows along.
    await env.DB.prepare("DELETE FROM categories WHERE id = ?1").bind(categories[0]!).run();
    await expectSummariesMatch(userId);
    await env.DB.prepare("DELETE FROM accounts WHERE id = ?1").bind(accounts[1]!.id).run();
    await expectSummariesMatch(userId);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM month_totals WHERE account_id = ?1").bind(accounts[1]!.id).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});
