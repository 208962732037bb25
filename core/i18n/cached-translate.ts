import type { i18n } from "i18next";
import { defaultNamespace } from "./i18next-options";
import type { Translate } from "./translate";

const byInstance = new WeakMap<object, Translate>();

/**
 * The instance's `t` in its language, made once per instance, that remembers the text of a key
 * asked without values. i18next's own `t` copies its whole options object on every call; a page
 * asks for the same few hundred labels on every render, and the server's instances live as long
 * as the isolate (app/i18n/i18n.server.ts), so each label is looked up once. A key the instance
 * lacks (it answers the key itself) is not remembered: the browser adds a page's namespaces as
 * that page loads (page-bundles.ts), and a later call must find them. A language never changes
 * in place (ADR 008), so a remembered text never goes stale.
 */
export function cachedTranslate(instance: i18n): Translate {
  let t = byInstance.get(instance);
  if (!t) {
    // What react-i18next's hook used: the default namespace, the instance's language.
    const fixed = instance.getFixedT(instance.language, defaultNamespace) as unknown as Translate;
    const texts = new Map<string, string>();
    t = (key, options) => {
      if (options) return fixed(key, options);
      let text = texts.get(key);
      if (text === undefined) {
        text = fixed(key);
        if (text !== key) texts.set(key, text);
      }
      return text;
    };
    byInstance.set(instance, t);
  }
  return t;
}
