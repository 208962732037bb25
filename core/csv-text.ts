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
  // The decoder drops the mark itself. Bytes that only begin like it (a binary file) are not
  // UTF-16 text: they fail the strict decoder or hold control characters, and are read as below,
  // where their NUL bytes get them refused.
  const utf16 = head[0] === 0xff && head[1] === 0xfe ? "utf-16le" : head[0] === 0xfe && head[1] === 0xff ? "utf-16be" : utf16ByZeros(bytes);
  if (utf16) {
    try {
      const text = new TextDecoder(utf16, { fatal: true }).decode(bytes);
      if (!hasControlCharacters(text)) return text;
    } catch {
      // Not UTF-16 after all.
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** Whether text holds a control character other than tab, line feed and carriage return (a loop: files run to 5 MB). */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
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
  if (oddZeros >= pairs * 0.5 && evenZeros === 0) return "utf-16le";
  if (evenZeros >= pairs * 0.5 && oddZeros === 0) return "utf-16be";
  return null;
}
