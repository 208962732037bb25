/**
 * The one client for the product's API, used by loaders and actions on the server (through the
 * service binding) and by the browser (same origin). It owns the retry policy:
 *
 * - retry only on 408, 409, 425, 429, 500, 502, 503, 504 (or a network failure);
 * - a request without a body is retried once;
 * - a request with a body is never retried, unless it carries an `Idempotency-Key` that the API
 *   honours: then it is retried once, and the API answers the retry from its record.
 */
import { isProblem, PROBLEM_CONTENT_TYPE, type Problem } from "../../core/problem";

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const MAX_RETRIES = 1;
/** A Retry-After longer than this is not waited for: the caller gets the answer instead. */
const MAX_RETRY_WAIT_MS = 2_000;
const DEFAULT_RETRY_DELAY_MS = 150;
const DEFAULT_TIMEOUT_MS = 10_000;

export type FetchLike = (input: Request) => Promise<Response>;

export interface ApiClientOptions {
  /** Origin + base path, e.g. `https://api.internal/api/v1` or `/api/v1` in the browser. */
  baseUrl: string;
  fetch: FetchLike;
  token?: string | null;
  locale?: string;
  /** Extra headers on every call (the client's IP and user agent, forwarded by the app Worker). */
  headers?: Record<string, string>;
  retryDelayMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined> | URLSearchParams;
  body?: unknown;
  /** Raw body (CSV upload, image); sent as is with `contentType`. */
  rawBody?: BodyInit;
  contentType?: string;
  /** Headers of this call only (e.g. If-None-Match). */
  headers?: Record<string, string>;
  /** Makes a request with a body safe to retry; the API stores and replays the first answer. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** This call's own time limit, past which it counts as a network failure (a large CSV import). */
  timeoutMs?: number;
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | { ok: false; status: number; problem: Problem; headers: Headers };

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The policy as a pure function, so it can be read and tested on its own. */
export function shouldRetry(args: { attempt: number; hasBody: boolean; idempotencyKey?: string | undefined; status: number | "network-error" }): boolean {
  if (args.attempt >= MAX_RETRIES) return false;
  if (args.status !== "network-error" && !RETRYABLE_STATUSES.has(args.status)) return false;
  if (args.hasBody && !args.idempotencyKey) return false;
  return true;
}

function retryDelay(response: Response | null, fallbackMs: number): number | null {
  const header = response?.headers.get("Retry-After");
  if (!header) return fallbackMs;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (!Number.isFinite(ms)) return fallbackMs;
  return ms > MAX_RETRY_WAIT_MS ? null : Math.max(0, ms);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createApiClient(options: ApiClientOptions) {
  const sleep = options.sleep ?? defaultSleep;
  const baseUrl = options.baseUrl.replace(/\/$/, "");

  function buildRequest(method: Method, path: string, request: RequestOptions): Request {
    const url = new URL(baseUrl + path, "http://placeholder.invalid");
    if (request.query) {
      const entries = request.query instanceof URLSearchParams ? request.query.entries() : Object.entries(request.query);
      for (const [key, value] of entries) {
        if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
      }
    }
    const headers = new Headers(options.headers);
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
    headers.set("Accept", `application/json, ${PROBLEM_CONTENT_TYPE}`);
    if (options.locale) headers.set("Accept-Language", options.locale);
    if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
    if (request.idempotencyKey) headers.set("Idempotency-Key", request.idempotencyKey);
    let body: BodyInit | undefined;
    if (request.rawBody !== undefined) {
      body = request.rawBody;
      headers.set("Content-Type", request.contentType ?? "application/octet-stream");
    } else if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers.set("Content-Type", "application/json");
    }
    const href = baseUrl.startsWith("http") ? url.toString() : url.pathname + url.search;
    const signal = request.signal ?? AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    return new Request(new URL(href, baseUrl.startsWith("http") ? undefined : globalThis.location?.href), { method, headers, body, signal });
  }

  /** One call under the retry policy: the last answer, or null when the API could not be reached. */
  async function exchange(method: Method, path: string, request: RequestOptions): Promise<Response | null> {
    const hasBody = request.body !== undefined || request.rawBody !== undefined;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await options.fetch(buildRequest(method, path, request));
      } catch (error) {
        if (request.signal?.aborted) throw error;
        if (shouldRetry({ attempt, hasBody, idempotencyKey: request.idempotencyKey, status: "network-error" })) {
          await sleep(options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS);
          continue;
        }
        return null;
      }
      if (!response.ok && shouldRetry({ attempt, hasBody, idempotencyKey: request.idempotencyKey, status: response.status })) {
        const wait = retryDelay(response, options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS);
        if (wait !== null) {
          await response.body?.cancel();
          await sleep(wait);
          continue;
        }
      }
      return response;
    }
  }

  async function send<T>(method: Method, path: string, request: RequestOptions = {}): Promise<ApiResult<T>> {
    const response = await exchange(method, path, request);
    if (!response) return { ok: false, status: 503, headers: new Headers(), problem: { type: "about:blank", title: "Service Unavailable", status: 503, detail: "network-error" } };
    return readResult<T>(response);
  }

  /** Like `request`, but the answer comes back unread, for files (exports, receipts, CSV) to stream on. */
  async function raw(method: Method, path: string, request: RequestOptions = {}): Promise<Response> {
    return (await exchange(method, path, request)) ?? new Response(null, { status: 503, statusText: "Service Unavailable" });
  }

  return {
    request: send,
    raw,
    get: <T>(path: string, request?: RequestOptions) => send<T>("GET", path, request),
    post: <T>(path: string, request?: RequestOptions) => send<T>("POST", path, request),
    put: <T>(path: string, request?: RequestOptions) => send<T>("PUT", path, request),
    patch: <T>(path: string, request?: RequestOptions) => send<T>("PATCH", path, request),
    delete: <T>(path: string, request?: RequestOptions) => send<T>("DELETE", path, request),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

async function readResult<T>(response: Response): Promise<ApiResult<T>> {
  const text = response.status === 204 || response.status === 304 ? "" : await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T, headers: response.headers };
  const problem: Problem = isProblem(parsed)
    ? parsed
    : { type: "about:blank", title: response.statusText || "Error", status: response.status, detail: typeof parsed === "string" ? parsed.slice(0, 200) : undefined };
  return { ok: false, status: response.status, problem, headers: response.headers };
}
