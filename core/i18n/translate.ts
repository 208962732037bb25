import { defaultVariables, type Locale } from "./config";

/** A language's strings: nested objects whose leaves are the texts (app/i18n/locales). */
export type Messages = { readonly [key: string]: string | Messages };

/** Another language's texts for a flat set of English ones: the same keys, each a string (the type checker holds them). */
export type TextsLike<T> = { -readonly [K in keyof T]: string };

/** Values a text may print (`{{name}}`) and `count`, which also picks the plural form. */
export type TranslateOptions = Readonly<Record<string, unknown>>;

/** The text of a dotted key in one language; an unknown key answers itself, as i18next does. */
export type Translate = (key: string, options?: TranslateOptions) => string;

/** What a page renders with: its language (never changed in place, ADR 008) and its `t`. */
export interface I18n {
  readonly language: Locale;
  readonly t: Translate;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();
let countFormat: Intl.NumberFormat | undefined;

/**
 * A quantity grouped as money is, the Peruvian way in both languages (ADR 007): "3,000". `count`
 * is printed through this; a text with other quantities passes them through it too.
 */
export function formatCount(value: number): string {
  if (!Number.isInteger(value)) return String(value);
  return (countFormat ??= new Intl.NumberFormat("es-PE")).format(value);
}

function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function flatten(messages: Messages, into: Map<string, string>, prefix = ""): Map<string, string> {
  for (const [name, value] of Object.entries(messages)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === "string") into.set(key, value);
    else flatten(value, into, key);
  }
  return into;
}

const PAGE_TEXTS = new Map<string, Map<string, string>>();
function pageTexts(language: string): Map<string, string> {
  let texts = PAGE_TEXTS.get(language);
  if (!texts) PAGE_TEXTS.set(language, (texts = new Map()));
  return texts;
}

/**
 * Texts only one page shows (Settings, the camera): its route module hands both languages here as
 * it loads, before it renders, and every translator of that language finds them from then on. So
 * the first visit downloads them only with that page's code (ADR 033); the server and the API
 * have them from the start (resources.ts).
 */
export function addPageTexts(byLanguage: Readonly<Record<Locale, Messages>>): void {
  // The server has them already (resources.ts), and loads every route module as it starts.
  if (typeof document === "undefined") return;
  for (const [language, messages] of Object.entries(byLanguage)) flatten(messages, pageTexts(language));
}

/**
 * `t` for one language: the subset of i18next's behaviour these strings use, in ~1 KB instead of
 * i18next's 16 KB gzip in the browser (ADR 033).
 *
 * - Keys are dotted paths into the language's strings; an unknown key is answered with itself.
 * - A numeric `count` picks the plural form, as i18next does: `key_zero` when the count is 0 and
 *   the text has one, then `key_{CLDR category}` (`one`, `other`, …), then the bare key. Unlike
 *   i18next, a category the strings lack falls back to `key_other` (Spanish calls a million
 *   `many`; i18next printed the key).
 * - `{{name}}` prints the option of that name, or a default variable (the password limits);
 *   a numeric `count` is printed with thousands grouped (`3,000`), as amounts are;
 *   a name given as `undefined` or `null` prints nothing, a name not given at all stays as written.
 *   Printed values are not searched for placeholders again, and nothing is HTML-escaped: React
 *   escapes what it renders, and mail and API messages are plain text.
 * - `fallback` (the API's translator: English) answers keys the language lacks.
 */
export function createTranslate(language: Locale, messages: Messages, fallback?: Messages): Translate {
  const own = flatten(messages, new Map());
  const other = fallback ? flatten(fallback, new Map()) : undefined;
  const ofPages = pageTexts(language);
  const find = (texts: Map<string, string>, key: string, count: unknown): string | undefined => {
    if (typeof count !== "number") return texts.get(key);
    return (count === 0 ? texts.get(`${key}_zero`) : undefined) ?? texts.get(`${key}_${pluralCategory(language, count)}`) ?? texts.get(key) ?? texts.get(`${key}_other`);
  };
  return (key, options) => {
    const count = options?.count;
    // The whole plural family in the page's language first: another language's form never wins.
    const text = find(own, key, count) ?? find(ofPages, key, count) ?? (other && find(other, key, count));
    if (text === undefined) return key;
    if (!text.includes("{{")) return text;
    return text.replace(PLACEHOLDER, (placeholder, rawName: string) => {
      const name = rawName.trim();
      const given = options !== undefined && Object.hasOwn(options, name);
      const value = given ? options[name] : Object.hasOwn(defaultVariables, name) ? defaultVariables[name] : undefined;
      if (value === undefined || value === null) return given ? "" : placeholder;
      if (name === "count" && typeof value === "number") return formatCount(value);
      return String(value);
    });
  };
}

/**
 * One `I18n` per set of strings for the life of the isolate or tab: the strings never change in a
 * build. Keyed by the strings themselves, so a development reload of a locale file gets a new one.
 */
const i18ns = new WeakMap<Messages, I18n>();

export function i18nFor(language: Locale, messages: Messages): I18n {
  let i18n = i18ns.get(messages);
  if (!i18n) {
    i18n = { language, t: createTranslate(language, messages) };
    i18ns.set(messages, i18n);
  }
  return i18n;
}
