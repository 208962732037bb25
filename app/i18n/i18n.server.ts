import { createContext, createCookie, redirect, redirectDocument, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { bestSupportedLocale, cookieLocale, defaultLocale, type Locale } from "../../core/i18n/config";
import { createI18next } from "../../core/i18n/i18next-options";
import { resources } from "../../core/i18n/resources";
import type { I18n } from "../../core/i18n/translate";

/** The language the user chose (switch, settings or their account at sign-in). */
export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });

const localeContext = createContext<Locale>();
const instanceContext = createContext<I18n>();

/**
 * One i18next instance per language for the life of the isolate, with every namespace (the server
 * renders any page). Nothing on the server writes to an instance: a language never changes in
 * place (ADR 008), page texts join only the browser's (page-bundles.ts). Making one per request,
 * as remix-i18next's middleware did, cost more server time than any function of a page (ADR 067).
 */
const instances = new Map<Locale, I18n>();
function instanceFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18next(locale, resources) as unknown as I18n;
    instances.set(locale, instance);
  }
  return instance;
}

/**
 * The request's language, as remix-i18next's detector found it: the `lng` cookie (which the
 * user's saved choice is copied into at sign-in, and by the session middleware when the account's
 * language differs), then `Accept-Language` read by `bestSupportedLocale`, because the library's
 * own reading considers only the browser's first recognised language, treats `q=0` as a yes and a
 * malformed `q` as 1 (ADR 033, 042); then English.
 */
async function requestLocale(request: Request): Promise<Locale> {
  const fromCookie: unknown = await localeCookie.parse(request.headers.get("Cookie"));
  const chosen = typeof fromCookie === "string" && fromCookie ? cookieLocale(fromCookie) : null;
  return chosen ?? bestSupportedLocale(request.headers.get("Accept-Language")) ?? defaultLocale;
}

/** Root's first middleware: the request's language and its instance, for loaders, actions and the entry. */
export const i18nMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = await requestLocale(request);
  context.set(localeContext, locale);
  context.set(instanceContext, instanceFor(locale));
  return next();
};

/** The request's i18next instance; English when root's middleware did not run (STACK-NOTES trap 2). */
export function getI18n(context: Readonly<RouterContextProvider>): I18n {
  try {
    return context.get(instanceContext);
  } catch {
    return instanceFor(defaultLocale);
  }
}

/** The request's language. Without the middleware, English. */
export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  try {
    return context.get(localeContext);
  } catch {
    return defaultLocale;
  }
}

/**
 * The redirect after an answer that may have set the language cookie to `locale`. The browser
 * never changes language in place (it holds only the strings of the language it loaded,
 * entry.client), so a language other than the page's loads the next page whole (ADR 008).
 */
export function redirectInLanguage(context: Readonly<RouterContextProvider>, locale: string): typeof redirect {
  return locale === getLocale(context) ? redirect : redirectDocument;
}
