import type { Locale } from "../../core/i18n/config";
import { createI18next, namespaces, type Bundles } from "../../core/i18n/i18next-options";
import type { Translate } from "../../core/i18n/translate";

/** Texts as one tree (`{ app: …, ledger: … }`), the shape the tests write them in. */
export type Tree = { readonly [key: string]: string | Tree };

/** A tree split into i18next's namespaces: a top-level group named like a namespace is one; the rest is `common`. */
export function bundlesOf(tree: Tree): Bundles {
  const bundles: Record<string, Tree> = {};
  for (const [name, value] of Object.entries(tree)) {
    if ((namespaces as readonly string[]).includes(name) && typeof value === "object") bundles[name] = value;
    else bundles.common = { ...bundles.common, [name]: value };
  }
  return bundles as Bundles;
}

/** A page's `t` (no fallback) over these texts, or the API's (English `fallback`), made by i18next with the app's options. */
export function createTranslate(language: Locale, messages: Tree, fallback?: Tree): Translate {
  const resources: Partial<Record<Locale, Bundles>> = { [language]: bundlesOf(messages) };
  if (fallback) resources.en = bundlesOf(fallback);
  return createI18next(language, resources, fallback ? "en" : false).getFixedT(language) as unknown as Translate;
}
