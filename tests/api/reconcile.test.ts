import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { addTransaction, createAccount, expectExactBalance } from "./ledger-helpers";
import { insertCheckpoint } from "../../workers/api/src/reconcile/store";

/** Reconcile with the bank's balance (issue 35, ADR 052). */
describe("reconcile", () => {
  async function week() {
    const user = await signUp();
    const bank = await createAccount(user.token, { name: "BCP", openingBalance: "1000.00", openingDate: "2026-10-31" });
    const salary = await addTransaction(user.token, bank.id, { date: "2026-11-01", description: "Salary", amount: "4500.00" });
    const plaza = await addTransaction(user.token, bank.id, { date: "2026-11-03", description: "Plaza Vea", amount: "-186.40" });
    const luz = await addTransaction(user.token, bank.id, { date: "2026-11-06", description: "Luz del Sur", amount: "-132.70" });
    return { user, bank, salary, plaza, luz };
  }

  it("shows the balance on a day, the difference and the unreconciled movements up to then", async () => {
    const { user, bank, salary, plaza } = await week();
    const preview = await call(`/accounts/${bank.id}/reconciliation?date=2026-11-03&balance=5300`, { token: user.token });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ date: "2026-11-03", ledgerBalanceMinor: 531360, bankBalanceMinor: 530000, differenceMinor: -1360, difference: "-13.60", unreconciledCount: 2 });
    expect(preview.json.unreconciled.map((t: { id: string }) => t.id)).toEqual([salary.id, plaza.id]);
    const noBalance = await call(`/accounts/${bank.id}/reconciliation?date=2026-11-06`, { token: user.token });
    expect(noBalance.json).toMatchObject({ ledgerBalanceMinor: 518090, bankBalanceMinor: null, differenceMinor: null, unreconciledCount: 3 });
    const bad = await call(`/accounts/${bank.id}/reconciliation?date=2026-11-31&balance=abc`, { token: user.token });
    expect(bad.status).toBe(422);
    // The account form offers the earliest movement's day as the opening date.
    expect((await call(`/accounts/${bank.id}`, { token: user.token })).json.account).toMatchObject({ openingDate: "2026-10-31", firstMovementDate: "2026-11-01" });
  });

  it("refuses a balance that differs (saying by how much, in the user's language), writing nothing", async () => {
    const { user, bank } = await week();
    const refused = await call(`/accounts/${bank.id}/reconciliation`, { token: user.token, body: { date: "2026-11-06", balance: "5180.00" }, headers: { "Accept-Language": "es" } });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.balance[0]).toContain("difiere");
    expect(refused.json.errors.balance[0]).toContain("0.90");
    const counted = await env.DB.prepare("SELECT (SELECT COUNT(*) FROM balance_checkpoints WHERE account_id = ?1) AS checkpoints, (SELECT COUNT(*) FROM transactions WHERE account_id = ?1 AND reconciled_at IS NOT NULL) AS reconciled").bind(bank.id).first<{ checkpoints: number; reconciled: number }>();
    expect(counted).toEqual({ checkpoints: 0, reconciled: 0 });
  });

  it("marks the movements up to the day reconciled when the balances agree, and keeps a checkpoint", async () => {
    const { user, bank, salary, plaza, luz } = await week();
    const done = await call(`/accounts/${bank.id}/reconciliation`, { token: user.token, body: { date: "2026-11-03", balance: "5313.60" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(done.status).toBe(201);
    expect(done.json.reconciledCount).toBe(2);
    expect(done.json.checkpoint).toMatchObject({ date: "2026-11-03", balanceMinor: 531360, ledgerBalanceMinor: 531360, holds: true, source: "reconcile" });
    for (const [id, reconciled] of [[salary.id, true], [plaza.id, true], [luz.id, false]] as const) {
      expect((await call(`/transactions/${id}`, { token: user.token })).json.transaction.reconciled, id).toBe(reconciled);
    }
    const later = await call(`/accounts/${bank.id}/reconciliation?date=2026-11-06`, { token: user.token });
    expect(later.json.unreconciled.map((t: { id: string }) => t.id)).toEqual([luz.id]);
    expect(later.json.checkpoints).toHaveLength(1);
    // The balance is untouched: reconciling writes no money.
    expect(await expectExactBalance(user.token, bank.id)).toBe(518090);

    // A later edit of a reconciled movement is allowed, and the checkpoint it breaks says so (ADR 052).
    const edit = await call(`/transactions/${plaza.id}`, { token: user.token, method: "PATCH", body: { amount: "-196.40" } });
    expect(edit.status).toBe(200);
    const broken = await call(`/accounts/${bank.id}/reconciliation?date=2026-11-06`, { token: user.token });
    expect(broken.json.checkpoints[0]).toMatchObject({ balanceMinor: 531360, ledgerBalanceMinor: 530360, holds: false });
  });

  it("keeps a checkpoint from an import through the store, without marking anything", async () => {
    const { user, bank } = await week();
    const id = crypto.randomUUID();
    await insertCheckpoint(env.DB, { id, accountId: bank.id, userId: user.user.id, date: "2026-11-06", balance: 518090, source: "import", now: Date.now() }).run();
    const preview = await call(`/accounts/${bank.id}/reconciliation?date=2026-11-06`, { token: user.token });
    expect(preview.json.checkpoints).toEqual([expect.objectContaining({ id, source: "import", holds: true })]);
    expect(preview.json.unreconciledCount).toBe(3);
  });

  it("is the owner's only, and closed for an archived account", async () => {
    const { user, bank } = await week();
    const intruder = await signUp();
    expect((await call(`/accounts/${bank.id}/reconciliation`, { token: intruder.token })).status).toBe(404);
    expect((await call(`/accounts/${bank.id}/reconciliation`, { token: intruder.token, body: { date: "2026-11-06", balance: "5180.90" } })).status).toBe(404);
    expect((await call(`/accounts/${bank.id}`, { token: user.token, method: "PATCH", body: { archived: true } })).status).toBe(200);
    expect((await call(`/accounts/${bank.id}/reconciliation`, { token: user.token, body: { date: "2026-11-06", balance: "5180.90" } })).status).toBe(409);
  });
});
