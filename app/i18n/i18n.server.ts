import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { defaultLocale, supportedLocales } from "./config";
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
  i18next: { resources, interpolation: { escapeValue: false } },
});
