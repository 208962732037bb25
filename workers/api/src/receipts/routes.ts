/**
 * A transaction's receipt image: upload (raw bytes, type checked by content, at most 10 MB),
 * read back (owner only), remove. Stored in R2 under the owner's prefix; the old object of a
 * replaced or removed receipt is deleted through the trash queue (migration 0003).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ID_PATTERN } from "../../../../core/ids";
import { createRouter } from "../platform/router";
import type { ApiBindings } from "../platform/types";
import { bearer, json, problemResponse } from "../platform/openapi";
import { problem, translatedProblem } from "../platform/problem";
import { MAX_RECEIPT_BYTES, MAX_RECEIPT_PIXELS, sniffImageType, tooManyPixels } from "../../../../core/receipt-image";
import { drainReceiptTrash, keyBelongsTo, receiptKey } from "./objects";
import { receiptOf, removeReceipt } from "./store";
import { requireSession } from "../sessions/middleware";
import { idempotent } from "../platform/idempotency";
import { updateRow } from "../ledger/store";

export const RECEIPT_PATH = /\/transactions\/[^/]+\/receipt$/;

export const receiptRoutes = createRouter();

const params = z.object({ transactionId: z.string().openapi({ param: { name: "transactionId", in: "path" }, example: "0195…" }) });
const receiptOut = z.object({ receipt: z.object({ transactionId: z.string(), contentType: z.string(), size: z.number(), uploadedAt: z.number() }) });
const binary = z.string().openapi({ format: "binary" });

/** The caller's transaction, its receipt key and whether its account is archived; null for a malformed, unknown or foreign id (all 404). */
async function ownTransaction(c: Context<ApiBindings>, transactionId: string) {
  if (!ID_PATTERN.test(transactionId)) return null;
  return receiptOf(c.env.DB, c.get("user").id, transactionId);
}

/** An archived account is closed to changes (ADR 035), its receipts included: the 409, or null. */
function archivedRefusal(c: Context<ApiBindings>, row: { archived: number }): Response | null {
  return row.archived ? translatedProblem(c, 409, "conflict", "api.accountArchivedChange") : null;
}

receiptRoutes.openapi(
  createRoute({
    method: "put",
    path: "/transactions/{transactionId}/receipt",
    summary: "Attach or replace the receipt image (JPEG, PNG, WebP or HEIC, at most 10 MB; the type is read from the bytes)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: {
      params,
      body: { content: { "image/jpeg": { schema: binary }, "image/png": { schema: binary }, "image/webp": { schema: binary }, "image/heic": { schema: binary } } },
    },
    responses: {
      200: { description: "Stored", ...json(receiptOut) },
      401: problemResponse("No session"),
      404: problemResponse("No such transaction"),
      409: problemResponse("The transaction's account is archived"),
      413: problemResponse("Larger than 10 MB, or more than 40 megapixels"),
      415: problemResponse("Not a JPEG, PNG, WebP or HEIC image"),
    },
  }),
  async (c) => {
    const { transactionId } = c.req.valid("param");
    const row = await ownTransaction(c, transactionId);
    if (!row) return problem(c, 404, "not-found");
    const closed = archivedRefusal(c, row);
    if (closed) return closed;
    const declared = Number(c.req.header("Content-Length") ?? "0");
    if (declared > MAX_RECEIPT_BYTES) return translatedProblem(c, 413, "too-large", "camera.errors.tooLarge");
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > MAX_RECEIPT_BYTES) return translatedProblem(c, 413, "too-large", "camera.errors.tooLarge");
    if (bytes.byteLength === 0) return translatedProblem(c, 415, "unsupported-media-type", "camera.errors.emptyFile");
    const contentType = sniffImageType(bytes);
    if (!contentType) return translatedProblem(c, 415, "unsupported-media-type", "camera.errors.notAnImage");
    // Read from the header, never decoded: a small file may hold a huge picture (issue 36).
    if (tooManyPixels(bytes)) return translatedProblem(c, 413, "too-large", "api.tooManyPixels", { megapixels: MAX_RECEIPT_PIXELS / 1_000_000 });
    const userId = c.get("user").id;
    const key = receiptKey(userId, row.id);
    const uploadedAt = Date.now();
    await c.env.RECEIPTS.put(key, bytes, { httpMetadata: { contentType }, customMetadata: { userId, transactionId: row.id, uploadedAt: String(uploadedAt) } });
    // `updated_at` stays: it is the copy an edit form starts from (ADR 035), and a photo is none of
    // the fields that form holds; an edit open elsewhere is not a conflict because of it.
    const updated = await updateRow(c.env.DB, "transactions", { id: row.id, userId }, { receipt_key: key })!.run();
    if (!updated.meta.changes) {
      // Deleted while uploading: do not leave the image behind.
      await c.env.RECEIPTS.delete(key);
      return problem(c, 404, "not-found");
    }
    await drainReceiptTrash(c.env.DB, c.env.RECEIPTS);
    return c.json({ receipt: { transactionId: row.id, contentType, size: bytes.byteLength, uploadedAt } }, 200);
  },
);

/**
 * Whether an `If-None-Match` value names this ETag (weak comparison, RFC 9110 13.1.2), so the
 * browser's copy is current. Read here rather than handed to R2's `onlyIf`: R2 throws on a
 * malformed tag, and would also act on `If-Match` and the date preconditions, which this route
 * does not offer. A malformed value matches nothing, so the image is sent.
 */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

receiptRoutes.openapi(
  createRoute({
    method: "get",
    path: "/transactions/{transactionId}/receipt",
    summary: "The receipt image, streamed (owner only; ETag for revalidation)",
    security: bearer,
    middleware: [requireSession] as const,
    request: { params },
    responses: {
      200: { description: "The image", content: { "image/jpeg": { schema: binary }, "image/png": { schema: binary }, "image/webp": { schema: binary }, "image/heic": { schema: binary } } },
      304: { description: "Not modified" },
      401: problemResponse("No session"),
      404: problemResponse("No such transaction or no receipt"),
    },
  }),
  async (c) => {
    const { transactionId } = c.req.valid("param");
    const row = await ownTransaction(c, transactionId);
    if (!row?.receipt_key || !keyBelongsTo(row.receipt_key, c.get("user").id, row.id)) return problem(c, 404, "not-found");
    const object = await c.env.RECEIPTS.get(row.receipt_key);
    if (!object) return problem(c, 404, "not-found");
    const headers = new Headers({
      ETag: object.httpEtag,
      // Private, and checked again each time: a revoked session must not keep seeing it.
      "Cache-Control": "private, no-cache",
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Disposition": "inline",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
    });
    if (noneMatch(c.req.header("If-None-Match"), object.httpEtag)) {
      await object.body.cancel();
      return new Response(null, { status: 304, headers });
    }
    headers.set("Content-Length", String(object.size));
    return new Response(object.body, { status: 200, headers });
  },
);

receiptRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/transactions/{transactionId}/receipt",
    summary: "Remove the receipt image; with `receiptKey`, only if it is still that image",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: {
      params,
      query: z.object({
        receiptKey: z.string().max(300).optional().openapi({ description: "The `receiptKey` the caller saw: a photo replaced since (another tab or device) is not removed (409)." }),
      }),
    },
    responses: {
      204: { description: "Removed (or there was none)" },
      401: problemResponse("No session"),
      404: problemResponse("No such transaction"),
      409: problemResponse("The photo was replaced since `receiptKey`, or the transaction's account is archived"),
    },
  }),
  async (c) => {
    const { transactionId } = c.req.valid("param");
    const { receiptKey: seen } = c.req.valid("query");
    const row = await ownTransaction(c, transactionId);
    if (!row) return problem(c, 404, "not-found");
    const closed = archivedRefusal(c, row);
    if (closed) return closed;
    // Gone already is what the caller wanted; another photo than the one they saw is not.
    if (seen !== undefined && row.receipt_key !== null && row.receipt_key !== seen) return translatedProblem(c, 409, "conflict", "api.receiptChanged");
    if (row.receipt_key) {
      // Only the image read above: one put by another request since then stays (and is answered as above next time).
      const removed = await removeReceipt(c.env.DB, c.get("user").id, row.id, row.receipt_key).run();
      // Replaced between the read and the write: the new photo stays, and the caller hears so.
      if (!removed.meta.changes) return translatedProblem(c, 409, "conflict", "api.receiptChanged");
      await drainReceiptTrash(c.env.DB, c.env.RECEIPTS);
    }
    return c.body(null, 204);
  },
);
