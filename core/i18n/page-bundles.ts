import type { i18n } from "i18next";
import type { Locale } from "./config";
import type { Bundles } from "./i18next-options";

/** A page's own namespaces in every language (core/i18n/page-texts/). */
export type PageTexts = Readonly<Partial<Record<Locale, Bundles>>>;

const waiting: PageTexts[] = [];
let browserI18n: i18n | undefined;

/** Whole namespaces, not merged into anything: the catalogues' objects are never written to. */
function addTo(instance: i18n, byLanguage: PageTexts): void {
  for (const [language, bundles] of Object.entries(byLanguage)) {
    for (const [namespace, texts] of Object.entries(bundles)) instance.addResourceBundle(language, namespace, texts);
  }
}

/**
 * Texts only one page shows (Settings, the camera…): its route module hands both languages here
 * as it loads, before it renders, and they join the browser's i18next instance as resource
 * bundles. On the first load the route modules run before entry.client has made the instance, so
 * they wait here until it does (`receivePageTexts`). The server and the API have every namespace
 * from the start (resources.ts).
 */
export function addPageTexts(byLanguage: PageTexts): void {
  // The server has them already, and loads every route module as it starts.
  if (typeof document === "undefined") return;
  if (browserI18n) addTo(browserI18n, byLanguage);
  else waiting.push(byLanguage);
}

/** entry.client's instance: takes the page texts handed over so far and every later page's. */
export function receivePageTexts(instance: i18n): void {
  browserI18n = instance;
  for (const texts of waiting.splice(0)) addTo(instance, texts);
}
