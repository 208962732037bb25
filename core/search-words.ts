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
