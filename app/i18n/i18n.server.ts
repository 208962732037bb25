import { createCookie, redirect, redirectDocument, type RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { bestSupportedLocale, defaultLocale, isLocale, supportedLocales, type Locale } from "../../core/i18n/config";
import { countFormatter, createI18next, i18nextOptions } from "../../core/i18n/i18next-options";
import { resources } from "../../core/i18n/resources";
import type { I18n } from "../../core/i18n/translate";

/** The language the user chose (switch, settings or their account at sign-in). */
export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });

/**
 * remix-i18next's middleware: the request's language, then an i18next instance in it with every
 * namespace (the server renders any page). The order: the `lng` cookie (which the user's saved
 * choice is copied into at sign-in, and by the session middleware when the account's language
 * differs), then `Accept-Language` read by `bestSupportedLocale` through `findLocale`, because the
 * library's own reading considers only the browser's first recognised language, treats `q=0` as
 * a yes and a malformed `q` as 1 (ADR 033, 042); then English.
 */
const [middleware, localeOf, instanceOf] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLocales],
    fallbackLanguage: defaultLocale,
    cookie: localeCookie,
    order: ["cookie", "custom"],
    findLocale: async ({ request }) => bestSupportedLocale(request.headers.get("Accept-Language")),
  },
  i18next: i18nextOptions(defaultLocale, resources),
  plugins: [countFormatter],
});

export const i18nMiddleware = middleware;

/** For a request that did not pass root's middleware (STACK-NOTES trap 2): English. */
let withoutMiddleware: I18n | undefined;

/** The request's i18next instance; English when root's middleware did not run. */
export function getI18n(context: Readonly<RouterContextProvider>): I18n {
  try {
    return instanceOf(context) as unknown as I18n;
  } catch {
    return (withoutMiddleware ??= createI18next(defaultLocale, resources) as unknown as I18n);
  }
}

/** The request's language. Without the middleware, English. */
export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  try {
    const locale = localeOf(context);
    return isLocale(locale) ? locale : defaultLocale;
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
