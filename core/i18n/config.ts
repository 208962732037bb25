import { ACCOUNT_NUMBER_MAX_DIGITS, BUDGET_LINES_MAX, IMPORT_MAX_BYTES, MAX_RECEIPT_BYTES, MAX_SEARCH_WORDS, PAGE_SIZE_MAX, PASSWORD_MAX, PASSWORD_MIN, TEXT_LIMITS } from "../input-limits";

const MB = 1024 * 1024;

export const supportedLocales = ["en", "es"] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = "en";
export const defaultTimeZone = "America/Lima";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (supportedLocales as readonly string[]).includes(value);
}

/**
 * Values every text may print without being given them: a message can state a limit the schemas
 * enforce ("Use at most {{passwordMax}} characters.", `{{payeeMax}}` for `TEXT_LIMITS.payee`), so
 * the number is never copied into a sentence.
 */
export const defaultVariables: Readonly<Record<string, number>> = {
  passwordMin: PASSWORD_MIN,
  passwordMax: PASSWORD_MAX,
  receiptMaxMb: MAX_RECEIPT_BYTES / MB,
  importMaxMb: IMPORT_MAX_BYTES / MB,
  accountNumberMaxDigits: ACCOUNT_NUMBER_MAX_DIGITS,
  searchWordsMax: MAX_SEARCH_WORDS,
  pageSizeMax: PAGE_SIZE_MAX,
  budgetLinesMax: BUDGET_LINES_MAX,
  ...Object.fromEntries(Object.entries(TEXT_LIMITS).map(([field, max]) => [`${field}Max`, max])),
};

/** A supported locale named by `value` ("es", "es-PE"), if any. */
export function supportedLocaleOf(value: unknown): Locale | undefined {
  if (typeof value !== "string") return undefined;
  const base = value.trim().toLowerCase().split("-")[0];
  return isLocale(base) ? base : undefined;
}

/** Picks the best supported locale from an Accept-Language header (q-values honoured). */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  return bestSupportedLocale(header) ?? defaultLocale;
}

/** The tags of a language list ("es-PE,en;q=0.8"), lower case, best first; `q=0` and malformed `q` left out. */
function rankedTags(list: string): string[] {
  return list
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}

/** The supported language an `Accept-Language` header ranks highest (q-values), or null when it names none. */
export function bestSupportedLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  for (const tag of rankedTags(header)) {
    const found = supportedLocaleOf(tag);
    if (found) return found;
  }
  return null;
}

/**
 * The supported locale the `lng` cookie names, as remix-i18next's detector picked it before the
 * server kept one instance per language (ADR 067): a tag that is a supported locale exactly
 * ("es") wins over one that only shares its language ("es-PE"); null when none does.
 */
export function cookieLocale(value: string): Locale | null {
  const tags = rankedTags(value);
  return tags.find(isLocale) ?? tags.map(supportedLocaleOf).find((locale) => locale !== undefined) ?? null;
}
