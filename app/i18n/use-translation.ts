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
    t = rememberingTranslations(i18n.getFixedT(i18n.language, "translation"), i18n.language);
    translators.set(i18n, t);
  }
  return { t, i18n };
}

/** Per language: the text of every key translated without options, and of recent calls with plain options. */
const rememberedTexts = new Map<string, { plain: Map<string, string>; withOptions: Map<string, string> }>();

/**
 * How many texts with options one language keeps. Their values come from data (counts, months,
 * currency codes, percentages), so the set is open-ended; when full it starts again, which costs
 * one i18next call per text, never a wrong text.
 */
export const REMEMBERED_WITH_OPTIONS = 2000;

/**
 * The memory key of a call whose options are all strings, numbers or booleans (counts, names,
 * months): the key and each option, in the caller's order. Anything else (objects, functions) is
 * not remembered.
 */
function optionsKey(key: string, options: unknown): string | undefined {
  if (typeof options !== "object" || options === null) return undefined;
  let memo = key;
  for (const [name, value] of Object.entries(options)) {
    const kind = typeof value;
    if (kind !== "string" && kind !== "number" && kind !== "boolean") return undefined;
    // NUL occurs in no key or option name, so two different calls never share a memory key.
    memo += `\u0000${name}\u0000${kind[0]}${String(value)}`;
  }
  return memo;
}

/**
 * `t`, remembering the text of each call for the life of the isolate (or the tab): keys without
 * options, and keys whose options are plain values. i18next's fixed `t` copies every init option
 * into a new object on each call and then runs its whole pipeline (key parsing, resolution,
 * plural and nesting checks, interpolation); a page calls it hundreds of times, mostly for plain
 * labels, whose text cannot change (the resources are bundled), and the same text for the same
 * values cannot change either (plural rules and interpolation depend only on the language).
 */
export function rememberingTranslations(t: TFunction, language: string): TFunction {
  let texts = rememberedTexts.get(language);
  if (!texts) {
    texts = { plain: new Map(), withOptions: new Map() };
    rememberedTexts.set(language, texts);
  }
  const { plain, withOptions } = texts;
  const translate = t as unknown as (key: unknown, ...rest: unknown[]) => unknown;
  const remembering = (key: unknown, ...rest: unknown[]): unknown => {
    if (typeof key !== "string" || rest.length > 1) return translate(key, ...rest);
    const memo = rest.length === 0 ? key : optionsKey(key, rest[0]);
    if (memo === undefined) return translate(key, ...rest);
    const known = memo === key ? plain : withOptions;
    let text = known.get(memo);
    if (text === undefined) {
      const result = translate(key, ...rest);
      if (typeof result !== "string") return result;
      text = result;
      if (known === withOptions && withOptions.size >= REMEMBERED_WITH_OPTIONS) withOptions.clear();
      known.set(memo, text);
    }
    return text;
  };
  // i18next's TFunction is a heavily overloaded type; the wrapper passes every call through.
  return remembering as unknown as TFunction;
}
