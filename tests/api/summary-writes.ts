/**
 * Random writes on transactions for the property tests of the trigger-kept summaries (month
 * totals, ADR 059; day totals, ADR 065): inserts, edits of each column a summary keys or sums,
 * moves between accounts, deletes, and a bulk delete with its undo through the API. Each test
 * checks its own summary after them.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { expect } from "vitest";
import { call } from "./helpers";

const amount = fc.integer({ min: -500_000, max: 500_000 }).filter((n) => n !== 0);

/** The write operations over `day`'s dates; with `payee`, inserts carry one and a payee edit joins. */
export function writeOps(day: fc.Arbitrary<string>, payee?: fc.Arbitrary<string | null>) {
  const noPayee = fc.constant(null as string | null);
  return [
    fc.record({ kind: fc.constant("insert" as const), account: fc.nat(2), amount, date: day, category: fc.nat(3), payee: payee ?? noPayee, transfer: fc.boolean() }),
    fc.record({ kind: fc.constant("amount" as const), pick: fc.nat(), amount }),
    fc.record({ kind: fc.constant("date" as const), pick: fc.nat(), date: day }),
    fc.record({ kind: fc.constant("category" as const), pick: fc.nat(), category: fc.nat(3) }),
    ...(payee ? [fc.record({ kind: fc.constant("payee" as const), pick: fc.nat(), payee })] : []),
    fc.record({ kind: fc.constant("transfer" as const), pick: fc.nat(), transfer: fc.boolean() }),
    fc.record({ kind: fc.constant("move" as const), pick: fc.nat(), account: fc.nat(2) }),
    fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant("bulkDeleteRestore" as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), restore: fc.boolean() }),
  ] as const;
}

export type WriteOp = ReturnType<typeof writeOps>[number] extends fc.Arbitrary<infer T> ? T : never;

export interface WriteTarget {
  token: string;
  userId: string;
  accounts: ReadonlyArray<{ id: string }>;
  /** Category 0–2 of the test's own, 3 for none. */
  categoryOf: (n: number) => string | null;
  /** The test's summary check, also run between a bulk delete and its undo. */
  check: () => Promise<void>;
}

/** Applies one write to the user's transactions as the app's paths do (triggers included). */
export async function applyWrite(target: WriteTarget, o: WriteOp): Promise<void> {
  const { token, userId, accounts, categoryOf, check } = target;
  const ids = ((await env.DB.prepare("SELECT id FROM transactions WHERE user_id = ?1 ORDER BY seq").bind(userId).all<{ id: string }>()).results ?? []).map((r) => r.id);
  const pick = (n: number) => ids[n % ids.length]!;
  const update = (sql: string, ...values: unknown[]) => env.DB.prepare(`UPDATE transactions SET ${sql} WHERE id = ?1`).bind(...values).run();
  if (o.kind === "insert") {
    await env.DB.prepare(
      `INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, payee, transfer_id, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, 'op', ?5, ?6, ?7, ?8, 1, 1)`,
    )
      .bind(crypto.randomUUID(), accounts[o.account]!.id, userId, o.date, o.amount, categoryOf(o.category), o.payee, o.transfer ? crypto.randomUUID() : null)
      .run();
  } else if (ids.length === 0) {
    return;
  } else if (o.kind === "amount") await update("amount = ?2", pick(o.pick), o.amount);
  else if (o.kind === "date") await update("date = ?2", pick(o.pick), o.date);
  else if (o.kind === "category") await update("category_id = ?2", pick(o.pick), categoryOf(o.category));
  else if (o.kind === "payee") await update("payee = ?2", pick(o.pick), o.payee);
  else if (o.kind === "transfer") await update("transfer_id = ?2", pick(o.pick), o.transfer ? crypto.randomUUID() : null);
  else if (o.kind === "move") await update("account_id = ?2", pick(o.pick), accounts[o.account]!.id);
  else if (o.kind === "delete") await env.DB.prepare("DELETE FROM transactions WHERE id = ?1").bind(pick(o.pick)).run();
  else {
    // The undo path (ADR 053): rows leave as snapshots and come back by INSERT … SELECT.
    const chosen = [...new Set(o.picks.map(pick))];
    const gone = await call("/transactions/bulk", { token, body: { ids: chosen, delete: true }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(gone.status).toBe(200);
    await check();
    if (o.restore) {
      const back = await call("/transactions/restore", { token, body: { ids: gone.json.deleted }, headers: { "Idempotency-Key": crypto.randomUUID() } });
      expect(back.status).toBe(200);
    }
  }
}
