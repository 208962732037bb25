/**
 * The text of an uploaded CSV file. UTF-16 when it starts with a UTF-16 byte order mark: Excel's
 * "Unicode Text" (tab-separated) is saved so (session 33 QA: "not a readable CSV"), or without
 * the mark when its first bytes have the zeros of UTF-16 text (a letter's other byte). UTF-8 when its
 * bytes are UTF-8 (a BOM or not); otherwise Windows-1252, what spreadsheet apps on Windows in
 * Spanish and English save as "CSV" (read as UTF-8, "Descripción" became "Descripci�n" and was
 * stored so). Every byte sequence is valid Windows-1252, so nothing is refused here; a file that is
 * not text is refused by the importer.
 */
export function decodeCsv(bytes: ArrayBuffer | Uint8Array): string {
  const head = bytes instanceof Uint8Array ? bytes.subarray(0, 2) : new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  // The decoder drops the mark itself. With the mark, the file says it is UTF-16: read leniently
  // (a stray NUL or an odd last byte is dropped, not the file), unless it is mostly control
  // characters (a binary file that only begins like the mark). Without it, by its zeros
  // (`utf16ByZeros`), strictly: a guess must read as text throughout.
  const marked = head[0] === 0xff && head[1] === 0xfe ? "utf-16le" : head[0] === 0xfe && head[1] === 0xff ? "utf-16be" : null;
  if (marked) {
    const text = new TextDecoder(marked).decode(bytes).replaceAll("\u0000", "").replace(/\ufffd$/, "");
    if (controlCharacters(text) * 100 <= text.length) return text;
  } else {
    const guessed = utf16ByZeros(bytes);
    if (guessed) {
      try {
        const text = new TextDecoder(guessed, { fatal: true }).decode(bytes);
        if (controlCharacters(text) === 0) return text;
      } catch {
        // Not UTF-16 after all.
      }
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** How many control characters text holds, tab, line feed and carriage return aside (a loop: files run to 5 MB). */
function controlCharacters(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) count++;
  }
  return count;
}

/**
 * UTF-16 without its mark, told by its zeros: text in Latin letters has a zero in every other
 * byte (the high byte of each letter), odd bytes for little-endian, even for big-endian; UTF-8
 * and Windows-1252 text has none. Binary data has zeros at both.
 */
function utf16ByZeros(bytes: ArrayBuffer | Uint8Array): "utf-16le" | "utf-16be" | null {
  const head = bytes instanceof Uint8Array ? bytes.subarray(0, 1024) : new Uint8Array(bytes, 0, Math.min(1024, bytes.byteLength));
  const pairs = Math.floor(head.length / 2);
  if (pairs < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i + 1 < head.length; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  // A few letters whose low byte is zero (Ā, U+2000…) leave the pattern standing.
  const few = Math.max(1, Math.floor(pairs * 0.02));
  if (oddZeros >= pairs * 0.5 && evenZeros <= few) return "utf-16le";
  if (evenZeros >= pairs * 0.5 && oddZeros <= few) return "utf-16be";
  return null;
}
