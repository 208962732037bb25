/**
 * The browser holds only an opaque session token in an HttpOnly cookie; the API keeps its SHA-256
 * and decides whether it is still valid (idle timeout, expiry, revocation).
 */
import { createCookie, redirect, redirectDocument, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { d1BookmarkContext, sessionRefusedContext, userContext } from "./context.server";
import { forgetSession, recallSession, rememberSession } from "./session-cache.server";
import { apiFor } from "./api.server";
import { OPAQUE_TOKEN_PATTERN } from "../../core/ids";
import type { ApiUser } from "../../core/api-types/user";
import { isLocale } from "../../core/i18n/config";
import { getLocale, localeCookie, redirectInLanguage } from "../i18n/i18n.server";
import { pageAddress } from "../utils/page-address";
import { isReadRequest } from "./read-request.server";
import { flashHeader } from "./toast.server";

const COOKIE_NAME = "tesoro_session";
/** The browser's newest D1 bookmark; lives as long as the browser session (ADR 014). */
const bookmarkCookie = createCookie("tesoro_d1", { path: "/", httpOnly: true, sameSite: "lax" });
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function isLocalhost(url: URL) {
  return url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
}

/** Secure everywhere but plain-http localhost (browsers would drop it there). */
function sessionCookie(request: Request) {
  const url = new URL(request.url);
  return createCookie(COOKIE_NAME, { path: "/", httpOnly: true, sameSite: "lax", secure: url.protocol === "https:" || !isLocalhost(url) });
}

export async function readSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && TOKEN_PATTERN.test(value) ? value : null;
}

/** Set-Cookie headers for a new session: a browser-session cookie, or 30 days with "Remember me". */
async function commitSession(request: Request, session: { token: string; expiresAt: number | null }, user: Pick<ApiUser, "locale">): Promise<Headers> {
  const headers = new Headers();
  const maxAge = session.expiresAt ? Math.floor((session.expiresAt - Date.now()) / 1000) : undefined;
  headers.append("Set-Cookie", await sessionCookie(request).serialize(session.token, maxAge ? { maxAge } : {}));
  headers.append("Set-Cookie", await localeCookie.serialize(user.locale));
  return headers;
}

/** The redirect that ends a sign-in or sign-up, in the account's language (`redirectInLanguage`). */
export async function signedInRedirect(request: Request, context: Readonly<RouterContextProvider>, session: { token: string; expiresAt: number | null }, user: Pick<ApiUser, "locale">, to: string): Promise<Response> {
  // A sign-in over another one (a form left open in another tab): the session it replaces ends,
  // as a sign-out would end it, rather than living on with its cookie overwritten.
  const replaced = context.get(userContext)?.token;
  if (replaced && replaced !== session.token) {
    forgetSession(replaced);
    await apiFor(request, context, { token: replaced })
      .post("/auth/logout")
      .catch(() => null);
  }
  const headers = await commitSession(request, session, user);
  // A file (an export, a receipt) is no page for the client router: reached after signing in,
  // it rendered a blank page. The browser loads it itself, and downloads it.
  if (isFileAddress(to)) headers.set("X-Remix-Reload-Document", "true");
  return redirectInLanguage(context, user.locale)(to, { headers });
}

/** Addresses answered with a file rather than a page: resource routes and `….csv`. */
export function isFileAddress(to: string): boolean {
  const pathname = new URL(to, "http://local").pathname;
  return pathname.startsWith("/resources/") || pathname.endsWith(".csv");
}

export async function destroySession(request: Request): Promise<string> {
  return sessionCookie(request).serialize("", { maxAge: 0 });
}

/**
 * Loads the signed-in user for this request (one API call when a cookie is present, unless the
 * isolate checked this token a moment ago: ADR 023) and drops a cookie the API no longer accepts.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const saved: unknown = await bookmarkCookie.parse(request.headers.get("Cookie"));
  const bookmark = { value: typeof saved === "string" && OPAQUE_TOKEN_PATTERN.test(saved) ? saved : null };
  const firstBookmark = bookmark.value;
  context.set(d1BookmarkContext, bookmark);
  const refused = { value: false };
  context.set(sessionRefusedContext, refused);
  const token = await readSessionToken(request);
  // A write may change what the page shows about the user (name, theme, language, sign-out).
  const isWrite = !isReadRequest(request);
  if (token && isWrite) forgetSession(token);
  let checked: ApiUser | null = null;
  if (token) {
    const remembered = recallSession(token, firstBookmark);
    if (remembered) context.set(userContext, { user: remembered, token, remembered: true });
    else {
      const result = await apiFor(request, context, { token }).get<{ user: ApiUser }>("/auth/session");
      if (result.ok) {
        context.set(userContext, { user: result.data.user, token });
        checked = result.data.user;
      } else if (result.status !== 401) throw new Response(null, { status: 503, statusText: "Service Unavailable" });
    }
  }
  const user = context.get(userContext)?.user;
  if (user && !isWrite && isLocale(user.locale) && user.locale !== getLocale(context)) {
    // The account's language is the user's choice (PRODUCT.md: the user's, then the cookie, then
    // Accept-Language); the cookie only saves a call. It differs when the language was changed on
    // another device: this browser loads the page again, whole, in the account's language (ADR 008).
    const { path, query } = pageAddress(request);
    throw redirectDocument(path + query, { headers: { "Set-Cookie": await localeCookie.serialize(user.locale) } });
  }
  const response = await next();
  // Only after a read the API did not refuse (a write, such as a sign-out, a revoke or a new name,
  // changes the answer), under the bookmark the browser came with and the one it leaves with
  // (what it sends next; a client without a cookie jar keeps sending the first).
  if (token && checked && !isWrite && !refused.value) {
    rememberSession(token, firstBookmark, checked);
    if (bookmark.value !== firstBookmark) rememberSession(token, bookmark.value, checked);
  }
  // Unless the answer itself sets a new session (a sign-in), a refused token's cookie goes.
  if (token && refused.value && !response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${COOKIE_NAME}=`))) {
    response.headers.append("Set-Cookie", await destroySession(request));
    // Sent on to sign in (a redirect, or a client navigation's encoded one: not a page drawn now),
    // the user is told why: another device signed them out, or the session expired. A page drawn
    // now (the sign-in page itself) would show the message only on the page after it.
    if (response.status !== 200) response.headers.append("Set-Cookie", await flashHeader({ type: "info", key: "auth.sessionEnded" }));
  }
  if (bookmark.value && bookmark.value !== firstBookmark) response.headers.append("Set-Cookie", await bookmarkCookie.serialize(bookmark.value, { secure: new URL(request.url).protocol === "https:" }));
  return response;
};

export function currentUser(context: Readonly<RouterContextProvider>): ApiUser | null {
  return context.get(userContext)?.user ?? null;
}

export function requireUser(context: Readonly<RouterContextProvider>): { user: ApiUser; token: string; remembered?: true } {
  const session = context.get(userContext);
  if (!session) throw redirect("/login");
  return session;
}
