import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { createAccount } from "./ledger-helpers";

/**
 * A transaction created with its receipt in one call (ADR 047): both are written, or neither.
 */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

/** The multipart body as bytes: a retry sends the same ones (a FormData would draw a new boundary, and the Idempotency-Key signs the body). */
async function withReceipt(token: string, accountId: string, transaction: unknown, image: BlobPart, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set("transaction", typeof transaction === "string" ? transaction : JSON.stringify(transaction));
  form.set("receipt", new File([image], "receipt.jpg", { type: "image/jpeg" }));
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  return call(`/accounts/${accountId}/transactions/with-receipt`, { method: "POST", token, rawBody: body, headers: { ...headers, "Content-Type": encoded.headers.get("Content-Type")! } });
}

/** Sends the same bytes twice. */
async function twice(token: string, accountId: string, transaction: unknown, key: string) {
  const form = new FormData();
  form.set("transaction", JSON.stringify(transaction));
  form.set("receipt", new File([JPEG], "receipt.jpg", { type: "image/jpeg" }));
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  const send = () => call(`/accounts/${accountId}/transactions/with-receipt`, { method: "POST", token, rawBody: body, headers: { "Idempotency-Key": key, "Content-Type": encoded.headers.get("Content-Type")! } });
  return [await send(), await send()] as const;
}

async function rowsOf(userId: string) {
  return (await env.DB.prepare("SELECT id, receipt_key FROM transactions WHERE user_id = ?1").bind(userId).all<{ id: string; receipt_key: string | null }>()).results;
}

async function objectsOf(userId: string) {
  return (await env.RECEIPTS.list({ prefix: `receipts/${userId}/` })).objects.map((o) => o.key);
}

describe("create a transaction with its receipt", () => {
  it("writes the transaction and its receipt together", async () => {
    const { token, user } = await signUp();
    const account = await createAccount(token);
    const [created, replay] = await twice(token, account.id, { date: "2026-11-20", description: "Wong", amount: "-85.40" }, "with-receipt-1");
    expect(created.status).toBe(201);
    expect(created.json.transaction).toMatchObject({ description: "Wong", amount: "-85.40" });
    expect(created.json.receipt).toMatchObject({ transactionId: created.json.transaction.id, contentType: "image/jpeg", size: JPEG.byteLength });
    // The same key and body replay the answer: one transaction, one image.
    expect(replay.status).toBe(201);
    expect(replay.json.transaction.id).toBe(created.json.transaction.id);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(await objectsOf(user.id)).toEqual([rows[0]!.receipt_key]);
    const image = await call(`/transactions/${created.json.transaction.id}/receipt`, { token });
    expect(image.status).toBe(200);
  });

  it("writes neither for an image that is not one, an empty one, or refused fields", async () => {
    const { token, user } = await signUp();
    const account = await createAccount(token);
    const fields = { date: "2026-11-20", description: "Wong", amount: "-85.40" };
    const notImage = await withReceipt(token, account.id, fields, "not an image at all");
    expect(notImage.status).toBe(415);
    expect((await withReceipt(token, account.id, fields, new Uint8Array())).status).toBe(415);
    const badFields = await withReceipt(token, account.id, { ...fields, amount: "abc" }, JPEG);
    expect(badFields.status).toBe(422);
    expect(badFields.json.errors.amount).toBeDefined();
    expect((await withReceipt(token, account.id, "{not json", JPEG)).status).toBe(422);
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await objectsOf(user.id)).toEqual([]);
  });

  it("takes the stored image away again when the transaction's batch fails", async () => {
    const { token, user } = await signUp();
    // Filled near the exact range (as ledger.test.ts does): the amount passes the field check and
    // the batch's CHECK refuses it, after the image was put.
    const account = await createAccount(token, { openingBalance: "9000000000000.00" });
    const big = { date: "2026-11-20", description: "big", amount: "9999999999999.99" };
    let status = 201;
    for (let i = 0; i < 10 && status === 201; i++) status = (await call(`/accounts/${account.id}/transactions`, { token, body: big })).status;
    expect(status).toBe(422);
    const before = await rowsOf(user.id);
    const refused = await withReceipt(token, account.id, big, JPEG);
    expect(refused.status).toBe(422);
    expect(await rowsOf(user.id)).toEqual(before);
    expect(await objectsOf(user.id)).toEqual([]);
  });

  it("answers 404 for another user's account and keeps nothing", async () => {
    const a = await signUp();
    const b = await signUp();
    const account = await createAccount(a.token);
    const refused = await withReceipt(b.token, account.id, { date: "2026-11-20", description: "Not yours", amount: "-1.00" }, JPEG);
    expect(refused.status).toBe(404);
    expect(await rowsOf(a.user.id)).toEqual([]);
    expect(await objectsOf(b.user.id)).toEqual([]);
  });
});
