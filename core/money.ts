/**
 * The one money module. Amounts are integers in the currency's minor units (céntimos, cents)
 * from the database to the browser; decimal strings only at the edges (forms, CSV, JSON input).
 * Never a float in between: parsing works on the digits of the string.
 */

import { CURRENCY_NAME_FALLBACK } from "./currency-names";

/** ISO 4217 three-letter code, upper case. */
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

/**
 * Minor-unit digits of the currencies whose digits are not 2, frozen from CLDR as ICU 78 gives
 * them. The digits say what a stored integer means (1250 COP is 1,250 pesos, 1250 KWD is 1.250
 * dinars), so they cannot follow whatever ICU a runtime brings: workerd and each browser have
 * their own, and a later one could move a currency's decimal point under existing amounts.
 * CLDR's practical digits are kept where they differ from ISO 4217 (COP, IDR, HUF, PKR: 0,
 * as people write them). docs/decisions/007-money-formatting.md.
 */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    ["AFN", "ALL", "BIF", "CLP", "COP", "DJF", "GNF", "HUF", "IDR", "IQD", "IRR", "ISK", "JPY", "KMF", "KPW", "KRW", "LAK", "LBP", "MGA", "MMK", "PKR", "PYG", "RWF", "SLL", "SOS", "SYP", "UGX", "VND", "VUV", "XAF", "XOF", "XPF", "YER"].map((code) => [code, 0]),
  ),
  ...Object.fromEntries(["BHD", "JOD", "KWD", "LYD", "OMR", "TND"].map((code) => [code, 3])),
};

/**
 * The currencies a new account may be opened in: ICU 78's (CLDR 48) list, frozen as MINOR_DIGITS
 * is, so every runtime offers the same (workerd's older ICU listed retired ones and lacked SLE and
 * ZWG; QA, session 23), without the ones retired since or that no one holds money in (below).
 */
export const OFFERED_CURRENCIES: readonly string[] = [
  "AED", "AFN", "ALL", "AMD", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BHD", "BIF",
  "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHF", "CLP", "CNY",
  "COP", "CRC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD",
  "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR",
  "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW",
  "KWD", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK",
  "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR",
  "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF",
  "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP",
  "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "UYU",
  "UZS", "VES", "VND", "VUV", "WST", "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWG",
];

/**
 * Accepted where they already are (an account opened in them, a file, the API) but not offered for
 * a new account: replaced since CLDR 48 was frozen or before (ANG by XCG, BGN and HRK by the euro,
 * CUC withdrawn, SLL by SLE, ZWL by ZWG), and units of account (the IMF's XDR, ALBA's XSU).
 */
export const RETIRED_OR_UNIT_CURRENCIES: readonly string[] = ["ANG", "BGN", "CUC", "HRK", "SLL", "ZWL", "XDR", "XSU"];

const VALID_CODES = new Map<string, boolean>();

/** The order of per-currency figures (balances, the month's money in and out): PEN, USD, then A–Z, as the pickers list them. */
export function compareCurrencies(a: string, b: string): number {
  const rank = (code: string) => (code === "PEN" ? 0 : code === "USD" ? 1 : 2);
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Whether Intl can format the code as a currency (any three letters it accepts; PEN and USD come first in pickers). */
export function isCurrency(code: string): boolean {
  if (!CURRENCY_PATTERN.test(code)) return false;
  let valid = VALID_CODES.get(code);
  if (valid === undefined) {
    try {
      new Intl.NumberFormat("en", { style: "currency", currency: code });
      valid = true;
    } catch {
      valid = false;
    }
    VALID_CODES.set(code, valid);
  }
  return valid;
}

/** Minor-unit digits of a currency: PEN 2, USD 2, JPY 0, BHD 3. */
export function currencyDigits(currency: string): number {
  return MINOR_DIGITS[currency] ?? 2;
}

/** Largest magnitude accepted for one amount: 10^13 major units keeps every sum inside 2^53. */
export const MAX_MINOR_UNITS = 10 ** 15;

export type DecimalSeparator = "." | ",";

export type ParseResult = { ok: true; minor: number } | { ok: false; reason: "format" | "precision" | "range" };

/**
 * Parses a decimal string ("-1,234.50", "1.234,50" with separator ",", "12", ".5") into minor units.
 * Grouping separators are allowed only in groups of three; more fraction digits than the
 * currency has is an error rather than a silent rounding.
 */
export function parseAmount(input: string, currency: string, decimalSeparator: DecimalSeparator = "."): ParseResult {
  const group = decimalSeparator === "." ? "," : ".";
  let text = input.trim();
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.startsWith("-") || text.startsWith("−")) {
    negative = !negative;
    text = text.slice(1).trimStart();
  } else if (text.startsWith("+")) {
    text = text.slice(1).trimStart();
  }
  // A space between digits is a thousands separator in some banks' files ("1 234,56", also with
  // a no-break space); anywhere else it is a slip ("1 2 3.4 5"), not money to guess at.
  if (/\s/.test(text)) {
    if (!/^\d{1,3}(?:\s\d{3})+(?:[.,]\d+)?$/.test(text)) return { ok: false, reason: "format" };
    text = text.replace(/\s/g, "");
  }
  const escapedGroup = group === "." ? "\\." : ",";
  const escapedDecimal = decimalSeparator === "." ? "\\." : ",";
  // The whole part may be left out before a fraction (".5" is half a unit), not both.
  const pattern = new RegExp(`^(\\d{1,3}(?:${escapedGroup}\\d{3})+|\\d+)?(?:${escapedDecimal}(\\d+))?$`);
  const match = pattern.exec(text);
  if (!match || (match[1] === undefined && match[2] === undefined)) return { ok: false, reason: "format" };
  const whole = (match[1] ?? "").split(group).join("");
  const fraction = match[2] ?? "";
  const digits = currencyDigits(currency);
  if (fraction.length > digits) return { ok: false, reason: "precision" };
  const minorText = (whole + fraction.padEnd(digits, "0")).replace(/^0+(?=\d)/, "");
  if (minorText.length > 16) return { ok: false, reason: "range" };
  const minor = Number(minorText);
  if (!Number.isSafeInteger(minor) || minor > MAX_MINOR_UNITS) return { ok: false, reason: "range" };
  return { ok: true, minor: negative && minor !== 0 ? -minor : minor };
}

/** Minor units to a plain decimal string with a dot ("-1234.50"), the API and CSV edge format. */
export function toDecimalString(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount: ${minor}`);
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = String(Math.abs(minor)).padStart(digits + 1, "0");
  if (digits === 0) return sign + abs;
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/**
 * An amount for a form field the user may keep while choosing another currency: as
 * `toDecimalString`, without a fraction of zeros ("1500.00" soles is "1500", which yen take too),
 * and a fraction's trailing zeros past the cents ("5.500" dinars is "5.50"); cents stay as money
 * is written ("1234.50", not "1234.5"; QA, session 23).
 */
export function toEditableDecimalString(minor: number, currency: string): string {
  const text = toDecimalString(minor, currency);
  if (/\.0+$/.test(text)) return text.replace(/\.0+$/, "");
  return text.replace(/(\.\d\d\d*?)0+$/, "$1");
}

/** A currency's formatter, and the symbol it prints that Tesoro writes the Peruvian way (or null). */
type MoneyFormat = { formatter: Intl.NumberFormat; replace: { symbol: string; by: string } | null };
const FORMATS = new Map<string, MoneyFormat>();

/** How Peruvians write these two, in either language: CLDR has no locale that gives both. */
export const PERUVIAN_SYMBOLS: Readonly<Record<string, string>> = { PEN: "S/", USD: "US$" };

/**
 * Narrow symbols that several currencies print ("$" is the peso of six countries and four
 * dollars; "¥" is both the yen and the yuan). A user with accounts in two of them could not tell
 * them apart, so those currencies take English's symbol instead, which CLDR keeps unique (`MX$`,
 * `CA$`, `CN¥`, or the code: `CLP`, `SEK`). tests/unit/money.test.ts checks this list against
 * every currency the runtime knows.
 */
export const SHARED_NARROW_SYMBOLS: ReadonlySet<string> = new Set(["$", "¥", "kr", "£", "L", "₩", "Rs"]);

/** The currency sign a formatter prints. */
export function currencyPart(formatter: Intl.NumberFormat): string | undefined {
  return formatter.formatToParts(0).find((part) => part.type === "currency")?.value;
}

function moneyFormat(currency: string, signDisplay: "auto" | "always" | "exceptZero"): MoneyFormat {
  const key = `${currency}|${signDisplay}`;
  let format = FORMATS.get(key);
  if (!format) {
    // The table's digits, not the runtime's: the server and every browser print the same figure.
    const digits = currencyDigits(currency);
    const formatter = new Intl.NumberFormat("es-PE", { style: "currency", currency, currencyDisplay: "narrowSymbol", signDisplay, minimumFractionDigits: digits, maximumFractionDigits: digits });
    const symbol = currencyPart(formatter);
    const by = PERUVIAN_SYMBOLS[currency] ?? (symbol && SHARED_NARROW_SYMBOLS.has(symbol) ? currencyPart(new Intl.NumberFormat("en", { style: "currency", currency })) : undefined);
    format = { formatter, replace: by && symbol && symbol !== by ? { symbol, by } : null };
    FORMATS.set(key, format);
  }
  return format;
}

/**
 * Formats minor units for people: `S/ 1,234.50`, `US$ 12.00`, `-S/ 5.00`, `MX$ 80.00`, `CLP 5,000`, `€ 3.00` (the space is a no-break
 * space, so the symbol never wraps away from the number). Peru groups with
 * commas and uses a decimal point in English and Spanish alike, so the number part is es-PE's
 * for both languages (docs/decisions/007-money.md). Goes through the decimal string, so no
 * float ever carries the amount. A page formats a hundred amounts, so the symbol is swapped in
 * the formatted string (it appears once) rather than through `formatToParts`, at half the cost.
 */
export function formatMoney(minor: number, currency: string, options: { signDisplay?: "auto" | "always" | "exceptZero" } = {}): string {
  const { formatter, replace } = moneyFormat(currency, options.signDisplay ?? "auto");
  // Intl reads decimal strings exactly (no binary rounding) since ES2023.
  const text = formatter.format(toDecimalString(minor, currency) as Intl.StringNumericLiteral);
  return (replace ? text.replace(replace.symbol, () => replace.by) : text).replace(/^([-+]?)(S\/|US\$)(?=\d)/, "$1$2\u00a0");
}

/**
 * A signed amount inside text that cannot be styled (a label drawn as a tooltip, a native
 * dialog's question): a word joiner after the sign keeps it on the figure's line, as `Money`'s
 * nowrap does, so no line ends in a bare minus that reads as money in. Screen readers skip it.
 */
export function formatSignedMoneyInText(minor: number, currency: string): string {
  return formatMoney(minor, currency, { signDisplay: "exceptZero" }).replace(/^[-+]/, "$&\u2060");
}

/** The sign Tesoro writes amounts of this currency with: "S/", "US$", "€", "¥", or the code ("CLP"). */
export function currencySign(currency: string): string {
  return formatMoney(0, currency).replace(/[\d.,\s]/g, "");
}

/** Whether amounts of this currency are written with its code (`CLP 5,000`) rather than a sign (`S/`, `€`). */
export function signIsCode(currency: string): boolean {
  return currencySign(currency) === currency;
}

const CURRENCY_NAMES = new Map<"en" | "es", Intl.DisplayNames | null>();

/** A currency's CLDR name in English or Spanish ("Peruvian Sol", "sol peruano"), from Intl or, where its ICU is older, `CURRENCY_NAME_FALLBACK`; null for an unknown code. */
export function currencyName(code: string, locale: string): string | null {
  const language = locale === "es" ? "es" : "en";
  if (!CURRENCY_NAMES.has(language)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language], { type: "currency", fallback: "none" });
    } catch {
      // A runtime without DisplayNames: codes alone.
    }
    CURRENCY_NAMES.set(language, names);
  }
  const name = CURRENCY_NAMES.get(language)?.of(code);
  return name && name !== code ? name : (CURRENCY_NAME_FALLBACK[language][code] ?? null);
}

/** A currency picker's option: "PEN · Peruvian Sol" ("PEN · sol peruano"), the code first so typing it still finds it. */
export function currencyOptionLabel(code: string, locale: string): string {
  const name = currencyName(code, locale);
  return name ? `${code} · ${name}` : code;
}

/** Locale for dates: "Nov 21, 2026" in English, "21 nov. 2026" in Spanish (Peru). */
export function intlLocale(locale: string): string {
  return locale === "es" ? "es-PE" : "en-PE";
}

/**
 * es-PE's compact figures mix "5 K" (under ten thousand) and "10 k" (above) in the ICU data: a
 * Peruvian reads "mil" and "M". So Spanish takes generic Spanish's words ("5 mil", "1,2 M") with
 * Peru's decimal point ("2.5 mil"), as every other figure on the page is written.
 */
export function compactNumber(language: string): (value: number) => string {
  if (language !== "es") {
    const compact = new Intl.NumberFormat(intlLocale(language), { notation: "compact", maximumFractionDigits: 1 });
    return (value) => compact.format(value);
  }
  const spanish = new Intl.NumberFormat("es", { notation: "compact", maximumFractionDigits: 1 });
  return (value) =>
    spanish
      .formatToParts(value)
      .map((part) => (part.type === "decimal" ? "." : part.value))
      .join("");
}

/** Sums minor units, refusing to leave the safe-integer range instead of losing cents. */
export function sumMinor(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) {
    total += value;
    if (!Number.isSafeInteger(total)) throw new RangeError("Sum out of safe range");
  }
  return total;
}

export type TypedAmount = { ok: true; magnitude: number; negative: boolean } | { ok: false; reason: "format" | "precision" | "range" };

/**
 * An amount as a person types it into a form (docs/decisions/051-money-in-money-out.md): the
 * magnitude, and whether a minus (or accounting brackets) said "money out". Takes the app's own
 * display formats ("S/ -132.70", "-S/ 45.90", "S/ 45.90", "45.90 PEN") with the account's sign or
 * code only, and either decimal separator: "-44,90", "1.234,56", "1,234.56". Which mark is the
 * decimal one: the last, when both appear; a mark that repeats groups thousands; a lone comma
 * followed by exactly three digits more than the currency takes groups thousands ("1,234" is
 * 1234 soles, as Peru writes it); any other lone mark is the decimal one (so "1.234" soles is
 * refused for its precision rather than read as 1234).
 */
export function parseTypedAmount(input: string, currency: string): TypedAmount {
  let text = input.trim().replace(/[\u00a0\u202f]/g, " ");
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  const own = [currencySign(currency).toUpperCase(), currency];
  // A sign and the currency's symbol in either order: "-S/ 45.90", "S/ -45.90", "+ 45".
  // One of each at most (brackets count as a sign): "--5", "(-5)" or "S/ S/ 5" is a slip, not money to guess at.
  let signed = negative;
  let symbolSeen = false;
  for (;;) {
    const sign = /^[-−+]/.exec(text);
    if (sign) {
      if (signed) return { ok: false, reason: "format" };
      signed = true;
      if (sign[0] !== "+") negative = !negative;
      text = text.slice(1).trimStart();
      continue;
    }
    const symbol = /^(?:\p{L}{1,3}[/$]?|\p{Sc})/u.exec(text);
    if (!symbol) break;
    if (symbolSeen || !own.includes(symbol[0].toUpperCase())) return { ok: false, reason: "format" };
    symbolSeen = true;
    text = text.slice(symbol[0].length).trimStart();
  }
  const code = /\s*(\p{L}{3})$/u.exec(text);
  if (code) {
    if (code[1]!.toUpperCase() !== currency) return { ok: false, reason: "format" };
    text = text.slice(0, -code[0].length);
  }
  if (!/^[\d.,\s]*\d[\d.,\s]*$/.test(text)) return { ok: false, reason: "format" };
  const parsed = parseAmount(text, currency, decimalSeparatorOf(text, currency));
  if (!parsed.ok) return parsed;
  return { ok: true, magnitude: Math.abs(parsed.minor), negative: negative && parsed.minor !== 0 };
}

function decimalSeparatorOf(text: string, currency: string): DecimalSeparator {
  const lastPoint = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  if (lastPoint >= 0 && lastComma >= 0) return lastPoint > lastComma ? "." : ",";
  if (lastComma < 0) return lastPoint >= 0 && text.indexOf(".") !== lastPoint ? "," : ".";
  if (text.indexOf(",") !== lastComma) return ".";
  const after = text.length - lastComma - 1;
  return after === 3 && after > currencyDigits(currency) ? "." : ",";
}

/** A leading minus, after a currency's sign or code too ("S/ -45"); the sign's lead is group 1. */
const TYPED_MINUS = /^(\s*(?:\p{L}{1,3}[/$]?|\p{Sc})?\s*)[-−]/u;
/** An accounting bracket round the whole amount ("(300)"); its inside is group 1. */
const TYPED_BRACKETS = /^\s*\((.*)\)\s*$/u;

/** Whether text being typed already says "money out" by itself: a leading minus (after a currency sign too) or an accounting bracket. */
export function typedAsOut(text: string): boolean {
  return /^\s*\(/u.test(text) || TYPED_MINUS.test(text);
}

/** The typed amount without what `typedAsOut` reads as "out": "S/ -45" → "S/ 45", "(300)" → "300". */
export function withoutTypedSign(text: string): string {
  const bracketed = TYPED_BRACKETS.exec(text);
  return bracketed ? bracketed[1]! : text.replace(TYPED_MINUS, "$1");
}
