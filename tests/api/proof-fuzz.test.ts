import { SELF } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IMPORT_MAX_BYTES, MAX_RECEIPT_BYTES } from "../../core/input-limits";
import { RESTORE_MAX_BYTES } from "../../core/schemas/restore";
import { BASE, call, signUp, uniqueIp } from "./helpers";
import { addTransaction, createAccount } from "./ledger-helpers";
import { dbChecksum, loadOperations, type Operation } from "./proof-openapi";

/**
 * Bad input, property-based (issue 6): every operation the OpenAPI document lists gets arbitrary
 * path ids, query values, headers and bodies: malformed JSON, wrong types, huge strings, control
 * characters, impossible dates, 10^15 amounts, HTML and SQL. Whatever comes in:
 * - the answer is never a 5xx;
 * - a refused answer (4xx) stored nothing: the checksum of every table (and the receipt bucket)
 *   is the same before and after.
 *
 * RUNS per operation is kept small so `npm test` stays fast (~10 s for this file); raise it locally
 * to dig deeper. fast-check prints the seed and the shrunk counterexample of any failure.
 */
const RUNS = 10;

const HTML = ["<script>alert(1)</script>", `"><img src=x onerror=alert(1)>`, "<svg/onload=alert(1)>", "javascript:alert(1)", "{{constructor.constructor('alert(1)')()}}"];
const SQL = ["' OR 1=1; --", "Robert'); DROP TABLE transactions;--", "1; DELETE FROM users", "\" OR \"\"=\"", "%' AND 1=0 UNION SELECT password_hash FROM users --"];
const CONTROL = ["\u0000", "a\u0000b", "\u0001\u001f\u007f", "\u2028\u2029", "\u202eRTL", "\ud800", "line\r\nbreak", "\t"];
const DATES = ["2026-02-30", "2026-13-01", "0000-00-00", "9999-12-31", "2026-1-1", "20261120", "2026-11-20T00:00:00Z", "31/12/2026", "", " "];
const AMOUNTS = ["1000000000000000", "-1000000000000000", "10000000000000.00", "9999999999999.99", "1e15", "NaN", "Infinity", "-0", "0x10", "1,2,3", "١٢٣", "1.001", "--1", "+5"];
const NUMBERS = [1e15, -1e15, 1e308, Number.MAX_SAFE_INTEGER + 2, 0.1, -0, 10 ** 15 + 1];

/** Short hostile strings (fit in a URL). */
const shortNasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(...HTML, ...SQL, ...CONTROL, ...DATES, ...AMOUNTS),
  fc.string({ unit: "grapheme", maxLength: 20 }),
);
/** Any JSON value a field could receive. */
const value = fc.oneof(
  { weight: 4, arbitrary: shortNasty },
  fc.constant("x".repeat(60_000)), // under the 64 KB limit: length validation must say no
  fc.constant("ñ".repeat(5_000)),
  fc.constantFrom(...NUMBERS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(shortNasty, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), shortNasty, { maxKeys: 3 }),
);

type Body = { kind: "none" } | { kind: "raw"; text: string; contentType: string | null } | { kind: "json"; value: unknown; contentType: string };

function bodyFor(op: Operation): fc.Arbitrary<Body> {
  const props = op.bodyProperties;
  const fields = props.length ? fc.dictionary(fc.constantFrom(...props), value, { maxKeys: props.length }) : fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 4 });
  return fc.oneof(
    fc.constant<Body>({ kind: "none" }),
    fc.record({
      kind: fc.constant("raw" as const),
      text: fc.oneof(fc.constantFrom("{", '{"a":', "[", "null", '"x"', '{"amount": 1e999}', "\u0000", "{}".repeat(40_000), "a,b\r\n1,2"), fc.string({ maxLength: 200 })),
      contentType: fc.constantFrom("application/json", "text/plain", "text/csv", "image/jpeg", null),
    }),
    fc.record({ kind: fc.constant("json" as const), value: fc.jsonValue({ maxDepth: 2 }), contentType: fc.constant("application/json") }),
    { weight: 4, arbitrary: fc.record({ kind: fc.constant("json" as const), value: fields, contentType: fc.constant("application/json") }) },
  );
}

/** Percent-encodes a path segment; a lone surrogate (not encodable) becomes a malformed escape, itself a good input. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,220}$/);

describe("fuzzing every operation of the OpenAPI document", () => {
  it("never answers 5xx, and a refused request stores nothing", { timeout: 240_000 }, async () => {
    const ops = await loadOperations();
    const user = await signUp({ name: "Fuzz" });
    const account = await createAccount(user.token, { openingBalance: "50.00" });
    const usd = await createAccount(user.token, { name: "USD", currency: "USD" });
    const tx = await addTransaction(user.token, account.id);
    const transfer = await call("/transfers", { token: user.token, body: { fromAccountId: account.id, toAccountId: usd.id, amount: "1.00", toAmount: "0.27", date: "2026-11-20" } });
    const categories = await call("/categories", { token: user.token });
    const sessions = await call("/auth/sessions", { token: user.token });
    const budget = await call("/budgets", { token: user.token, body: { name: "Fuzz", currency: "PEN", period: "quincena" } });
    const schedule = await call("/schedules", { token: user.token, body: { accountId: account.id, description: "Rent", amount: "-1.00", kind: "months", start: "2026-11-20", mode: "confirm" } });
    const own: Record<string, string[]> = {
      accountId: [account.id, usd.id],
      transactionId: [tx.id, transfer.json.from.id],
      transferId: [transfer.json.transferId],
      categoryId: [categories.json.categories[0].id],
      sessionId: [sessions.json.sessions[0].id],
      budgetId: [budget.json.budget.id],
      scheduleId: [schedule.json.schedule.id],
      date: ["2026-11-20", "2026-12-20"],
    };
    let seen = 0;
    let known: string | null = null;
    for (const op of ops) {
      // Each operation starts with a live token (an earlier one may have signed itself out).
      const login = await call("/auth/login", { body: { email: user.email, password: user.password } });
      const token = login.json?.token ?? user.token;
      known = null;
      const param = (name: string) =>
        fc.oneof(fc.constantFrom(...(own[name] ?? [crypto.randomUUID()])),
          fc.uuid(),
          fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "..%2F..%2Fhealth", "%2e%2e"),
          shortNasty.map(encodeSegment).filter((s) => s.length > 0 && s !== "." && s !== ".."),
        );
      const request = fc.record({
        params: fc.tuple(...op.params.map(param), fc.constant("")),
        query: fc.dictionary(op.query.length ? fc.constantFrom(...op.query) : fc.constantFrom("x"), shortNasty, { maxKeys: Math.max(1, op.query.length) }),
        body: op.hasBody || op.method !== "GET" ? bodyFor(op) : fc.constant<Body>({ kind: "none" }),
        idempotencyKey: fc.option(fc.oneof(fc.uuid(), headerValue), { nil: undefined }),
        language: fc.constantFrom("en", "es-PE", "zz", "*"),
        withToken: fc.boolean().map((b) => b || op.secured),
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          let i = 0;
          const path = op.path.replace(/\{\w+\}/g, () => r.params[i++] as string);
          const url = new URL(BASE + path);
          for (const [k, v] of Object.entries(r.query)) url.searchParams.set(k, String(v));
          const headers = new Headers({ "CF-Connecting-IP": `198.51.100.${(seen % 250) + 1}`, "Accept-Language": r.language });
          if (r.withToken) headers.set("Authorization", `Bearer ${token}`);
          if (r.idempotencyKey !== undefined) headers.set("Idempotency-Key", r.idempotencyKey);
          let body: string | undefined;
          if (r.body.kind === "raw") {
            body = r.body.text;
            if (r.body.contentType) headers.set("Content-Type", r.body.contentType);
          } else if (r.body.kind === "json") {
            body = JSON.stringify(r.body.value) ?? "null";
            headers.set("Content-Type", r.body.contentType);
          }
          if (op.method === "GET" || op.method === "HEAD") body = undefined;
          seen += 1;
          // The stored state before this request (reused from the previous run when nothing could have changed it).
          const before = (known ??= await dbChecksum());
          const response = await SELF.fetch(url, { method: op.method, headers, body });
          const text = await response.text();
          const label = `${op.method} ${url.pathname.slice(0, 120)}${url.search.slice(0, 120)} → ${response.status} ${text.slice(0, 300)}`;
          expect(response.status, label).toBeLessThan(500);
          if (response.status >= 400) {
            expect(response.headers.get("Content-Type"), label).toMatch(/^application\/problem\+json|^text\/plain/);
            expect(await dbChecksum(), `${label}: a refused request changed stored data`).toBe(before);
          } else if (op.method !== "GET") {
            known = null; // an accepted write: measure again before the next request
          }
        }),
        { numRuns: RUNS },
      );
    }
    expect(seen).toBe(ops.length * RUNS);
  });
});

/**
 * Oversized bodies (issue 36, hole 3): every operation with a body answers one byte past its limit
 * with 413 problem+json, whether the size is declared (Content-Length) or only counted (a stream
 * without one), never a 5xx or a dropped connection; and a JSON body with bytes that are not
 * UTF-8 is refused (400) instead of stored with U+FFFD in their place.
 */
describe("oversized and undecodable bodies on every operation with a body", () => {
  /** The limit and the content type of an operation's body, as the API's edge applies them (core/input-limits.ts). */
  function bodyLimitOf(op: Operation): { maxBytes: number; contentType: string } {
    if (op.method === "PUT" && op.path.endsWith("/receipt")) return { maxBytes: MAX_RECEIPT_BYTES, contentType: "image/jpeg" };
    if (op.method === "POST" && /\/import(\/preview|\/drafts)?$/.test(op.path)) return { maxBytes: IMPORT_MAX_BYTES, contentType: "text/csv" };
    // A transaction created with its receipt (multipart, ADR 047): the image's limit and room for the fields.
    if (op.method === "POST" && op.path.endsWith("/transactions/with-receipt")) return { maxBytes: MAX_RECEIPT_BYTES + 64 * 1024, contentType: "multipart/form-data; boundary=x" };
    // "Import everything": the whole export file (ADR 060).
    if (op.method === "POST" && op.path === "/users/me/restore") return { maxBytes: RESTORE_MAX_BYTES, contentType: "application/json" };
    return { maxBytes: 64 * 1024, contentType: "application/json" };
  }
  const withBody = async () => (await loadOperations()).filter((op) => op.hasBody || (op.method !== "GET" && op.method !== "DELETE"));
  const urlOf = (op: Operation) => BASE + op.path.replace(/\{\w+\}/g, () => crypto.randomUUID());

  it("answers 413 problem+json one byte past the limit, declared or streamed", { timeout: 240_000 }, async () => {
    const ops = await withBody();
    expect(ops.length).toBeGreaterThan(15);
    for (const op of ops) {
      const { maxBytes, contentType } = bodyLimitOf(op);
      const bytes = new Uint8Array(maxBytes + 1).fill(0x20);
      for (const streamed of [false, true]) {
        // A stream has no Content-Length: the edge counts it as it comes.
        const body: BodyInit = streamed
          ? new ReadableStream({
              start(controller) {
                for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
                controller.close();
              },
            })
          : bytes;
        const response = await SELF.fetch(urlOf(op), { method: op.method, headers: { "Content-Type": contentType, "CF-Connecting-IP": uniqueIp(), Authorization: `Bearer ${"x".repeat(43)}` }, body });
        const label = `${op.method} ${op.path} (${streamed ? "streamed" : "declared"}) → ${response.status}`;
        expect(response.status, label).toBe(413);
        expect(response.headers.get("Content-Type"), label).toMatch(/^application\/problem\+json/);
        expect(((await response.json()) as { status: number }).status, label).toBe(413);
      }
    }
  });

  it("takes the whole upload before it answers 413, so the sender sees the answer and not a broken connection", { timeout: 120_000 }, async () => {
    // The probe's 500 "Network connection lost" and resets: the API answered a declared size
    // past the limit without reading the body, while the sender was still sending it.
    const ops = (await withBody()).filter((op) => op.method === "PUT" || /\/import$|\/auth\/login$|\/transactions$/.test(op.path));
    expect(ops.length).toBeGreaterThanOrEqual(4);
    for (const op of ops) {
      const { maxBytes, contentType } = bodyLimitOf(op);
      const size = maxBytes + 1;
      const upload = new FixedLengthStream(size);
      const writer = upload.writable.getWriter();
      const chunk = new Uint8Array(64 * 1024).fill(0x20);
      const sending = (async () => {
        for (let at = 0; at < size; at += chunk.length) await writer.write(chunk.subarray(0, Math.min(chunk.length, size - at)));
        await writer.close();
        return "sent";
      })().catch((error: unknown) => `broken: ${String(error)}`);
      const response = await SELF.fetch(urlOf(op), { method: op.method, headers: { "Content-Type": contentType, "CF-Connecting-IP": uniqueIp() }, body: upload.readable });
      await response.arrayBuffer();
      const label = `${op.method} ${op.path} → ${response.status}`;
      expect(response.status, label).toBe(413);
      expect(await Promise.race([sending, new Promise((resolve) => setTimeout(() => resolve("stalled"), 5_000))]), label).toBe("sent");
    }
  });

  it("refuses a JSON body that is not UTF-8 with 400 problem+json in the caller's language", async () => {
    const ops = (await withBody()).filter((op) => bodyLimitOf(op).contentType === "application/json");
    // "caf\xe9": Latin-1, not UTF-8.
    const bytes = Uint8Array.from([...new TextEncoder().encode('{"email":"caf'), 0xe9, ...new TextEncoder().encode('@example.com","name":"x"}')]);
    for (const op of ops) {
      const response = await SELF.fetch(urlOf(op), { method: op.method, headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp(), "Accept-Language": "es" }, body: bytes });
      const label = `${op.method} ${op.path} → ${response.status}`;
      expect(response.status, label).toBe(400);
      expect(await response.json(), label).toMatchObject({ status: 400, detail: "La solicitud tiene bytes que no son texto UTF-8, así que no se leyó. Envía el texto en UTF-8." });
    }
  });
});
