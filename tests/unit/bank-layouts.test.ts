/**
 * Real bank export layouts (tests/fixtures/bank-layouts/, see its manifest) read as the import
 * reads a file (reading.ts's `readFile`: the delimiter, the table past the lines above and below
 * it, the header), then guessed and read: with no help the guess must be right for at least 80%
 * of them, and every one must import exactly with its right mapping (its rows and their net sum,
 * added by hand from the file). tests/api/bank-layouts.test.ts runs the same files through the API.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeCsv } from "../../core/csv-text";
import { translatorFor } from "../../core/i18n/translator";
import { importQuerySchema, type ImportQuery } from "../../core/schemas/ledger";
import { detectDelimiter, filledWidth, parseCsv, tableEnd, tableStart } from "../../workers/api/src/import/csv";
import { guessFile } from "../../workers/api/src/import/guess";
import { readRows } from "../../workers/api/src/import/parse";

const DIR = new URL("../fixtures/bank-layouts/", import.meta.url);
type Layout = { file: string; bank: string; currency: string; accountType: string; rows: number; invalid: number; netMinor: number; mapping: Record<string, string | number> };
const { layouts } = JSON.parse(readFileSync(new URL("manifest.json", DIR), "utf8")) as { layouts: Layout[] };
const t = translatorFor("en");

function readTable(file: string) {
  const text = decodeCsv(new Uint8Array(readFileSync(new URL(file, DIR))).buffer);
  const delimiter = detectDelimiter(text.replace(/^\ufeff/, ""));
  const parsed = parseCsv(text, delimiter);
  const rows = parsed.rows.slice(tableStart(parsed.rows));
  const columns = rows[0]!.fields.map((name, i) => name.trim() || `${i + 1}`);
  const all = rows.slice(1);
  return { columns, data: all.slice(0, tableEnd(all)), delimiter, tableWidth: filledWidth(rows[0]!.fields) };
}

const query = (mapping: Record<string, string | number>): ImportQuery => importQuerySchema.parse(Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, String(v)])));

function imported(layout: Layout, table: ReturnType<typeof readTable>, mapping: ImportQuery) {
  const rows = readRows({ currency: layout.currency }, table.data, mapping, table.tableWidth, t, null);
  const valid = rows.filter((row) => !row.errors);
  return { valid: valid.map((row) => [row.date, row.amount]), invalid: rows.length - valid.length, net: valid.reduce((sum, row) => sum + row.amount!, 0), errors: rows.filter((row) => row.errors).map((row) => row.errors) };
}

describe("real bank layouts", () => {
  it("are at least 20, five of them Latin American", () => {
    expect(layouts.length).toBeGreaterThanOrEqual(20);
    expect(layouts.filter((layout) => ["PE", "AR", "MX", "CO", "BR", "CL"].includes((layout as unknown as { country: string }).country)).length).toBeGreaterThanOrEqual(5);
  });

  it.each(layouts.map((layout) => [layout.file, layout] as const))("%s imports exactly with its mapping", (_, layout) => {
    const table = readTable(layout.file);
    const result = imported(layout, table, query(layout.mapping));
    expect(result.errors.length, JSON.stringify(result.errors).slice(0, 600)).toBe(layout.invalid);
    expect(result.valid).toHaveLength(layout.rows);
    expect(result.net).toBe(layout.netMinor);
  });

  it("are guessed right with no help for at least 80%", () => {
    const wrong: string[] = [];
    for (const layout of layouts) {
      const table = readTable(layout.file);
      const guess = guessFile(table.columns, table.data, table.delimiter, layout.currency, layout.accountType);
      const parsed = importQuerySchema.safeParse(Object.fromEntries(Object.entries(guess.mapping).map(([k, v]) => [k, String(v)])));
      const right = imported(layout, table, query(layout.mapping));
      const guessed = parsed.success ? imported(layout, table, parsed.data) : null;
      // Right: the same movements, on the same days, for the same money; no row refused that the right mapping takes.
      if (!guessed || JSON.stringify(guessed.valid) !== JSON.stringify(right.valid) || guessed.net !== layout.netMinor) wrong.push(`${layout.file}: ${JSON.stringify(guess.mapping)} ${JSON.stringify(guessed?.errors ?? parsed.error).slice(0, 300)}`);
    }
    const score = layouts.length - wrong.length;
    console.log(`bank layouts guessed right with no help: ${score} of ${layouts.length} (${Math.round((100 * score) / layouts.length)}%)${wrong.length ? `\n  wrong:\n  ${wrong.join("\n  ")}` : ""}`);
    expect(score / layouts.length).toBeGreaterThanOrEqual(0.8);
  });
});
