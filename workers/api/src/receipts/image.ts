/**
 * What a receipt image must be before it is kept: at most 10 MB, not empty, and a JPEG, PNG, WebP
 * or HEIC by its bytes (never by the client's header). Used by the create-with-receipt route
 * (POST /accounts/{accountId}/transactions/with-receipt), which checks the image before it writes
 * anything.
 */
import type { Context } from "hono";
import { MAX_RECEIPT_BYTES, sniffImageType, type ReceiptType } from "../../../../core/receipt-image";
import { translatedProblem } from "../platform/problem";

/** The image's type, or the answer that refuses it (413 too large, 415 empty or not an image). */
export function checkedReceiptImage(c: Context, bytes: Uint8Array): { contentType: ReceiptType } | { response: Response } {
  if (bytes.byteLength > MAX_RECEIPT_BYTES) return { response: translatedProblem(c, 413, "too-large", "camera.errors.tooLarge") };
  if (bytes.byteLength === 0) return { response: translatedProblem(c, 415, "unsupported-media-type", "camera.errors.emptyFile") };
  const contentType = sniffImageType(bytes);
  if (!contentType) return { response: translatedProblem(c, 415, "unsupported-media-type", "camera.errors.notAnImage") };
  return { contentType };
}
