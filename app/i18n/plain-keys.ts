import type { i18n, Module } from "i18next";

/**
 * Translations of keys that take no options, remembered per language and namespace for the life
 * of the isolate (or the browser tab).
 *
 * i18next's fixed `t` (what react-i18next's `useTranslation` hands out) copies every init option
 * into a new object on each call and then runs the whole pipeline: key parsing, resolution,
 * plural and nesting checks, interpolation. A page calls it hundreds of times, mostly for plain
 * labels whose text never changes for a language, because the resources are bundled and never
 * change while running. Calls with options (interpolation, counts) still go through i18next.
 */
const remembered = new Map<string, Map<string, string>>();

function memoFor(language: string, namespaces: unknown): Map<string, string> {
  const id = `${language}|${Array.isArray(namespaces) ? namespaces.join(",") : String(namespaces ?? "")}`;
  let texts = remembered.get(id);
  if (!texts) {
    texts = new Map();
    remembered.set(id, texts);
  }
  return texts;
}

/** What `getFixedT` returns at run time: i18next's types leave out the properties it carries. */
type FixedT = ((key?: unknown, ...rest: unknown[]) => unknown) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };

export function rememberPlainKeys(instance: i18n): void {
  const getFixedT = instance.getFixedT.bind(instance);
  instance.getFixedT = ((...args: Parameters<i18n["getFixedT"]>) => {
    const fixed = getFixedT(...args) as unknown as FixedT;
    const keyPrefix = args[2];
    if (keyPrefix || typeof fixed.lng !== "string") return fixed;
    const texts = memoFor(fixed.lng, fixed.ns);
    const plain: FixedT = (key, ...rest) => {
      if (typeof key !== "string" || rest.length > 0) return fixed(key, ...rest);
      let text = texts.get(key);
      if (text === undefined) {
        const result = fixed(key);
        if (typeof result !== "string") return result;
        text = result;
        texts.set(key, text);
      }
      return text;
    };
    return Object.assign(plain, { lng: fixed.lng, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  }) as unknown as i18n["getFixedT"];
}

/** The same as an i18next plugin, for instances made by someone else (remix-i18next's middleware). */
export const plainKeysPlugin: Module & { init(instance: i18n): void } = { type: "3rdParty", init: rememberPlainKeys };
