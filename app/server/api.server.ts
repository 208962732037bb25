import type { RouterContextProvider } from "react-router";
import { cloudflareContext, d1BookmarkContext, sessionRefusedContext, userContext } from "./context.server";
import { forgetSession } from "./session-cache.server";
import { getLocale } from "../i18n/i18n.server";
import { createApiClient, type ApiClient } from "../utils/api-client";

/** The host is never used with a service binding: only the path reaches the API Worker. */
const SERVICE_ORIGIN = "https://api.internal";

/**
 * The API client for this request: service binding (or API_BASE_URL), the user's token, the
 * user's language, and the browser's IP and user agent so sessions and throttles see the person,
 * not the app Worker.
 */
export function apiFor(request: Request, context: Readonly<RouterContextProvider>, options: { token?: string | null } = {}): ApiClient {
  const { env } = context.get(cloudflareContext);
  const headers: Record<string, string> = {};
  const ip = request.headers.get("CF-Connecting-IP");
  if (ip) headers["CF-Connecting-IP"] = ip;
  const userAgent = request.headers.get("User-Agent");
  if (userAgent) headers["User-Agent"] = userAgent;
  const base = env.API_BASE_URL ? env.API_BASE_URL.replace(/\/$/, "") : SERVICE_ORIGIN;
  const transport = env.API_BASE_URL ? (req: Request) => fetch(req) : (req: Request) => env.API.fetch(req);
  const bookmark = context.get(d1BookmarkContext);
  const token = options.token !== undefined ? options.token : (context.get(userContext)?.token ?? null);
  return createApiClient({
    baseUrl: base + env.API_BASE_PATH,
    // Carries the browser's D1 bookmark, so it reads its own writes on any replica.
    fetch: async (req) => {
      if (bookmark?.value) req.headers.set("x-d1-bookmark", bookmark.value);
      const response = await transport(req);
      if (response.status === 401 && token) noteSessionRefused(context, token);
      const next = response.headers.get("x-d1-bookmark");
      if (bookmark && next && (!bookmark.value || next > bookmark.value)) bookmark.value = next;
      return response;
    },
    token,
    locale: getLocale(context),
    headers,
    timeoutMs: Number(env.API_TIMEOUT_MS) > 0 ? Number(env.API_TIMEOUT_MS) : undefined,
  });
}

/**
 * The API refused this request's token: forget the isolate's memory of it (ADR 023) and have
 * the session middleware clear the cookie. Every caller of the API with a token goes through here.
 */
export function noteSessionRefused(context: Readonly<RouterContextProvider>, token: string) {
  forgetSession(token);
  const refused = context.get(sessionRefusedContext);
  if (refused) refused.value = true;
}
