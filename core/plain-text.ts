/**
 * Text people type, paste or import, kept to what draws: control characters (a NUL, a bell, an
 * escape sequence) show as boxes or nothing, and Unicode's bidirectional overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) can make a description read backwards ("txt.exe" shown as
 * "exe.txt"). Both are dropped wherever text is stored: the shared schemas (form, action, API)
 * and the CSV import.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Characters that draw nothing (zero-width space and joiners, direction marks, word joiner, BOM,
 * soft hyphen) at either end of a text, with any spaces among them. Inside a text they may
 * matter (a joiner inside an emoji, a soft hyphen inside a long word); at its ends they only make
 * a blank-looking text pass as "filled in".
 */
const BLANK_EDGES = /^[\s\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]+|[\s\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]+$/g;

/**
 * One line: tabs and line breaks become spaces, invisible characters go, and so do blank ends.
 * Composed (NFC), so "Café" typed on one keyboard and pasted from another is one name, not two
 * that look alike (a category, a search, a duplicate check).
 */
export function singleLineText(text: string): string {
  return text.normalize("NFC").replace(/[\t\r\n]/g, " ").replace(INVISIBLE, "").replace(BLANK_EDGES, "");
}

/** One line with one space between words (a no-break space is one too): for names that must not differ only by spacing (a category, an imported description). */
export function singleSpacedText(text: string): string {
  return singleLineText(text).replace(/\s+/g, " ");
}

/** Several lines (notes): line breaks become "\n", tabs stay, invisible characters and blank ends go. */
export function multiLineText(text: string): string {
  return text.normalize("NFC").replace(/\r\n?/g, "\n").replace(INVISIBLE, "").replace(BLANK_EDGES, "");
}

/** Text as people mean it when they type it: no accents, one space, lower case ("São  Paulo" is "sao paulo"). */
export function foldedForMatching(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}
