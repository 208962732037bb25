import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, call, signUp, uniqueIp } from "./helpers";

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const WEBP = new Uint8Array([...new TextEncoder().encode("RIFF"), 0x24, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 ")]);
const HEIC = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypheic"), 0, 0, 0, 0, ...new TextEncoder().encode("mif1heic")]);

async function newTransaction(token: string) {
  const account = await call("/accounts", { token, body: { name: "BCP Soles", type: "checking", currency: "PEN" } });
  expect(account.status).toBe(201);
  const tx = await call(`/accounts/${account.json.account.id}/transactions`, { token, body: { date: "2026-11-20", description: "Wong", amount: "-85.40" } });
  expect(tx.status).toBe(201);
  return { accountId: account.json.account.id as string, transactionId: tx.json.transaction.id as string };
}

async function put(transactionId: string, token: string, body: Uint8Array<ArrayBuffer>, contentType = "image/jpeg") {
  const response = await SELF.fetch(`${BASE}/transactions/${transactionId}/receipt`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": contentType, "CF-Connecting-IP": uniqueIp() },
    body,
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- checked field by field
}

async function get(transactionId: string, token: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}/transactions/${transactionId}/receipt`, { headers: { Authorization: `Bearer ${token}`, ...headers } });
}

async function keyOf(transactionId: string) {
  return (await env.DB.prepare("SELECT receipt_key FROM transactions WHERE id = ?1").bind(transactionId).first<{ receipt_key: string | null }>())?.receipt_key ?? null;
}

describe("receipt upload", () => {
  it.each([
    ["JPEG", JPEG, "image/jpeg"],
    ["PNG", PNG, "image/png"],
    ["WebP", WEBP, "image/webp"],
    ["HEIC", HEIC, "image/heic"],
  ])("stores a %s under the user's prefix, typed by its bytes", async (_name, bytes, type) => {
    const { token, user } = await signUp();
    const { transactionId } = await newTransaction(token);
    // The declared type is ignored: the bytes decide.
    const stored = await put(transactionId, token, bytes, "application/octet-stream");
    expect(stored.status).toBe(200);
    expect(stored.json.receipt).toMatchObject({ transactionId, contentType: type, size: bytes.byteLength });
    const key = await keyOf(transactionId);
    expect(key).toMatch(new RegExp(`^receipts/${user.id}/${transactionId}/[0-9a-f-]{36}$`));
    const object = await env.RECEIPTS.get(key!);
    expect(object?.httpMetadata?.contentType).toBe(type);

    const back = await get(transactionId, token);
    expect(back.status).toBe(200);
    expect(back.headers.get("Content-Type")).toBe(type);
    expect(back.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(bytes);
    const { json } = await call(`/transactions/${transactionId}`, { token });
    expect(json.transaction.receiptKey).toBe(key);
  });

  it("refuses what is not an image, whatever its declared type", async () => {
    const { token } = await signUp();
    const { transactionId } = await newTransaction(token);
    const html = await put(transactionId, token, new TextEncoder().encode("<html><script>alert(1)</script></html>"), "image/png");
    expect(html.status).toBe(415);
    expect(html.json.detail).toBe("Only JPEG, PNG, WebP or HEIC images can be attached.");
    const gif = await put(transactionId, token, new TextEncoder().encode("GIF89a......"), "image/gif");
    expect(gif.status).toBe(415);
    const empty = await put(transactionId, token, new Uint8Array(0));
    expect(empty.status).toBe(415);
    // Said as it is: a chosen file with nothing in it, not "choose a photo" nor "not an image".
    expect(empty.json.detail).toBe("The file is empty: choose another.");
    expect(await keyOf(transactionId)).toBeNull();
  });

  it("refuses more than 10 MB and accepts exactly 10 MB", async () => {
    const { token } = await signUp();
    const { transactionId } = await newTransaction(token);
    const limit = 10 * 1024 * 1024;
    const exact = new Uint8Array(limit);
    exact.set(JPEG.subarray(0, 4));
    expect((await put(transactionId, token, exact)).status).toBe(200);
    const over = new Uint8Array(limit + 1);
    over.set(JPEG.subarray(0, 4));
    const refused = await put(transactionId, token, over);
    expect(refused.status).toBe(413);
    expect(refused.json.detail).toBe("The image is larger than 10 MB.");
  });

  it("is the owner's only: another user gets a 404 for reading, writing and deleting", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const { transactionId } = await newTransaction(owner.token);
    expect((await put(transactionId, owner.token, JPEG)).status).toBe(200);
    expect((await put(transactionId, stranger.token, PNG)).status).toBe(404);
    expect((await get(transactionId, stranger.token)).status).toBe(404);
    expect((await call(`/transactions/${transactionId}/receipt`, { method: "DELETE", token: stranger.token })).status).toBe(404);
    expect((await get(transactionId, owner.token)).headers.get("Content-Type")).toBe("image/jpeg");
    expect((await get("not-an-id", owner.token)).status).toBe(404);
    expect((await SELF.fetch(`${BASE}/transactions/${transactionId}/receipt`)).status).toBe(401);
  });

  it("answers a matching ETag with 304, and sends the image for any other precondition, even a malformed one", async () => {
    const { token } = await signUp();
    const { transactionId } = await newTransaction(token);
    await put(transactionId, token, JPEG);
    const first = await get(transactionId, token);
    const etag = first.headers.get("ETag")!;
    await first.arrayBuffer();
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await get(transactionId, token, { "If-None-Match": header });
      expect({ header, status: again.status, etag: again.headers.get("ETag") }).toEqual({ header, status: 304, etag });
    }
    for (const headers of [{ "If-None-Match": "abc" }, { "If-None-Match": '"other"' }, { "If-Match": '"nope"' }, { "If-Unmodified-Since": "garbage" }, { "If-Modified-Since": "Sat, 01 Jan 2000 00:00:00 GMT" }] as Array<Record<string, string>>) {
      const sent = await get(transactionId, token, headers);
      expect({ headers, status: sent.status }).toEqual({ headers, status: 200 });
      expect(new Uint8Array(await sent.arrayBuffer())).toEqual(JPEG);
    }
  });
});

describe("receipt lifetime", () => {
  it("a replaced receipt's old image is deleted from R2", async () => {
    const { token } = await signUp();
    const { transactionId } = await newTransaction(token);
    await put(transactionId, token, JPEG);
    const oldKey = await keyOf(transactionId);
    await put(transactionId, token, PNG);
    const newKey = await keyOf(transactionId);
    expect(newKey).not.toBe(oldKey);
    expect(await env.RECEIPTS.head(oldKey!)).toBeNull();
    expect(await env.RECEIPTS.head(newKey!)).not.toBeNull();
  });

  it("removing the receipt deletes the image", async () => {
    const { token } = await signUp();
    const { transactionId } = await newTransaction(token);
    await put(transactionId, token, JPEG);
    const key = await keyOf(transactionId);
    expect((await call(`/transactions/${transactionId}/receipt`, { method: "DELETE", token })).status).toBe(204);
    expect(await keyOf(transactionId)).toBeNull();
    expect(await env.RECEIPTS.head(key!)).toBeNull();
    expect((await get(transactionId, token)).status).toBe(404);
  });

  it("removing with the key the caller saw removes only that photo: one replaced since stays (409)", async () => {
    const { token } = await signUp();
    const { transactionId } = await newTransaction(token);
    await put(transactionId, token, JPEG);
    const seen = (await keyOf(transactionId))!;
    // Replaced in another tab after this one drew the photo.
    await put(transactionId, token, PNG);
    const current = (await keyOf(transactionId))!;
    const stale = await call(`/transactions/${transactionId}/receipt?receiptKey=${encodeURIComponent(seen)}`, { method: "DELETE", token, headers: { "Accept-Language": "es" } });
    expect(stale.status).toBe(409);
    expect(stale.json.detail).toBe("La foto se reemplazó mientras tanto (en otra pestaña u otro dispositivo), así que no se quitó. Esta es la nueva.");
    expect(await keyOf(transactionId)).toBe(current);
    expect(await env.RECEIPTS.head(current)).not.toBeNull();
    expect((await call(`/transactions/${transactionId}/receipt?receiptKey=${encodeURIComponent(current)}`, { method: "DELETE", token })).status).toBe(204);
    expect(await keyOf(transactionId)).toBeNull();
    expect(await env.RECEIPTS.head(current)).toBeNull();
    // Gone already is what was asked: no refusal for the second tab.
    expect((await call(`/transactions/${transactionId}/receipt?receiptKey=${encodeURIComponent(current)}`, { method: "DELETE", token })).status).toBe(204);
  });

  it("a photo added, replaced or removed is no change to the fields an edit form holds: an edit from before it is no conflict", async () => {
    const { token } = await signUp();
    const { transactionId } = await newTransaction(token);
    const before = (await call(`/transactions/${transactionId}`, { token })).json.transaction.updatedAt;
    await put(transactionId, token, JPEG);
    await put(transactionId, token, PNG);
    expect((await call(`/transactions/${transactionId}/receipt`, { method: "DELETE", token })).status).toBe(204);
    await put(transactionId, token, JPEG);
    expect((await call(`/transactions/${transactionId}`, { token })).json.transaction.updatedAt).toBe(before);
    // The form drawn before the photos saves, and the photo stays.
    const saved = await call(`/transactions/${transactionId}`, { method: "PATCH", token, body: { description: "Wong Benavides", updatedAt: before } });
    expect(saved.status).toBe(200);
    expect(saved.json.transaction).toMatchObject({ description: "Wong Benavides", receiptKey: await keyOf(transactionId) });
    expect(await keyOf(transactionId)).not.toBeNull();
  });

  it("honours Idempotency-Key: the same upload or removal sent twice is one write, answered alike", async () => {
    const { token } = await signUp();
    const { transactionId } = await newTransaction(token);
    const upload = (key: string, body: Uint8Array<ArrayBuffer>) =>
      SELF.fetch(`${BASE}/transactions/${transactionId}/receipt`, { method: "PUT", headers: { Authorization: `Bearer ${token}`, "Content-Type": "image/jpeg", "Idempotency-Key": key, "CF-Connecting-IP": uniqueIp() }, body });
    const first = await upload("receipt-put-1", JPEG);
    const key = await keyOf(transactionId);
    const again = await upload("receipt-put-1", JPEG);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual(await first.json());
    expect(await keyOf(transactionId)).toBe(key);
    // The same key with another photo is another request: refused, nothing replaced.
    expect((await upload("receipt-put-1", PNG)).status).toBe(422);
    expect(await keyOf(transactionId)).toBe(key);
    const remove = () => call(`/transactions/${transactionId}/receipt?receiptKey=${encodeURIComponent(key!)}`, { method: "DELETE", token, headers: { "Idempotency-Key": "receipt-delete-1" } });
    expect((await remove()).status).toBe(204);
    expect((await remove()).status).toBe(204);
    expect(await keyOf(transactionId)).toBeNull();
  });

  it("an archived account's receipts cannot be added, replaced or removed (409), as its transactions cannot change", async () => {
    const { token } = await signUp();
    const { accountId, transactionId } = await newTransaction(token);
    await put(transactionId, token, JPEG);
    const key = (await keyOf(transactionId))!;
    expect((await call(`/accounts/${accountId}`, { method: "PATCH", token, body: { archived: true } })).status).toBe(200);
    const replaced = await put(transactionId, token, PNG);
    expect(replaced.status).toBe(409);
    expect(replaced.json.detail).toBe("This account is archived. Restore it on the Accounts page to change or delete its transactions.");
    expect((await call(`/transactions/${transactionId}/receipt`, { method: "DELETE", token })).status).toBe(409);
    expect(await keyOf(transactionId)).toBe(key);
    expect(await env.RECEIPTS.head(key)).not.toBeNull();
    // Still seen by its owner.
    expect((await get(transactionId, token)).status).toBe(200);
  });

  it("deleting the transaction deletes its receipt image", async () => {
    const { token } = await signUp();
    const { transactionId } = await newTransaction(token);
    await put(transactionId, token, JPEG);
    const key = await keyOf(transactionId);
    expect(await env.RECEIPTS.head(key!)).not.toBeNull();
    const deleted = await call(`/transactions/${transactionId}`, { method: "DELETE", token });
    expect(deleted.status).toBe(200);
    expect(await env.RECEIPTS.head(key!)).toBeNull();
    const trash = await env.DB.prepare("SELECT COUNT(*) AS n FROM receipt_trash").first<{ n: number }>();
    expect(trash?.n).toBe(0);
  });

  it("deleting a transfer deletes the receipts of both legs", async () => {
    const { token } = await signUp();
    const a = await call("/accounts", { token, body: { name: "A", type: "checking", currency: "PEN" } });
    const b = await call("/accounts", { token, body: { name: "B", type: "cash", currency: "PEN" } });
    const transfer = await call("/transfers", { token, body: { fromAccountId: a.json.account.id, toAccountId: b.json.account.id, amount: "10.00", date: "2026-11-20" } });
    expect(transfer.status).toBe(201);
    await put(transfer.json.from.id, token, JPEG);
    await put(transfer.json.to.id, token, PNG);
    const keys = [await keyOf(transfer.json.from.id), await keyOf(transfer.json.to.id)];
    expect((await call(`/transfers/${transfer.json.transferId}`, { method: "DELETE", token })).status).toBe(200);
    for (const key of keys) expect(await env.RECEIPTS.head(key!)).toBeNull();
  });
});
