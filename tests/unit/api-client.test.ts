import { describe, expect, it } from "vitest";
import { createApiClient, RETRYABLE_STATUSES, shouldRetry } from "../../app/utils/api-client";

/** A fake network at the client's boundary: answers in order and records what was sent. */
function fakeNetwork(statuses: Array<number | "throw">) {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request);
    const next = statuses[Math.min(seen.length - 1, statuses.length - 1)]!;
    if (next === "throw") throw new TypeError("network down");
    return new Response(next === 200 ? JSON.stringify({ ok: true }) : JSON.stringify({ type: "x", title: "Err", status: next }), {
      status: next,
      headers: { "Content-Type": next === 200 ? "application/json" : "application/problem+json" },
    });
  };
  const client = createApiClient({ baseUrl: "https://api.test/api/v1", fetch, sleep: async () => {} });
  return { client, seen };
}

describe("retry policy", () => {
  it("retries exactly the seed's statuses", () => {
    expect([...RETRYABLE_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])("retries a request without a body once on %i", async (status) => {
    const { client, seen } = fakeNetwork([status, status, status]);
    const result = await client.get("/things");
    expect(seen).toHaveLength(2);
    expect(result.ok).toBe(false);
    expect(result.status).toBe(status);
  });

  it("returns the retry's success", async () => {
    const { client, seen } = fakeNetwork([503, 200]);
    const result = await client.get<{ ok: boolean }>("/things");
    expect(seen).toHaveLength(2);
    expect(result).toMatchObject({ ok: true, data: { ok: true } });
  });

  it.each([400, 401, 403, 404, 410, 422])("does not retry %i", async (status) => {
    const { client, seen } = fakeNetwork([status, 200]);
    await client.get("/things");
    expect(seen).toHaveLength(1);
  });

  it("gives up on a call past the client's time limit, unless the call sets a longer one of its own (a large import)", async () => {
    // A network that answers after 80 ms, and honours the abort as a real fetch does.
    const slow = (request: Request) =>
      new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(() => resolve(Response.json({ ok: true })), 80);
        request.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(request.signal.reason);
        });
      });
    const client = createApiClient({ baseUrl: "https://api.test/api/v1", fetch: slow, timeoutMs: 20, sleep: async () => {} });
    expect(await client.post("/accounts/a/import", { rawBody: "x", idempotencyKey: "k" })).toMatchObject({ ok: false, status: 503 });
    expect(await client.post("/accounts/a/import", { rawBody: "x", idempotencyKey: "k", timeoutMs: 1_000 })).toMatchObject({ ok: true, data: { ok: true } });
  });

  it("never retries a request with a body and no Idempotency-Key", async () => {
    const { client, seen } = fakeNetwork([503, 200]);
    const result = await client.post("/transfers", { body: { amount: "10.00" } });
    expect(seen).toHaveLength(1);
    expect(result.status).toBe(503);
  });

  it("retries a request with a body once when it carries an Idempotency-Key, with the same key", async () => {
    const { client, seen } = fakeNetwork([503, 503, 200]);
    await client.post("/transfers", { body: { amount: "10.00" }, idempotencyKey: "key-1" });
    expect(seen).toHaveLength(2);
    expect(seen.map((r) => r.headers.get("Idempotency-Key"))).toEqual(["key-1", "key-1"]);
    expect(await seen[1]!.text()).toBe(JSON.stringify({ amount: "10.00" }));
  });

  it("hands files back unread, under the same policy (raw)", async () => {
    const { client, seen } = fakeNetwork([503, 200]);
    const response = await client.raw("GET", "/receipt", { headers: { "If-None-Match": '"v1"' } });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers.get("If-None-Match")).toBe('"v1"');
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual({ ok: true });
    const down = fakeNetwork(["throw"]);
    const upload = await down.client.raw("PUT", "/receipt", { rawBody: new Uint8Array([1, 2, 3]), contentType: "image/png" });
    expect(down.seen).toHaveLength(1);
    expect(down.seen[0]!.headers.get("Content-Type")).toBe("image/png");
    expect(upload.status).toBe(503);
  });

  it("treats a network failure like a retryable status", async () => {
    const { client, seen } = fakeNetwork(["throw", 200]);
    expect((await client.get("/things")).ok).toBe(true);
    expect(seen).toHaveLength(2);
    const second = fakeNetwork(["throw", 200]);
    const result = await second.client.post("/things", { body: {} });
    expect(second.seen).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, status: 503 });
  });

  it("does not wait for a long Retry-After (a 15-minute lockout is answered at once)", async () => {
    let calls = 0;
    const client = createApiClient({
      baseUrl: "https://api.test/api/v1",
      sleep: async () => {},
      fetch: async () => {
        calls += 1;
        return new Response("{}", { status: 429, headers: { "Retry-After": "900" } });
      },
    });
    await client.get("/things");
    expect(calls).toBe(1);
  });

  it("states the rule as a pure function", () => {
    expect(shouldRetry({ attempt: 0, hasBody: false, status: 500 })).toBe(true);
    expect(shouldRetry({ attempt: 1, hasBody: false, status: 500 })).toBe(false);
    expect(shouldRetry({ attempt: 0, hasBody: true, status: 500 })).toBe(false);
    expect(shouldRetry({ attempt: 0, hasBody: true, idempotencyKey: "k", status: 500 })).toBe(true);
    expect(shouldRetry({ attempt: 0, hasBody: false, status: 404 })).toBe(false);
  });
});

describe("requests", () => {
  it("sends the token, language and query, and reads problem+json", async () => {
    const { client, seen } = fakeNetwork([422]);
    const c2 = createApiClient({ baseUrl: "https://api.test/api/v1", token: "t".repeat(43), locale: "es", fetch: async (r) => (seen.push(r), new Response(JSON.stringify({ type: "v", title: "Bad", status: 422, errors: { a: ["x"] } }), { status: 422 })) });
    void client;
    const result = await c2.get("/items", { query: { q: "café", empty: "", n: 2 } });
    const sent = seen[0]!;
    expect(new URL(sent.url).pathname).toBe("/api/v1/items");
    expect(new URL(sent.url).searchParams.get("q")).toBe("café");
    expect(new URL(sent.url).searchParams.has("empty")).toBe(false);
    expect(sent.headers.get("Authorization")).toBe(`Bearer ${"t".repeat(43)}`);
    expect(sent.headers.get("Accept-Language")).toBe("es");
    expect(result).toMatchObject({ ok: false, status: 422, problem: { errors: { a: ["x"] } } });
  });
});
