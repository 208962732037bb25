import { createInstance, type TFunction } from "i18next";
import { defaultLocale, interpolation, isLocale, type Locale } from "./config";
import { resources } from "./resources";

const cache = new Map<Locale, TFunction>();

/**
 * A synchronous translate function for code outside React (the API Worker's error messages and
 * mail). Same resources and the same i18next interpolation and plural rules as the pages.
 */
export function translatorFor(locale: string | null | undefined): TFunction {
  const lng: Locale = isLocale(locale) ? locale : defaultLocale;
  let t = cache.get(lng);
  if (!t) {
    const instance = createInstance();
    void instance.init({ lng, fallbackLng: defaultLocale, resources, initAsync: false, interpolation });
    t = instance.t;
    cache.set(lng, t);
  }
  return t;
}
