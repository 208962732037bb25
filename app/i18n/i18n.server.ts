import { createCookie, redirect, redirectDocument, type RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { defaultLocale, interpolation, supportedLocales } from "./config";
import { resources } from "./resources";

/** The language the user chose (switch, settings or their account at sign-in). */
export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });

export const [i18nMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLocales],
    fallbackLanguage: defaultLocale,
    cookie: localeCookie,
    // The user's own choice is kept in the cookie; without one, the browser's Accept-Language.
    order: ["cookie", "header"],
  },
  i18next: { resources, interpolation },
});

/**
 * The redirect after an answer that may have set the language cookie to `locale`. The browser
 * never changes language in place (it holds only the strings of the language it loaded,
 * entry.client), so a language other than the page's loads the next page whole (ADR 008).
 */
export function redirectInLanguage(context: Readonly<RouterContextProvider>, locale: string): typeof redirect {
  return locale === getLocale(context) ? redirect : redirectDocument;
}
