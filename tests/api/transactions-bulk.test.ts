import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, call, signUp } from "./helpers";
import { addTransaction, createAccount, expectExactBalance } from "./ledger-helpers";
import { dbChecksum } from "./proof-openapi";

/** Bulk changes and delete with undo (docs/decisions/053): POST /transactions/bulk and /transactions/restore. */

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

async function row(id: string) {
  return env.DB.prepare("SELECT * FROM transactions WHERE id = ?1").bind(id).first<Record<string, unknown>>();
}

async function setup() {
  const user = await signUp();
  const account = await createAccount(user.token, { openingBalance: "1000.00" });
  const cash = await createAccount(user.token, { name: "Cash", type: "cash" });
  const categories = (await call("/categories", { token: user.token })).json.categories as Array<{ id: string; name: string }>;
  return { user, userId: user.user.id, token: user.token, account, cash, categories };
}

describe("POST /transactions/bulk: set", () => {
  it("sets a category on seven rows in one call, and a status", async () => {
    const { token, account, categories } = await setup();
    const ids = [];
    for (let i = 0; i < 7; i += 1) ids.push((await addTransaction(token, account.id, { description: `Row ${i}`, amount: `-${i + 1}.00`, status: "pending" })).id);
    const dining = categories[1]!.id;
    const set = await call("/transactions/bulk", { token, body: { ids, set: { categoryId: dining } }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(set.status).toBe(200);
    expect(set.json.updated.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await row(id))!.category_id).toBe(dining);
    const posted = await call("/transactions/bulk", { token, body: { ids: ids.slice(0, 3), set: { status: "posted", categoryId: null } } });
    expect(posted.status).toBe(200);
    for (const id of ids.slice(0, 3)) expect(await row(id)).toMatchObject({ status: "posted", category_id: null });
    for (const id of ids.slice(3)) expect(await row(id)).toMatchObject({ status: "pending", category_id: dining });
    await expectExactBalance(token, account.id);
  });

  it("refuses another user's category (422) and an empty or double action, changing nothing", async () => {
    const { token, account, userId } = await setup();
    const other = await setup();
    const tx = await addTransaction(token, account.id);
    const before = await dbChecksum({ userId });
    const foreign = await call("/transactions/bulk", { token, body: { ids: [tx.id], set: { categoryId: other.categories[0]!.id } } });
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors.categoryId).toBeTruthy();
    for (const bad of [{ ids: [tx.id] }, { ids: [tx.id], set: {} }, { ids: [tx.id], set: { status: "posted" }, delete: true }, { ids: [], delete: true }, { ids: ["x"], delete: true }]) {
      const answer = await call("/transactions/bulk", { token, body: bad });
      expect(answer.status, JSON.stringify(bad)).toBe(422);
    }
    expect(await dbChecksum({ userId })).toBe(before);
  });
});

describe("ownership", () => {
  it("answers 404 when any id is another user's, and changes nothing of either", async () => {
    const a = await setup();
    const b = await setup();
    const mine = await addTransaction(b.token, b.account.id);
    const theirs = await addTransaction(a.token, a.account.id);
    const beforeA = await dbChecksum({ userId: a.userId });
    const beforeB = await dbChecksum({ userId: b.userId });
    for (const body of [{ ids: [mine.id, theirs.id], delete: true }, { ids: [theirs.id], set: { status: "pending" } }, { ids: [crypto.randomUUID()], delete: true }]) {
      const answer = await call("/transactions/bulk", { token: b.token, body });
      expect(answer.status).toBe(404);
      expect(answer.headers.get("Content-Type")).toBe("application/problem+json");
    }
    expect(await dbChecksum({ userId: a.userId })).toBe(beforeA);
    // A's deleted row cannot be restored by B either.
    expect((await call("/transactions/bulk", { token: a.token, body: { ids: [theirs.id], delete: true } })).status).toBe(200);
    const beforeA2 = await dbChecksum({ userId: a.userId });
    expect((await call("/transactions/restore", { token: b.token, body: { ids: [theirs.id] } })).status).toBe(404);
    expect(await dbChecksum({ userId: a.userId })).toBe(beforeA2);
    expect(beforeA).not.toBe(beforeA2);
    // B's own row, named beside A's, was not deleted either.
    expect(await row(mine.id)).not.toBeNull();
    expect(await dbChecksum({ userId: b.userId })).toBe(beforeB);
  });

  it("refuses a row of an archived account with 409", async () => {
    const { token, account } = await setup();
    const tx = await addTransaction(token, account.id);
    expect((await call(`/accounts/${account.id}`, { method: "PATCH", token, body: { archived: true } })).status).toBe(200);
    expect((await call("/transactions/bulk", { token, body: { ids: [tx.id], delete: true } })).status).toBe(409);
  });
});

describe("delete and undo", () => {
  it("deletes with the balance following, and the undo brings back the same row, receipt and balance", async () => {
    const { token, account, categories } = await setup();
    const kept = await addTransaction(token, account.id, { amount: "-5.00" });
    const tx = await addTransaction(token, account.id, { description: "Plaza Vea", amount: "-186.40", categoryId: categories[0]!.id, notes: "Groceries\nweek 1", payee: "Plaza Vea", status: "pending" });
    const put = await SELF.fetch(`${BASE}/transactions/${tx.id}/receipt`, { method: "PUT", headers: { Authorization: `Bearer ${token}`, "Content-Type": "image/jpeg" }, body: JPEG });
    expect(put.status).toBe(200);
    const original = await row(tx.id);
    const balanceBefore = await expectExactBalance(token, account.id);
    expect(balanceBefore).toBe(100000 - 500 - 18640);

    const deleted = await call("/transactions/bulk", { token, body: { ids: [tx.id], delete: true }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(deleted.status).toBe(200);
    expect(deleted.json.deleted).toEqual([tx.id]);
    expect(deleted.json.accounts[0].balanceMinor).toBe(100000 - 500);
    expect(await row(tx.id)).toBeNull();
    expect(await expectExactBalance(token, account.id)).toBe(100000 - 500);
    // The list and the search no longer find it; the receipt image is kept for the undo.
    const listed = await call(`/accounts/${account.id}/transactions?q=Plaza`, { token });
    expect(listed.json.transactions).toHaveLength(0);
    expect(await env.RECEIPTS.head(String(original!.receipt_key))).not.toBeNull();

    const restored = await call("/transactions/restore", { token, body: { ids: [tx.id] }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(restored.status).toBe(200);
    expect(restored.json.restored).toEqual([tx.id]);
    expect(restored.json.accounts[0].balanceMinor).toBe(balanceBefore);
    const back = await row(tx.id);
    const { seq: _seqBefore, ...same } = original!;
    const { seq: _seqAfter, ...sameBack } = back!;
    expect(sameBack).toEqual(same);
    expect(await expectExactBalance(token, account.id)).toBe(balanceBefore);
    expect((await call(`/accounts/${account.id}/transactions?q=Plaza`, { token })).json.transactions.map((t: { id: string }) => t.id)).toEqual([tx.id]);
    const image = await SELF.fetch(`${BASE}/transactions/${tx.id}/receipt`, { headers: { Authorization: `Bearer ${token}` } });
    expect(image.status).toBe(200);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM receipt_trash WHERE key = ?1").bind(original!.receipt_key).first<{ n: number }>())!.n).toBe(0);
    // Restored once: a second restore finds nothing to bring back.
    expect((await call("/transactions/restore", { token, body: { ids: [tx.id] } })).status).toBe(404);
    expect((await row(kept.id))).not.toBeNull();
  });

  it("deletes both legs of a transfer and brings both back as one transfer", async () => {
    const { token, account, cash } = await setup();
    const transfer = await call("/transfers", { token, body: { fromAccountId: account.id, toAccountId: cash.id, amount: "263.50", date: "2026-11-20" } });
    expect(transfer.status).toBe(201);
    const from = transfer.json.from.id as string;
    const to = transfer.json.to.id as string;
    const deleted = await call("/transactions/bulk", { token, body: { ids: [from], delete: true } });
    expect(deleted.status).toBe(200);
    expect(deleted.json.deleted.sort()).toEqual([from, to].sort());
    expect(await expectExactBalance(token, account.id)).toBe(100000);
    expect(await expectExactBalance(token, cash.id)).toBe(0);
    // Asking for one leg brings back both.
    const restored = await call("/transactions/restore", { token, body: { ids: [to] } });
    expect(restored.status).toBe(200);
    expect(restored.json.restored.sort()).toEqual([from, to].sort());
    expect(await expectExactBalance(token, account.id)).toBe(100000 - 26350);
    expect(await expectExactBalance(token, cash.id)).toBe(26350);
    expect((await row(from))!.transfer_id).toBe(transfer.json.transferId);
    expect((await row(to))!.transfer_id).toBe(transfer.json.transferId);
  });

  it("an imported row comes back counted in its import; a category deleted meanwhile is not brought back", async () => {
    const { token, account, user } = await setup();
    const csv = "date,description,amount\r\n2026-11-20,Wong,-10.00\r\n2026-11-21,Tottus,-20.00\r\n";
    const imported = await SELF.fetch(`${BASE}/accounts/${account.id}/import?dateColumn=0&descriptionColumn=1&amountColumn=2`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" }, body: csv });
    expect(imported.status).toBe(201);
    const importId = ((await imported.json()) as { importId: string }).importId;
    const rows = (await env.DB.prepare("SELECT id FROM transactions WHERE import_id = ?1").bind(importId).all<{ id: string }>()).results.map((r) => r.id);
    const category = await call("/categories", { token, body: { name: "Short lived", kind: "expense" } });
    expect(category.status).toBe(201);
    expect((await call("/transactions/bulk", { token, body: { ids: rows, set: { categoryId: category.json.category.id } } })).status).toBe(200);
    expect((await call("/transactions/bulk", { token, body: { ids: rows, delete: true } })).status).toBe(200);
    const remaining = () => env.DB.prepare("SELECT remaining FROM imports WHERE id = ?1").bind(importId).first<{ remaining: number }>();
    expect((await remaining())!.remaining).toBe(0);
    expect((await call(`/categories/${category.json.category.id}`, { method: "DELETE", token })).status).toBeLessThan(300);
    expect((await call("/transactions/restore", { token, body: { ids: rows } })).status).toBe(200);
    expect((await remaining())!.remaining).toBe(2);
    for (const id of rows) expect(await row(id)).toMatchObject({ import_id: importId, category_id: null, user_id: user.user.id });
    expect(await expectExactBalance(token, account.id)).toBe(100000 - 3000);
  });

  it("replays a delete sent twice with one Idempotency-Key", async () => {
    const { token, account } = await setup();
    const tx = await addTransaction(token, account.id);
    const key = crypto.randomUUID();
    const first = await call("/transactions/bulk", { token, body: { ids: [tx.id], delete: true }, headers: { "Idempotency-Key": key } });
    const again = await call("/transactions/bulk", { token, body: { ids: [tx.id], delete: true }, headers: { "Idempotency-Key": key } });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
  });

  it("brings nothing back once the 24-hour undo window has passed, even before the purge runs", async () => {
    const { token, account } = await setup();
    const tx = (await addTransaction(token, account.id, { description: "Old", amount: "-5.00" })) as { id: string };
    const deleted = await call("/transactions/bulk", { token, body: { ids: [tx.id], delete: true } });
    expect(deleted.status).toBe(200);
    // The snapshot is a day and a minute old: the purge has not run (no other delete since).
    await env.DB.prepare("UPDATE deleted_transactions SET deleted_at = deleted_at - ?2 WHERE id = ?1").bind(tx.id, 24 * 60 * 60 * 1000 + 60_000).run();
    expect((await call("/transactions/restore", { token, body: { ids: [tx.id] } })).status).toBe(404);
    expect(await row(tx.id)).toBeNull();
    expect(await expectExactBalance(token, account.id)).toBe(100000);
  });
});

