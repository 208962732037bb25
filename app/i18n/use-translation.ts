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
    t = rememberingPlainKeys(i18n.getFixedT(i18n.language, "translation"), i18n.language);
    translators.set(i18n, t);
  }
  return { t, i18n };
}

/** Per language, the text of every key translated without options. */
const plainTexts = new Map<string, Map<string, string>>();

/**
 * `t`, remembering the text of keys called without options for the life of the isolate (or the
 * tab). i18next's fixed `t` copies every init option into a new object on each call and then runs
 * its whole pipeline (key parsing, resolution, plural and nesting checks, interpolation); a page
 * calls it hundreds of times, mostly for plain labels, whose text cannot change: the resources
 * are bundled. Calls with options (interpolation, counts) still go through i18next.
 */
export function rememberingPlainKeys(t: TFunction, language: string): TFunction {
  let texts = plainTexts.get(language);
  if (!texts) {
    texts = new Map();
    plainTexts.set(language, texts);
  }
  const known = texts;
  const translate = t as unknown as (key: unknown, ...rest: unknown[]) => unknown;
  const remembering = (key: unknown, ...rest: unknown[]): unknown => {
    if (typeof key !== "string" || rest.length > 0) return translate(key, ...rest);
    let text = known.get(key);
    if (text === undefined) {
      const result = translate(key);
      if (typeof result !== "string") return result;
      text = result;
      known.set(key, text);
    }
    return text;
  };
  // i18next's TFunction is a heavily overloaded type; the wrapper passes every call through.
  return remembering as unknown as TFunction;
}
