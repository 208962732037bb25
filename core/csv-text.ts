/**
 * The text of an uploaded CSV file. UTF-16 when it starts with a UTF-16 byte order mark: Excel's
 * "Unicode Text" (tab-separated) is saved so (session 33 QA: "not a readable CSV"). UTF-8 when its
 * bytes are UTF-8 (a BOM or not); otherwise Windows-1252, what spreadsheet apps on Windows in
 * Spanish and English save as "CSV" (read as UTF-8, "Descripción" became "Descripci�n" and was
 * stored so). Every byte sequence is valid Windows-1252, so nothing is refused here; a file that is
 * not text is refused by the importer.
 */
export function decodeCsv(bytes: ArrayBuffer | Uint8Array): string {
  const head = bytes instanceof Uint8Array ? bytes.subarray(0, 2) : new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  // The decoder drops the mark itself.
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
