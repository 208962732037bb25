/**
 * The text of an uploaded CSV file. UTF-8 when its bytes are UTF-8 (a BOM or not); otherwise
 * Windows-1252, what spreadsheet apps on Windows in Spanish and English save as "CSV" (read as
 * UTF-8, "Descripción" became "Descripci�n" and was stored so). Every byte sequence is valid
 * Windows-1252, so nothing is refused here; a file that is not text is refused by the importer.
 */
export function decodeCsv(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
