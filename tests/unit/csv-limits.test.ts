import { describe, expect, it } from "vitest";
import { parseCsv } from "../../workers/api/src/import/csv";

describe("parseCsv's limits", () => {
  it("stops one row past the row limit, so a long file is never held whole", () => {
    const { rows, tooWide } = parseCsv(",\n".repeat(1_000_000), ",", { rows: 3, fields: 10 });
    expect(rows.map((row) => row.line)).toEqual([1, 2, 3, 4]);
    expect(tooWide).toBe(false);
  });

  it("stops at a row wider than the field limit, and says so", () => {
    const wide = parseCsv(`a,b\n${",".repeat(5_000_000)}\n`, ",", { rows: 10, fields: 100 });
    expect(wide.tooWide).toBe(true);
    expect(wide.rows).toEqual([{ line: 1, fields: ["a", "b"] }]);
  });

  it("keeps a file within both limits whole, its last row without a line end too", () => {
    const within = parseCsv('a,"b\nc"\n\n1,2', ",", { rows: 2, fields: 2 });
    expect(within).toEqual({ rows: [{ line: 1, fields: ["a", "b\nc"] }, { line: 4, fields: ["1", "2"] }], tooWide: false, unclosedQuoteLine: null });
  });

  it("names the line of a quote that is never closed, instead of folding the rest of the file into one field", () => {
    const file = 'date,description,amount\n2026-11-01,"Oops,-8.00\n2026-11-02,Rent,-900.00\n2026-11-03,Salary,3000.00\n';
    expect(parseCsv(file, ",").unclosedQuoteLine).toBe(2);
    // A quoted field over several lines that does close is fine.
    expect(parseCsv('a,"b\nc"\n1,2\n', ",").unclosedQuoteLine).toBeNull();
  });
});
