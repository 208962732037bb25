import { defaultLocale, isLocale, type Locale } from "./config";
import { createI18next } from "./i18next-options";
import { resources } from "./resources";
import type { Translate } from "./translate";

const cache = new Map<Locale, Translate>();

/**
 * A synchronous translate function for code outside React (the API Worker's error messages and
 * mail): an i18next instance per language for the life of the isolate, with the same catalogues
 * and options as the pages; a key the language lacks falls back to English.
 */
export function translatorFor(locale: string | null | undefined): Translate {
  const lng: Locale = isLocale(locale) ? locale : defaultLocale;
  let t = cache.get(lng);
  if (!t) {
    const instance = createI18next(lng, resources, lng === defaultLocale ? false : defaultLocale);
    t = instance.getFixedT(lng) as unknown as Translate;
    cache.set(lng, t);
  }
  return t;
}
