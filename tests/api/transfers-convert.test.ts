import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { addTransaction, createAccount, expectExactBalance } from "./ledger-helpers";

/** Convert to transfer and back (issue 35, ADR 052): balances always equal their transactions. */
describe("convert a movement to a transfer", () => {
  async function setUp() {
    const user = await signUp();
    const bank = await createAccount(user.token, { name: "BCP", openingBalance: "1000.00" });
    const card = await createAccount(user.token, { name: "Interbank Visa", type: "credit_card", openingBalance: "-500.00" });
    const usd = await createAccount(user.token, { name: "BBVA USD", currency: "USD" });
    const payment = await addTransaction(user.token, bank.id, { date: "2026-11-10", description: "PAGO TARJETA INTERBANK", amount: "-300.00" });
    return { user, bank, card, usd, payment };
  }

  it("creates the other leg in a chosen account: both balances move, and back again the created leg goes and the movement stays", async () => {
    const { user, bank, card, payment } = await setUp();
    const made = await call(`/transactions/${payment.id}/transfer`, { token: user.token, body: { accountId: card.id }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(made.status).toBe(201);
    expect(made.json.from.id).toBe(payment.id);
    expect(made.json.to.accountId).toBe(card.id);
    expect(made.json.to.amountMinor).toBe(30000);
    expect(made.json.to.description).toBe("PAGO TARJETA INTERBANK");
    expect(made.json.from.transferId).toBe(made.json.transferId);
    expect(made.json.to.transferId).toBe(made.json.transferId);
    expect(await expectExactBalance(user.token, bank.id)).toBe(70000);
    expect(await expectExactBalance(user.token, card.id)).toBe(-20000);

    // Already a transfer: refused, nothing written.
    const again = await call(`/transactions/${payment.id}/transfer`, { token: user.token, body: { accountId: card.id } });
    expect(again.status).toBe(409);

    const back = await call(`/transfers/${made.json.transferId}/unlink`, { token: user.token, method: "POST" });
    expect(back.status).toBe(200);
    // The leg the conversion created is deleted (ADR 062): it was never a movement of the card's own.
    expect(back.json.deleted).toEqual([made.json.to.id]);
    expect(back.json.transactions.map((t: { id: string; transferId: string | null }) => [t.id, t.transferId])).toEqual([[payment.id, null]]);
    expect((await call(`/transactions/${made.json.to.id}`, { token: user.token })).status).toBe(404);
    // The movement that was there is kept as it was; the card is as before the conversion.
    expect(await expectExactBalance(user.token, bank.id)).toBe(70000);
    expect(await expectExactBalance(user.token, card.id)).toBe(-50000);
    const original = await call(`/transactions/${payment.id}`, { token: user.token });
    expect(original.json.transaction).toMatchObject({ description: "PAGO TARJETA INTERBANK", amountMinor: -30000, transferId: null, date: "2026-11-10" });
  });

  it("keeps both legs on unlink when the other leg existed before (linked, not created), and a transfer made as one", async () => {
    const { user, bank, card, payment } = await setUp();
    const received = await addTransaction(user.token, card.id, { date: "2026-11-11", description: "PAGO RECIBIDO", amount: "300.00" });
    const linked = await call(`/transactions/${payment.id}/transfer`, { token: user.token, body: { counterpartId: received.id } });
    expect(linked.status).toBe(201);
    const back = await call(`/transfers/${linked.json.transferId}/unlink`, { token: user.token, method: "POST" });
    expect(back.status).toBe(200);
    expect(back.json.deleted).toEqual([]);
    expect(back.json.transactions.map((t: { id: string; transferId: string | null }) => [t.id, t.transferId])).toEqual([
      [payment.id, null],
      [received.id, null],
    ]);
    expect(await expectExactBalance(user.token, bank.id)).toBe(70000);
    expect(await expectExactBalance(user.token, card.id)).toBe(-20000);

    const transfer = await call("/transfers", { token: user.token, body: { fromAccountId: bank.id, toAccountId: card.id, amount: "50.00", date: "2026-11-12" } });
    expect(transfer.status).toBe(201);
    const plain = await call(`/transfers/${transfer.json.transferId}/unlink`, { token: user.token, method: "POST" });
    expect(plain.json.deleted).toEqual([]);
    expect(plain.json.transactions).toHaveLength(2);
  });

  it("keeps a created leg that a bank file has confirmed since", async () => {
    const { user, card, payment } = await setUp();
    const made = await call(`/transactions/${payment.id}/transfer`, { token: user.token, body: { accountId: card.id } });
    expect(made.status).toBe(201);
    // The card's statement has the payment: imported, it links to the created leg.
    const file = ["date,description,amount", "2026-11-10,PAGO TARJETA INTERBANK GRACIAS,300.00"].join("\n");
    const query = new URLSearchParams({ delimiter: ",", header: "true", dateColumn: "0", descriptionColumn: "1", amountColumn: "2" }).toString();
    const imported = await call(`/accounts/${card.id}/import?${query}`, { method: "POST", token: user.token, rawBody: file, headers: { "Content-Type": "text/csv" } });
    expect(imported.json).toMatchObject({ imported: 0, linked: 1 });
    const back = await call(`/transfers/${made.json.transferId}/unlink`, { token: user.token, method: "POST" });
    expect(back.json.deleted).toEqual([]);
    expect(await expectExactBalance(user.token, card.id)).toBe(-20000);
  });

  it("lists candidates (opposite sign, same magnitude in one currency, any in another, nearest date first) and links one", async () => {
    const { user, bank, card, usd, payment } = await setUp();
    const far = await addTransaction(user.token, card.id, { date: "2026-11-14", description: "PAGO RECIBIDO", amount: "300.00" });
    const near = await addTransaction(user.token, card.id, { date: "2026-11-11", description: "PAGO RECIBIDO GRACIAS", amount: "300.00" });
    await addTransaction(user.token, card.id, { date: "2026-11-10", description: "Other amount", amount: "299.00" });
    await addTransaction(user.token, card.id, { date: "2026-11-10", description: "Same sign", amount: "-300.00" });
    await addTransaction(user.token, card.id, { date: "2026-11-30", description: "Too late", amount: "300.00" });
    const dollars = await addTransaction(user.token, usd.id, { date: "2026-11-09", description: "Deposit", amount: "80.00" });
    const list = await call(`/transactions/${payment.id}/transfer-candidates`, { token: user.token });
    expect(list.status).toBe(200);
    expect(list.json.candidates.map((c: { transaction: { id: string } }) => c.transaction.id)).toEqual([near.id, dollars.id, far.id]);
    expect(list.json.candidates[0].daysApart).toBe(1);
    expect(list.json.accounts.map((a: { id: string }) => a.id).sort()).toEqual([card.id, usd.id].sort());

    const linked = await call(`/transactions/${payment.id}/transfer`, { token: user.token, body: { counterpartId: near.id } });
    expect(linked.status).toBe(201);
    expect([linked.json.from.id, linked.json.to.id]).toEqual([payment.id, near.id]);
    // Linking writes no money: both balances are what their movements already made them.
    expect(await expectExactBalance(user.token, bank.id)).toBe(70000);
    // Card: -500 opening, +300 (far), +300 (near), +299, -300, +300 (too late).
    expect(await expectExactBalance(user.token, card.id)).toBe(39900);
    // The linked one is no longer a candidate for anything.
    const other = await addTransaction(user.token, bank.id, { date: "2026-11-11", description: "Second payment", amount: "-300.00" });
    const next = await call(`/transactions/${other.id}/transfer-candidates`, { token: user.token });
    expect(next.json.candidates.map((c: { transaction: { id: string } }) => c.transaction.id)).not.toContain(near.id);
  });

  it("refuses wrong counterparts and another currency without the amount received, with field messages, writing nothing", async () => {
    const { user, bank, card, usd, payment } = await setUp();
    const sameSign = await addTransaction(user.token, card.id, { date: "2026-11-10", amount: "-300.00" });
    const otherAmount = await addTransaction(user.token, card.id, { date: "2026-11-10", amount: "200.00" });
    const sameAccount = await addTransaction(user.token, bank.id, { date: "2026-11-10", amount: "300.00" });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ counterpartId: sameSign.id }, "counterpartId"],
      [{ counterpartId: otherAmount.id }, "counterpartId"],
      [{ counterpartId: sameAccount.id }, "counterpartId"],
      [{ counterpartId: crypto.randomUUID() }, "counterpartId"],
      [{ accountId: usd.id }, "amount"],
      [{ accountId: usd.id, amount: "-5" }, "amount"],
      [{ accountId: card.id, amount: "299.00" }, "amount"],
      [{ accountId: bank.id }, "accountId"],
      [{}, "counterpartId"],
      [{ accountId: card.id, counterpartId: otherAmount.id }, "counterpartId"],
    ];
    for (const [body, field] of cases) {
      const refused = await call(`/transactions/${payment.id}/transfer`, { token: user.token, body, headers: { "Accept-Language": "es" } });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.json.errors[field], JSON.stringify(body)).toBeTruthy();
    }
    expect((await call(`/transactions/${payment.id}`, { token: user.token })).json.transaction.transferId).toBeNull();
    expect(await expectExactBalance(user.token, card.id)).toBe(-50000 - 30000 + 20000);
    expect(await expectExactBalance(user.token, usd.id)).toBe(0);

    // With the amount received, in the other account's currency.
    const made = await call(`/transactions/${payment.id}/transfer`, { token: user.token, body: { accountId: usd.id, amount: "80.50" } });
    expect(made.status).toBe(201);
    expect(made.json.to).toMatchObject({ accountId: usd.id, amountMinor: 8050, currency: "USD" });
    expect(await expectExactBalance(user.token, usd.id)).toBe(8050);
  });

  it("answers a repeated Idempotency-Key with the first answer, creating one leg", async () => {
    const { user, card, payment } = await setUp();
    const key = crypto.randomUUID();
    const first = await call(`/transactions/${payment.id}/transfer`, { token: user.token, body: { accountId: card.id }, headers: { "Idempotency-Key": key } });
    const second = await call(`/transactions/${payment.id}/transfer`, { token: user.token, body: { accountId: card.id }, headers: { "Idempotency-Key": key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json.transferId).toBe(first.json.transferId);
    expect(await expectExactBalance(user.token, card.id)).toBe(-20000);
  });

  it("hides another user's movements and transfers behind a 404", async () => {
    const { user, card, payment } = await setUp();
    const intruder = await signUp();
    const theirs = await createAccount(intruder.token);
    expect((await call(`/transactions/${payment.id}/transfer-candidates`, { token: intruder.token })).status).toBe(404);
    expect((await call(`/transactions/${payment.id}/transfer`, { token: intruder.token, body: { accountId: theirs.id } })).status).toBe(404);
    const made = await call(`/transactions/${payment.id}/transfer`, { token: user.token, body: { accountId: card.id } });
    expect((await call(`/transfers/${made.json.transferId}/unlink`, { token: intruder.token, method: "POST" })).status).toBe(404);
    // Their own account as the other leg: not one of the user's accounts.
    const mine = await addTransaction(user.token, card.id, { amount: "-1.00" });
    const refused = await call(`/transactions/${mine.id}/transfer`, { token: user.token, body: { accountId: theirs.id } });
    expect(refused.status).toBe(422);
    expect(await expectExactBalance(intruder.token, theirs.id)).toBe(0);
  });
});
