/**
 * `Idempotency-Key` for mutating routes (docs/api/ledger.md, docs/decisions/011-idempotency.md).
 *
 * The first request with a key claims it with a pending row (one INSERT … ON CONFLICT DO NOTHING,
 * so two concurrent requests cannot both run). Then:
 * - same key, same method + path + query + body, finished → the stored answer is replayed;
 * - same key, another request → 422;
 * - same key while the first is still running → 409 with Retry-After (the client may retry);
 * - same key still pending after IDEMPOTENCY_PENDING_MS → 409 `idempotency-uncertain`: the first
 *   attempt ended in a 5xx and may or may not have written; reload and look before trying again.
 * Only 2xx answers are stored. A 4xx releases the key (nothing was written: every handler writes in
 * one final batch), so a corrected retry with the same key runs. A 5xx keeps the key pending: we
 * cannot tell whether the write happened, and a retry must never post twice.
 */
import type { MiddlewareHandler } from "hono";
import { translatorFor } from "../../../../core/i18n/translator";
import { OPAQUE_TOKEN_PATTERN } from "../../../../core/ids";
import { sha256Hex } from "./crypto";
import type { ApiBindings } from "./types";
import { localeOf, problem, validationProblem } from "./problem";
import { claimIdempotencyKey, dropExpiredIdempotencyKeys, idempotencyKey, releaseIdempotencyKey, storeIdempotentAnswer } from "./store";

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** Longer than any request runs (the app gives up on the API after 10 s per attempt). */
export const IDEMPOTENCY_PENDING_MS = 30_000;

export const idempotent: MiddlewareHandler<ApiBindings> = async (c, next) => {
  const key = c.req.header("Idempotency-Key");
  if (key === undefined) return next();
  if (!OPAQUE_TOKEN_PATTERN.test(key)) return validationProblem(c, { "Idempotency-Key": ["api.idempotencyKey"] }, 400);
  const db = c.env.DB;
  const userId = c.get("user").id;
  const url = new URL(c.req.url);
  // The body's bytes, not its text: read as text first, a later arrayBuffer() would be the text
  // encoded again as UTF-8, and a CSV in Windows-1252 would lose its accents before the import
  // could decode it. For a UTF-8 body the hash is the same as hashing the text.
  const signed = new Blob([`${c.req.method} ${url.pathname}${url.search}\n`, await c.req.arrayBuffer()]);
  const hash = await sha256Hex(new Uint8Array(await signed.arrayBuffer()));
  const now = Date.now();
  const [, claimed] = await db.batch(claimIdempotencyKey(db, userId, key, hash, now, IDEMPOTENCY_TTL_MS));
  if (!claimed?.meta.changes) {
    const row = await idempotencyKey(db, userId, key);
    const t = translatorFor(localeOf(c));
    if (row && row.request_hash !== hash) return problem(c, 422, "idempotency-key-reused", { detail: t("api.idempotencyReused") });
    // Pending past any request's life: the first attempt failed with a 5xx, and whether its write
    // landed is unknown. Waiting will not help; the page can show whether it did.
    if (row && row.status === null && now - row.created_at > IDEMPOTENCY_PENDING_MS) {
      return problem(c, 409, "idempotency-uncertain", { detail: t("api.idempotencyUncertain") });
    }
    if (!row || row.status === null) return problem(c, 409, "idempotency-in-progress", { detail: t("api.idempotencyInProgress"), retryAfter: 1 });
    return new Response(row.response_body || null, {
      status: row.status,
      headers: { ...(row.response_body ? { "Content-Type": "application/json" } : {}), "Idempotent-Replayed": "true" },
    });
  }
  // Old records go now and then, on the write path.
  if (Math.random() < 0.01) await dropExpiredIdempotencyKeys(db, now - IDEMPOTENCY_TTL_MS).run();
  await next();
  const status = c.res.status;
  if (status >= 200 && status < 300) {
    const text = await c.res.clone().text();
    await storeIdempotentAnswer(db, userId, key, status, text).run();
  } else if (status < 500) {
    await releaseIdempotencyKey(db, userId, key).run();
  }
};
