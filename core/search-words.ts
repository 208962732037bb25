/**
 * What a search looks for: its words. One module for the listing's schema (which refuses text
 * with no word, or too many) and the API's FTS5 query, so both count the same words.
 */

/**
 * Letters and digits to JavaScript that SQLite's unicode61 tokenizer treats as separators (its
 * tables predate them). Left inside a quoted word they would split it into a phrase, which the
 * index (detail=column) refuses with an error. tests/unit/fts-words.test.ts checks this list
 * against SQLite's tokenizer for every letter and digit.
 */
const FTS_SEPARATORS = /[\u19B0-\u19C0\u19C8\u19C9\u1CF2\u1CF3]+/u;

/**
 * Every word must match, each as a prefix the index walks; past MAX_SEARCH_WORDS (input-limits) a
 * search is a pasted paragraph, not a lookup, and is refused with a message rather than cut short
 * in silence.
 */
export { MAX_SEARCH_WORDS } from "./input-limits";

/** The words (runs of letters and digits) in a search, as the index splits them. */
export function searchWords(text: string): string[] {
  return (text.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? []).flatMap((word) => word.split(FTS_SEPARATORS)).filter(Boolean);
}

/**
 * The amounts a search may mean, as plain decimals ("20.77"): "20.77", "20,77", "S/ 20.77",
 * "-20,77", "$1,234.50", "1.234,50". A currency sign or code around the number is ignored, and so
 * is its sign (a search finds money in and out alike). A separator followed by exactly three
 * digits may group thousands or mark decimals ("1,234"): both readings are returned. Text that is
 * more than one number ("Wong 20") means no amount: [].
 */
export function searchAmounts(text: string): string[] {
  const number = text
    .normalize("NFC")
    .trim()
    // A sign or code before it ("S/", "US$", "$", "PEN") and after it ("PEN"), and a sign.
    .replace(/^[+\-−(]?\s*(?:\p{L}{1,3}\s*[$/]?|\p{Sc})?\s*[+\-−(]?\s*/u, "")
    .replace(/\)?\s*(?:\p{L}{1,3}|\p{Sc})?$/u, "")
    .trim();
  // What is left must be digits and separators only, and start and end with a digit.
  if (!/^\d[\d.,]*$/.test(number) || !/\d$/.test(number) || number.length > 24) return [];
  const separators = number.replace(/\d/g, "");
  const [whole, fraction] = ((): [string, string] => {
    if (!separators) return [number, ""];
    const last = separators.at(-1)!;
    const lastAt = number.lastIndexOf(last);
    const before = number.slice(0, lastAt);
    const after = number.slice(lastAt + 1);
    // Every separator but the last groups thousands: groups of three, and of one kind.
    const grouping = before.replace(/\d/g, "");
    if (grouping && (!/^[.,]+$/.test(grouping) || new Set(grouping).size > 1)) return ["", ""];
    if (grouping && !/^\d{1,3}([.,]\d{3})*$/.test(before)) return ["", ""];
    if (grouping && grouping[0] === last) return [(before + last + after).replace(/[.,]/g, ""), after.length === 3 ? "" : "\u0000"];
    return [before.replace(/[.,]/g, ""), after];
  })();
  if (!whole || fraction === "\u0000") return [];
  const readings = new Set<string>();
  if (fraction.length <= 3) readings.add(plainDecimal(whole, fraction));
  // "1,234" or "1.234": also one thousand two hundred thirty-four.
  if (separators.length === 1 && fraction.length === 3 && whole.length <= 3) readings.add(plainDecimal(whole + fraction, ""));
  return [...readings];
}

function plainDecimal(whole: string, fraction: string): string {
  const w = whole.replace(/^0+(?=\d)/, "");
  const f = fraction.replace(/0+$/, "");
  return f ? `${w}.${f}` : w;
}

/** A plain decimal ("20.77") in units of 10^-digits (2077 at 2 digits); null when it has more decimals than that. */
export function decimalUnits(decimal: string, digits: number): number | null {
  const [whole = "0", fraction = ""] = decimal.split(".");
  if (fraction.length > digits) return null;
  const units = Number(whole + fraction.padEnd(digits, "0"));
  return Number.isSafeInteger(units) ? units : null;
}
