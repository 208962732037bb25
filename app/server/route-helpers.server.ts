import { data, redirect, type RouterContextProvider } from "react-router";
import { cloudflareContext } from "./context.server";
import { apiFor } from "./api.server";
import { checkHoneypot } from "./honeypot.server";
import { getI18n } from "../i18n/i18n.server";
import type { ApiResult } from "../utils/api-client";
import type { FieldErrors } from "../forms/forms";
import { fieldErrors } from "../../core/problem";
import { signInAddress } from "../utils/page-address";
import { LINK_ID_PATTERN } from "../../core/schemas/auth";
import { safeRedirect } from "../utils/safe-redirect";
import { redirectWithToast } from "./toast.server";
import { refusedAnswer } from "../forms/form-answer";

export function envOf(context: Readonly<RouterContextProvider>) {
  return context.get(cloudflareContext).env;
}

export function tOf(context: Readonly<RouterContextProvider>) {
  return getI18n(context).t;
}

/** The seed: route params that fail validation are a fatal 404 "Page Not Found: {path}". */
export function invalidParams(request: Request): never {
  throw data({ messageKey: "errors.invalidParams", path: new URL(request.url).pathname }, { status: 404 });
}

/** A browser opening the address as a page (a link, a typed address), not an <img> or a script. */
export function openedAsPage(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Dest") === "document";
}

/**
 * A resource route (a receipt, an export) cannot draw the error page, and a browser that opened
 * one as a page showed a bare status in an empty tab. It is sent back to the page it came from (a
 * same-origin Referer), else to `fallback`, with the problem as a toast. Callers answer scripts
 * and images with the bare status as before.
 */
export async function backWithToast(request: Request, fallback: string, key: string): Promise<Response> {
  const url = new URL(request.url);
  let back = fallback;
  try {
    const referer = new URL(request.headers.get("Referer") ?? "");
    // Not to a sign-in page: it sends a signed-in user on to its `redirectTo`, which may be this
    // very file (a link opened signed out, then signed in), and back here again, without end.
    const signInPage = /^\/(login|signup)(\/|$)/.test(referer.pathname);
    if (referer.origin === url.origin && referer.pathname !== url.pathname && !signInPage) back = safeRedirect(referer.pathname + referer.search, fallback);
  } catch {
    // No Referer, or not an address: the fallback.
  }
  return redirectWithToast(back, key, "error");
}

/**
 * Where a browser that opened a file (an export, a receipt) goes when the API refused it: to sign
 * in again when its session ended elsewhere (and from there to the page that offers the file,
 * `signInAddress`), else back to the page it came from with the outage or `key` as a toast.
 */
export async function pageAfterFileRefusal(request: Request, status: number, fallback: string, key: string): Promise<Response> {
  if (status === 401) return redirect(signInAddress(request));
  return backWithToast(request, fallback, status >= 500 ? "errors.apiUnavailable" : key);
}

/**
 * What a form shows for an API refusal: per-field messages for 4xx validation, a form-level
 * message otherwise. A 5xx after the retry policy becomes the error page (503, never a crash).
 * Every action reads API refusals through this.
 */
export function refusal(result: Extract<ApiResult<unknown>, { ok: false }>, t: (key: string) => string): { errors: FieldErrors; formError: string | null } {
  if (result.status >= 500) throw new Response(null, { status: 503, statusText: "Service Unavailable" });
  const errors = fieldErrors(result.problem);
  return { errors, formError: Object.keys(errors).length ? null : (result.problem.detail ?? t("errors.generic")) };
}

/**
 * The posted form. A body that is not one (JSON, plain text, broken multipart) is a client's
 * mistake: a 400 error page saying the request could not be read, never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ messageKey: "validation.invalidBody" }, { status: 400, statusText: "Bad Request" });
  }
}

/** The start of every public form's action: read the form, refuse bots (honeypot), get `t`. */
export async function readPublicForm(request: Request, context: Readonly<RouterContextProvider>) {
  const formData = await readFormData(request);
  await checkHoneypot(formData, envOf(context));
  return { formData, t: tOf(context) };
}

/**
 * The loader of a page behind a mailed link about an address (confirm or undo a change of email):
 * the address while the link can be used, a 410 page when it cannot, the seed's 404 for a
 * malformed id, the error page (503) when the API is down. `path` is the API's collection of
 * such links (`/auth/email-links`).
 */
export async function loadAddressLink(request: Request, context: Readonly<RouterContextProvider>, path: string, linkId: string) {
  if (!LINK_ID_PATTERN.test(linkId)) invalidParams(request);
  const result = await apiFor(request, context, { token: null }).get<{ email: string }>(`${path}/${linkId}`);
  if (result.ok) return data({ email: result.data.email as string | null, taken: false });
  if (result.status === 410) return data({ email: null, taken: false }, { status: 410 });
  // Another account signs in with the address now: the page says so instead of offering a button the API would refuse.
  if (result.status === 409) return data({ email: null, taken: true }, { status: 409 });
  if (result.status >= 500) throw new Response(null, { status: 503, statusText: "Service Unavailable" });
  return invalidParams(request);
}

/**
 * The action of a link page's button: the public form's checks, then the API's answer to using
 * the link, or what the page shows for a refusal. A 410 says the link is spent; a 409 (the
 * address was taken meanwhile) is `taken`, with its message as the page's (the page has no field).
 * `form`: the name its answer goes by (forms/form-answer.ts).
 */
export async function submitAddressLink<T>(request: Request, context: Readonly<RouterContextProvider>, path: string, linkId: string, form: string) {
  if (!LINK_ID_PATTERN.test(linkId)) invalidParams(request);
  const { t } = await readPublicForm(request, context);
  const result = await apiFor(request, context, { token: null }).post<T>(`${path}/${linkId}`);
  if (result.ok) return { used: result.data };
  if (result.status === 410) return { refused: refusedAnswer(form, {}, {}, null, 410, { expired: true }) };
  const { errors, formError } = refusal(result, t);
  return { refused: refusedAnswer(form, {}, {}, Object.values(errors)[0] ?? formError, result.status, { expired: false, taken: result.status === 409 }) };
}
