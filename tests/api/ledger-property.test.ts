import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { allPages, createAccount } from "./ledger-helpers";

/**
 * Random sequences of creates, edits, deletes and transfers over three accounts (two currencies),
 * with the edits the API refuses (turning a transfer leg's direction) expected as refusals:
 * after every sequence each balance equals its opening balance plus the sum of its transactions,
 * as the model computes it and as the database holds it, and the newest row's running balance is
 * the balance.
 */
const decimal = (n: number) => `${n < 0 ? "-" : ""}${Math.floor(Math.abs(n) / 100)}.${String(Math.abs(n) % 100).padStart(2, "0")}`;
/** An opening balance may be zero; a transaction's amount may not (422, tested in ledger.test.ts). */
const openingAmount = fc.integer({ min: -5_000_000, max: 5_000_000 }).map(decimal);
const amount = fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((n) => n !== 0).map(decimal);
const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-06-${String(d).padStart(2, "0")}`);
const op = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), account: fc.nat(2), amount, date: day }),
  fc.record({ kind: fc.constant("edit" as const), pick: fc.nat(), amount, date: day }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("transfer" as const), from: fc.nat(2), to: fc.nat(2), amount: fc.integer({ min: 1, max: 900_000 }), date: day }),
  fc.record({ kind: fc.constant("opening" as const), account: fc.nat(2), amount: openingAmount }),
);

describe("ledger property", () => {
  it("keeps every balance equal to opening balance plus the sum of its transactions", async () => {
    const { token } = await signUp();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const accounts = [
          await createAccount(token, { name: "A", openingBalance: "100.00" }),
          await createAccount(token, { name: "B", openingBalance: "0" }),
          await createAccount(token, { name: "C", currency: "USD", openingBalance: "25.00" }),
        ];
        const opening = new Map(accounts.map((a) => [a.id, a.openingBalanceMinor]));
        // Model: id → { account, amount }
        const model = new Map<string, { account: string; amount: number; transferId: string | null }>();
        const minor = (text: string) => Math.round(Number(text) * 100);
        for (const o of ops) {
          const ids = [...model.keys()];
          if (o.kind === "create") {
            const account = accounts[o.account]!;
            const r = await call(`/accounts/${account.id}/transactions`, { token, body: { date: o.date, description: "op", amount: o.amount } });
            expect(r.status).toBe(201);
            model.set(r.json.transaction.id, { account: account.id, amount: minor(o.amount), transferId: null });
          } else if (o.kind === "edit" && ids.length) {
            const id = ids[o.pick % ids.length]!;
            const r = await call(`/transactions/${id}`, { method: "PATCH", token, body: { amount: o.amount, date: o.date } });
            const entry = model.get(id)!;
            // A transfer's leg keeps its direction; an edit that would turn it is refused whole.
            if (entry.transferId && minor(o.amount) !== entry.amount && Math.sign(minor(o.amount)) !== Math.sign(entry.amount)) {
              expect(r.status).toBe(422);
              continue;
            }
            expect(r.status).toBe(200);
            entry.amount = minor(o.amount);
            if (entry.transferId) {
              for (const [otherId, other] of model) {
                if (otherId !== id && other.transferId === entry.transferId) {
                  const sameCurrency = (other.account === accounts[2]!.id) === (entry.account === accounts[2]!.id);
                  if (sameCurrency) other.amount = -entry.amount;
                }
              }
            }
          } else if (o.kind === "delete" && ids.length) {
            const id = ids[o.pick % ids.length]!;
            const r = await call(`/transactions/${id}`, { method: "DELETE", token });
            expect(r.status).toBe(200);
            for (const gone of r.json.deleted as string[]) model.delete(gone);
          } else if (o.kind === "transfer" && o.from !== o.to) {
            const from = accounts[o.from]!;
            const to = accounts[o.to]!;
            const text = (o.amount / 100).toFixed(2);
            const r = await call("/transfers", { token, body: { fromAccountId: from.id, toAccountId: to.id, amount: text, toAmount: text, date: o.date } });
            expect(r.status).toBe(201);
            model.set(r.json.from.id, { account: from.id, amount: -o.amount, transferId: r.json.transferId });
            model.set(r.json.to.id, { account: to.id, amount: o.amount, transferId: r.json.transferId });
          } else if (o.kind === "opening") {
            const account = accounts[o.account]!;
            const r = await call(`/accounts/${account.id}`, { method: "PATCH", token, body: { openingBalance: o.amount } });
            expect(r.status).toBe(200);
            opening.set(account.id, minor(o.amount));
          }
        }
        for (const account of accounts) {
          const expected = opening.get(account.id)! + [...model.values()].filter((t) => t.account === account.id).reduce((s, t) => s + t.amount, 0);
          const { json } = await call(`/accounts/${account.id}`, { token });
          expect(json.account.balanceMinor).toBe(expected);
          const db = await env.DB.prepare("SELECT opening_balance + COALESCE((SELECT SUM(amount) FROM transactions WHERE account_id = ?1), 0) AS b FROM accounts WHERE id = ?1").bind(account.id).first<{ b: number }>();
          expect(db?.b).toBe(expected);
          const days = await env.DB.prepare("SELECT COALESCE(SUM(inflow + outflow), 0) AS s, COALESCE(SUM(count), 0) AS n FROM account_days WHERE account_id = ?1").bind(account.id).first<{ s: number; n: number }>();
          expect(days!.s).toBe(expected - opening.get(account.id)!);
          const list = await allPages(token, account.id, { limit: "4" });
          expect(list.totals.netMinor).toBe(expected - opening.get(account.id)!);
          // Unfiltered totals are read from the account's row (migration 0006): they must match the rows.
          const amounts = [...model.values()].filter((t) => t.account === account.id).map((t) => t.amount);
          const history = { count: amounts.length, inMinor: amounts.filter((a) => a > 0).reduce((s, a) => s + a, 0), outMinor: amounts.filter((a) => a < 0).reduce((s, a) => s + a, 0) };
          expect(list.totals).toMatchObject(history);
          expect((await call(`/accounts/${account.id}/transactions/totals`, { token })).json.totals).toMatchObject(history);
          if (list.rows.length) expect(list.rows[0]!.runningBalanceMinor).toBe(expected);
          let running = expected;
          for (const row of list.rows) {
            expect(row.runningBalanceMinor).toBe(running);
            running -= row.amountMinor as number;
          }
          expect(running).toBe(opening.get(account.id));
        }
      }),
      { numRuns: 25 },
    );
  });
});
