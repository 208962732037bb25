import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";

const translators = new WeakMap<I18n, TFunction>();

/**
 * react-i18next's `useTranslation` for a page that never changes language in place (ADR 008):
 * the i18n instance from the provider, and one `t` per instance shared by every component.
 *
 * The library's hook is built for a language that changes under a mounted page: each component
 * using it subscribes to language and resource events, and on its first render copies every
 * property of the i18n instance into a new object so that memoised values see the change. On the
 * server every render is a first render, and a page has dozens of such components; in a Node
 * profile of the overview that copy was the costliest function of the app's own render.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext);
  let t = translators.get(i18n);
  if (!t) {
    t = i18n.getFixedT(i18n.language, "translation");
    translators.set(i18n, t);
  }
  return { t, i18n };
}
