/**
 * The API's edge for request bodies (issue 36): every route answers a body past its limit with 413
 * problem+json, and a JSON body that is not UTF-8 with 400, before any route reads it.
 *
 * A declared `Content-Length` past the limit is refused at once; a body without one (chunked) is
 * counted as it streams and refused when the count passes the limit. Either way the rest of the
 * upload is read and dropped (up to DRAIN_CAP_BYTES) before answering: answered unread, the
 * client was still sending when the connection closed, and the probe saw resets and, through the
 * app Worker's proxy, 500 "Network connection lost" instead of the 413.
 */
import type { Context, MiddlewareHandler } from "hono";
import { translatedProblem } from "./problem";
import type { ApiBindings } from "./types";

/** A route's limit: the first rule whose method and path match applies; otherwise the default's. */
export interface BodyRule {
  method: string;
  path: RegExp;
  maxBytes: number;
  /** The i18n key of the 413's detail. */
  tooLargeKey: string;
}

/** An upload this much larger is not read to its end: the connection is let go instead. */
export const DRAIN_CAP_BYTES = 32 * 1024 * 1024;

/** Reads what is left of a body and drops it, stopping after `cap` bytes (then the stream is cancelled). */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, cap: number): Promise<void> {
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > cap) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // A client that went away: nothing to answer it.
  }
}

/** The body, read whole while it stays within `max` bytes; null when it passed `max` (the rest drained). */
async function readWithin(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await drain(reader, DRAIN_CAP_BYTES);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const isJson = (contentType: string | undefined) => /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType ?? "");

/** Whether the bytes are UTF-8 (a JSON body must be, RFC 8259 §8.1; decoded leniently, bad bytes became U+FFFD and were stored). */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function edgeBodyLimit(rules: BodyRule[], fallback: Omit<BodyRule, "method" | "path">): MiddlewareHandler<ApiBindings> {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const rule = rules.find((candidate) => candidate.method === c.req.method && candidate.path.test(c.req.path)) ?? fallback;
    const tooLarge = (ctx: Context<ApiBindings>) => translatedProblem(ctx, 413, "too-large", rule.tooLargeKey);
    const declared = c.req.header("Content-Length");
    const chunked = c.req.raw.headers.has("Transfer-Encoding");
    if (declared !== undefined && !chunked && /^\d+$/.test(declared.trim()) && Number(declared) > rule.maxBytes) {
      await drain(body.getReader(), Number(declared) > DRAIN_CAP_BYTES ? 0 : DRAIN_CAP_BYTES);
      return tooLarge(c);
    }
    // Large uploads (receipts, CSV files) with a declared size within the limit stream on to their
    // route, which reads them once; anything else is read here, counted.
    if (declared !== undefined && !chunked && !isJson(c.req.header("Content-Type"))) return next();
    const bytes = await readWithin(body, rule.maxBytes);
    if (!bytes) return tooLarge(c);
    if (isJson(c.req.header("Content-Type")) && !isUtf8(bytes)) return translatedProblem(c, 400, "malformed", "api.invalidUtf8");
    c.req.raw = new Request(c.req.raw, { body: bytes });
    return next();
  };
}
