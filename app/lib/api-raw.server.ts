/**
 * For the few API answers that are files rather than JSON (the data export, receipt images):
 * the same target, token, language and forwarded client headers as `apiFor`, and the same retry
 * policy (`shouldRetry`), but the Response is handed back unread so its bytes can be streamed.
 */
import type { RouterContextProvider } from "react-router";
import { cloudflareContext, userContext } from "../context.server";
import { getLocale } from "../i18n/i18n.server";
import { shouldRetry } from "./api-client";
import { noteSessionRefused } from "./api.server";

const SERVICE_ORIGIN = "https://api.internal";

export async function apiFetchRaw(
  request: Request,
  context: Readonly<RouterContextProvider>,
  path: string,
  init: { method?: "GET" | "PUT" | "POST" | "DELETE"; body?: ArrayBuffer; contentType?: string; idempotencyKey?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const { env } = context.get(cloudflareContext);
  const headers = new Headers(init.headers);
  for (const name of ["CF-Connecting-IP", "User-Agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const token = context.get(userContext)?.token;
  if (token) headers.set("Authorization", `Bearer ${token}`);
  headers.set("Accept-Language", getLocale(context));
  if (init.contentType) headers.set("Content-Type", init.contentType);
  if (init.idempotencyKey) headers.set("Idempotency-Key", init.idempotencyKey);
  const base = (env.API_BASE_URL ? env.API_BASE_URL.replace(/\/$/, "") : SERVICE_ORIGIN) + env.API_BASE_PATH;
  const send = (req: Request) => (env.API_BASE_URL ? fetch(req) : env.API.fetch(req));
  const hasBody = init.body !== undefined;
  for (let attempt = 0; ; attempt++) {
    let response: Response | "network-error";
    try {
      response = await send(new Request(base + path, { method: init.method ?? "GET", headers, body: init.body ?? null }));
    } catch {
      response = "network-error";
    }
    const status = response === "network-error" ? "network-error" : response.status;
    if ((status === "network-error" || !(response as Response).ok) && shouldRetry({ attempt, hasBody, idempotencyKey: init.idempotencyKey, status })) {
      if (response !== "network-error") await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 150));
      continue;
    }
    if (response === "network-error") return new Response(null, { status: 503, statusText: "Service Unavailable" });
    if (response.status === 401 && token) noteSessionRefused(context, token);
    return response;
  }
}
