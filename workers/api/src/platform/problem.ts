import type { Context } from "hono";
import type { ApiBindings } from "./types";
import type { z } from "zod";
import { bestSupportedLocale, defaultLocale, type Locale } from "../../../../core/i18n/config";
import type { TranslateOptions } from "../../../../core/i18n/translate";
import { translatorFor } from "../../../../core/i18n/translator";
import { PROBLEM_CONTENT_TYPE, type Problem } from "../../../../core/problem";
import { issuesByField } from "../../../../core/schemas/auth";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/**
 * The language of an answer: the supported language the request's `Accept-Language` ranks highest
 * (read as the pages read it: q-values), else the signed-in user's saved language (a client that
 * sends none, or only languages Tesoro does not speak, such as a script with a token, still gets
 * the user's language, as mail does), else English. The app always sends the page's language.
 */
export function localeOf(c: Context<ApiBindings>): Locale {
  return bestSupportedLocale(c.req.header("Accept-Language")) ?? c.get("user")?.locale ?? defaultLocale;
}

/** An RFC 9457 answer. `type` is a stable URN the app can switch on. */
export function problem(c: Context, status: number, type: string, extra: Partial<Problem> = {}): Response {
  const body: Problem = { type: `urn:tesoro:problem:${type}`, title: TITLES[status] ?? "Error", status, ...extra };
  const headers: Record<string, string> = { "Content-Type": PROBLEM_CONTENT_TYPE };
  if (extra.retryAfter !== undefined) headers["Retry-After"] = String(Math.max(1, Math.ceil(extra.retryAfter)));
  return new Response(JSON.stringify(body), { status, headers });
}

/** A problem whose `detail` is a message key's text in the caller's language. */
export function translatedProblem(c: Context, status: number, type: string, key: string, values?: TranslateOptions): Response {
  return problem(c, status, type, { detail: translatorFor(localeOf(c))(key, values) });
}

/** Field errors (i18n keys or ready sentences) translated into the caller's language. */
export function validationProblem(c: Context, errors: Record<string, string[]>, status = 422): Response {
  const t = translatorFor(localeOf(c));
  const translated = Object.fromEntries(Object.entries(errors).map(([field, keys]) => [field, keys.map((key) => (key.includes(" ") ? key : t(key)))]));
  const first = Object.values(translated)[0]?.[0];
  return problem(c, status, "validation", { detail: first, errors: translated });
}

export function zodProblem(c: Context, error: z.ZodError): Response {
  return validationProblem(c, issuesByField(error));
}
