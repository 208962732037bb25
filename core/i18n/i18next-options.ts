import { createInstance, type FormatterModule, type i18n, type InitOptions, type Resource } from "i18next";
import { defaultVariables, type Locale } from "./config";
import { formatCount } from "./format-count";

/**
 * The namespaces, named after the top-level groups of the keys: with `nsSeparator` equal to
 * `keySeparator` ("."), i18next reads `t("ledger.title")` as namespace `ledger`, key `title`,
 * because `ledger` is in this list; a key whose first part is not (`app.signOut`) is looked up
 * whole in `common`, the default. So every call site keeps its dotted key (ADR 042).
 */
export const namespaces = ["common", "ledger", "transactionsPage", "settings", "camera", "signup", "api", "mail", "passwordFeedback", "reports", "importFlow", "budgetsPage", "schedulesPage", "accountsPage"] as const;
export type Namespace = (typeof namespaces)[number];
export const defaultNamespace = "common" satisfies Namespace;

/** A language's texts for i18next: namespace → nested texts. */
export type Bundles = Partial<Record<Namespace, Resource[string][string]>>;

/**
 * Prints a numeric `count` with thousands grouped ("3,000 movimientos"), as amounts are (ADR 036);
 * every other value as given. Runs on every placeholder (`alwaysFormat`); the texts name no
 * formats of their own.
 */
export const countFormatter: FormatterModule = {
  type: "formatter",
  init() {},
  add() {},
  addCached() {},
  format(value: unknown, format: string | undefined, _lng: string | undefined, options?: Record<string, unknown>) {
    if (!format && options?.["interpolationkey"] === "count" && typeof value === "number") return formatCount(value);
    return value as string;
  },
};

/** The key as the caller wrote it: `ledger.nope` for a key of `ledger`, `app.nope` (not `common.app.nope`) for one of the default. */
function keyAsWritten(namespace: unknown, key: string): string {
  const ns = Array.isArray(namespace) ? namespace[0] : namespace;
  return typeof ns === "string" && ns !== defaultNamespace ? `${ns}.${key}` : key;
}

/**
 * The options every instance shares: the server's, one per language (app/i18n/i18n.server.ts), the browser's, and
 * the API's (translator.ts).
 * - No escaping: React escapes what it renders, and mail and API messages are plain text.
 * - `defaultVariables`: the limits the schemas enforce (`{{passwordMax}}`), so no number is copied
 *   into a sentence.
 * - An unknown key, or one naming a branch (`app`), answers the key as written.
 * - `fallbackLng` false for pages (the browser holds one language); the API falls back to English.
 */
export function i18nextOptions(lng: Locale, resources: Partial<Record<Locale, Bundles>>, fallbackLng: Locale | false = false): InitOptions {
  return {
    lng,
    // Each language's own object per instance: the browser's adds page namespaces to it (page-bundles.ts).
    resources: Object.fromEntries(Object.entries(resources).map(([language, bundles]) => [language, { ...bundles }])) as Resource,
    fallbackLng,
    ns: [...namespaces],
    defaultNS: defaultNamespace,
    fallbackNS: false,
    keySeparator: ".",
    nsSeparator: ".",
    // Resources are given inline: init is synchronous, so `t` works as soon as the instance exists.
    initAsync: false,
    interpolation: { escapeValue: false, defaultVariables, alwaysFormat: true },
    appendNamespaceToMissingKey: true,
    parseMissingKeyHandler: (key: string) => (key.startsWith(`${defaultNamespace}.`) ? key.slice(defaultNamespace.length + 1) : key),
    returnedObjectHandler: (key: string, _value: string, options: { ns?: unknown }) => keyAsWritten(options.ns, key),
    // react-i18next: every namespace a page renders is in the store before it renders (entry.client, addPageTexts).
    react: { useSuspense: false },
  };
}

/** A ready instance (synchronous init): for the browser, the API's translator and the tests. */
export function createI18next(lng: Locale, resources: Partial<Record<Locale, Bundles>>, fallbackLng: Locale | false = false): i18n {
  const instance = createInstance().use(countFormatter);
  void instance.init(i18nextOptions(lng, resources, fallbackLng));
  return instance;
}
