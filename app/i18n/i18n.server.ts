import { createContext, createCookie, redirect, redirectDocument, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { defaultLocale, localeFromAcceptLanguage, supportedLocaleOf, type Locale } from "../../core/i18n/config";
import { resources } from "../../core/i18n/resources";
import { i18nFor, type I18n } from "../../core/i18n/translate";

/** The language the user chose (switch, settings or their account at sign-in). */
export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });

const localeContext = createContext<Locale>(defaultLocale);

/** The request's language: the user's own choice in the cookie, else the browser's Accept-Language. */
async function detectLocale(request: Request): Promise<Locale> {
  const chosen: unknown = await localeCookie.parse(request.headers.get("Cookie"));
  return supportedLocaleOf(chosen) ?? localeFromAcceptLanguage(request.headers.get("Accept-Language"));
}

export const i18nMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(localeContext, await detectLocale(request));
  return next();
};

/** The request's language. Without the middleware (an unmatched URL skips root's), English. */
export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}

/** The request's `t` and language, shared by every request in that language. */
export function getI18n(context: Readonly<RouterContextProvider>): I18n {
  const locale = getLocale(context);
  return i18nFor(locale, resources[locale]);
}

/**
 * The redirect after an answer that may have set the language cookie to `locale`. The browser
 * never changes language in place (it holds only the strings of the language it loaded,
 * entry.client), so a language other than the page's loads the next page whole (ADR 008).
 */
export function redirectInLanguage(context: Readonly<RouterContextProvider>, locale: string): typeof redirect {
  return locale === getLocale(context) ? redirect : redirectDocument;
}
