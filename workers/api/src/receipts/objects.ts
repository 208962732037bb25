/**
 * Receipt images in R2. Keys are `receipts/<userId>/<transactionId>/<random>` so one prefix
 * holds everything of a user (account deletion) and a new upload never overwrites an object a
 * browser may still be showing. The type is decided by the bytes, never by the client's header.
 */
import { forgetTrashed, trashedKeys } from "./store";

export function receiptKey(userId: string, transactionId: string): string {
  return `receipts/${userId}/${transactionId}/${crypto.randomUUID()}`;
}

/** Whether a stored key belongs to this user and transaction (defence in depth on reads). */
export function keyBelongsTo(key: string, userId: string, transactionId: string): boolean {
  return key.startsWith(`receipts/${userId}/${transactionId}/`);
}

/** Deletes objects, ignoring keys that are already gone (R2 delete is idempotent). */
export async function deleteReceiptObjects(bucket: R2Bucket, keys: Array<string | null | undefined>): Promise<void> {
  const list = keys.filter((k): k is string => typeof k === "string" && k.length > 0);
  for (let i = 0; i < list.length; i += 1000) await bucket.delete(list.slice(i, i + 1000));
}

/**
 * Every object of a user, listed by prefix page by page: the receipts, and the files of draft
 * imports (`drafts/<userId>/`, ADR 047) not imported yet.
 */
export async function deleteUserReceipts(bucket: R2Bucket, userId: string): Promise<number> {
  let deleted = 0;
  for (const prefix of [`receipts/${userId}/`, `drafts/${userId}/`]) {
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, cursor, limit: 1000 });
      const keys = page.objects.map((o) => o.key);
      if (keys.length) await bucket.delete(keys);
      deleted += keys.length;
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  return deleted;
}

/**
 * Deletes the R2 objects of receipts whose rows are gone (queued by the triggers of migration
 * 0003), then forgets them. Cheap when empty: one indexed SELECT.
 */
export async function drainReceiptTrash(db: D1Database, bucket: R2Bucket, limit = 1000): Promise<number> {
  const { results } = await trashedKeys(db, limit);
  if (!results.length) return 0;
  const keys = results.map((row) => row.key);
  await bucket.delete(keys);
  await forgetTrashed(db, keys).run();
  return keys.length;
}
