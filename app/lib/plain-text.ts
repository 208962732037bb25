/**
 * Text people type, paste or import, kept to what draws: control characters (a NUL, a bell, an
 * escape sequence) show as boxes or nothing, and Unicode's bidirectional overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) can make a description read backwards ("txt.exe" shown as
 * "exe.txt"). Both are dropped wherever text is stored: the shared schemas (form, action, API)
 * and the CSV import.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** One line: tabs and line breaks become spaces, invisible characters go. */
export function singleLineText(text: string): string {
  return text.replace(/[\t\r\n]/g, " ").replace(INVISIBLE, "");
}

/** Several lines (notes): line breaks become "\n", tabs stay, invisible characters go. */
export function multiLineText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(INVISIBLE, "");
}
