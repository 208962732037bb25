/**
 * What a file chosen for import is when it is not a CSV, by its first bytes, so the refusal can
 * say what to do rather than only "not a readable CSV file". Banks' usual wrong files:
 * - a spreadsheet: "Excel" downloads are .xlsx (a zip), old .xls (an OLE2 compound file), or HTML
 *   or XML spreadsheets named .xls. Any zip counts (an .ods, a zipped CSV): none is a CSV either.
 * - a PDF statement (session 33 QA: its bytes were read as text and shown as columns of garbage).
 * readFile (reading.ts) refuses such a file with a message that names it; the app's action shows
 * the API's message (ADR 082).
 */
export const FILE_KIND_HEAD_BYTES = 1024;

export type NotCsvKind = "spreadsheet" | "pdf";

export function notCsvKind(head: Uint8Array): NotCsvKind | null {
  const starts = (bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  if (starts([0x50, 0x4b, 0x03, 0x04]) || starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "spreadsheet";
  const text = new TextDecoder("latin1").decode(head.subarray(0, FILE_KIND_HEAD_BYTES));
  // A PDF's header may follow other bytes, within its first 1,024 (the PDF specification's leeway),
  // at the start of a line: a CSV cell that says "%PDF-" is not one.
  if (/(?:^|[\r\n]|^\u00ef\u00bb\u00bf)%PDF-\d/.test(text)) return "pdf";
  // Text that is markup: an HTML table, or Excel's XML spreadsheet.
  const markup = text.replace(/^\uFEFF|^ï»¿/, "").trimStart().toLowerCase();
  if (markup.startsWith("<!doctype html") || markup.startsWith("<html") || (markup.startsWith("<?xml") && markup.includes("<workbook"))) return "spreadsheet";
  return null;
}
