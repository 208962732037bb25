/** "How Tesoro read this file" after the user's own choices (reading-as-chosen.ts). */
import { describe, expect, it } from "vitest";
import type { ImportReading } from "../../core/api-types/import-reading";
import { readingAsChosen } from "../../app/routes/transactions/import/reading-as-chosen";

const reading: ImportReading = {
  fields: [
    { field: "dateColumn", column: 0, name: "Fecha", reason: "name" },
    { field: "descriptionColumn", column: 1, name: "Concepto", reason: "name" },
    { field: "amountColumn", column: 3, name: "Importe", reason: "contents" },
  ],
  dates: { format: "DD/MM/YYYY", reason: "rows", line: 3, text: "25/11/2026" },
  firstRows: [],
  from: "mapping",
};
const columns = ["Fecha", "Concepto", "Referencia", "Importe"];
const guessed = { dateColumn: "0", descriptionColumn: "1", amountColumn: "3", dateFormat: "DD/MM/YYYY", header: "true" };

describe("the reading shown for a preview", () => {
  it("is the API's explanation while the columns and format are the guess's", () => {
    expect(readingAsChosen(reading, guessed, columns)).toEqual({ fields: reading.fields, dates: reading.dates });
  });

  it("says a column and a date format the user chose otherwise were chosen, and leaves out a cleared field", () => {
    const shown = readingAsChosen(reading, { ...guessed, descriptionColumn: "", amountColumn: "2", idColumn: "2", dateFormat: "MM/DD/YYYY" }, columns);
    expect(shown.fields).toEqual([
      { field: "dateColumn", column: 0, name: "Fecha", reason: "name" },
      { field: "amountColumn", column: 2, name: "Referencia", reason: "chosen" },
      { field: "idColumn", column: 2, name: "Referencia", reason: "chosen" },
    ]);
    expect(shown.dates).toEqual({ format: "MM/DD/YYYY", reason: "chosen", line: null, text: null });
  });

  it("shows the guess as explained when the preview was made with it, and ignores a format it does not know", () => {
    expect(readingAsChosen({ ...reading, from: "guess" }, { amountColumn: "2" }, columns)).toEqual({ fields: reading.fields, dates: reading.dates });
    expect(readingAsChosen(reading, { ...guessed, dateFormat: "YY.MM" }, columns).dates).toEqual(reading.dates);
  });

  it("does not keep the guess's reason for a pair with one column changed, or for dates read from another column", () => {
    const pair: ImportReading = {
      ...reading,
      fields: [
        { field: "dateColumn", column: 0, name: "Fecha", reason: "name" },
        { field: "debitColumn", column: 2, name: "Cargo", reason: "pair" },
        { field: "creditColumn", column: 3, name: "Abono", reason: "pair" },
      ],
    };
    const shown = readingAsChosen(pair, { dateColumn: "1", debitColumn: "2", dateFormat: "DD/MM/YYYY" }, ["Fecha", "Valor", "Cargo", "Abono"]);
    expect(shown.fields).toEqual([
      { field: "dateColumn", column: 1, name: "Valor", reason: "chosen" },
      { field: "debitColumn", column: 2, name: "Cargo", reason: "chosen" },
    ]);
    // Line 3's "25/11/2026" was in the guess's date column, not in the one chosen.
    expect(shown.dates).toEqual({ format: "DD/MM/YYYY", reason: "chosen", line: null, text: null });
    expect(readingAsChosen(pair, { dateColumn: "0", debitColumn: "2", creditColumn: "3", dateFormat: "DD/MM/YYYY" }, columns)).toEqual({ fields: pair.fields, dates: pair.dates });
  });
});
