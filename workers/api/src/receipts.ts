/**
 * Receipt images in R2. Keys are `receipts/<userId>/<transactionId>/<random>` so one prefix
 * holds everything of a user (account deletion) and a new upload never overwrites an object a
 * browser may still be showing. The type is decided by the bytes, never by the client's header.
 */

export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;

export type ReceiptType = "image/jpeg" | "image/png" | "image/webp" | "image/heic";

/** HEIF brands of still images (HEIC and its HEIF siblings that phones write). */
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The image type by magic bytes: JPEG FF D8 FF, PNG's 8-byte signature, RIFF…WEBP, ISO-BMFF ftyp with a HEIF brand. */
export function sniffImageType(bytes: Uint8Array): ReceiptType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    const end = Math.min(bytes.length, Math.max(16, boxSize));
    if (HEIF_BRANDS.has(ascii(bytes, 8, 12))) return "image/heic";
    // Compatible brands follow the major brand and its minor version.
    for (let i = 16; i + 4 <= end; i += 4) if (HEIF_BRANDS.has(ascii(bytes, i, i + 4))) return "image/heic";
  }
  return null;
}

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

/** Every receipt of a user, listed by prefix page by page. */
export async function deleteUserReceipts(bucket: R2Bucket, userId: string): Promise<number> {
  let cursor: string | undefined;
  let deleted = 0;
  do {
    const page = await bucket.list({ prefix: `receipts/${userId}/`, cursor, limit: 1000 });
    const keys = page.objects.map((o) => o.key);
    if (keys.length) await bucket.delete(keys);
    deleted += keys.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return deleted;
}

/**
 * Deletes the R2 objects of receipts whose rows are gone (queued by the triggers of migration
 * 0003), then forgets them. Cheap when empty: one indexed SELECT.
 */
export async function drainReceiptTrash(db: D1Database, bucket: R2Bucket, limit = 1000): Promise<number> {
  const { results } = await db.prepare("SELECT key FROM receipt_trash ORDER BY queued_at LIMIT ?1").bind(limit).all<{ key: string }>();
  if (!results.length) return 0;
  const keys = results.map((row) => row.key);
  await bucket.delete(keys);
  await db.prepare("DELETE FROM receipt_trash WHERE key IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(keys)).run();
  return keys.length;
}
