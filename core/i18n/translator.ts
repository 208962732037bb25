import { defaultLocale, isLocale, type Locale } from "./config";
import { resources } from "./resources";
import { createTranslate, type Translate } from "./translate";

const cache = new Map<Locale, Translate>();

/**
 * A synchronous translate function for code outside React (the API Worker's error messages and
 * mail). The same strings and rules as the pages; a key the language lacks falls back to English.
 */
export function translatorFor(locale: string | null | undefined): Translate {
  const lng: Locale = isLocale(locale) ? locale : defaultLocale;
  let t = cache.get(lng);
  if (!t) {
    t = createTranslate(lng, resources[lng], lng === defaultLocale ? undefined : resources[defaultLocale]);
    cache.set(lng, t);
  }
  return t;
}
