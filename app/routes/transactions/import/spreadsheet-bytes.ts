/**
 * Whether a file chosen for import is a spreadsheet rather than a CSV, by its first bytes: banks'
 * "Excel" downloads are .xlsx (a zip), old .xls (an OLE2 compound file), or HTML or XML
 * spreadsheets named .xls. Any zip counts (an .ods, a zipped CSV): none of them is a CSV either.
 */
export const SPREADSHEET_HEAD_BYTES = 512;

export function looksLikeSpreadsheet(head: Uint8Array): boolean {
  const starts = (bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  if (starts([0x50, 0x4b, 0x03, 0x04]) || starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return true;
  // Text that is markup: an HTML table, or Excel's XML spreadsheet.
  const text = new TextDecoder("latin1").decode(head.subarray(0, SPREADSHEET_HEAD_BYTES)).replace(/^\uFEFF|^ï»¿/, "").trimStart().toLowerCase();
  return text.startsWith("<!doctype html") || text.startsWith("<html") || (text.startsWith("<?xml") && text.includes("<workbook"));
}
