/** The import's guard against columns not previewed (mapping-key.ts) and its spreadsheet check (spreadsheet-bytes.ts). */
import { describe, expect, it } from "vitest";
import { mappingKey } from "../../app/routes/transactions/import/mapping-key";
import { looksLikeSpreadsheet } from "../../app/routes/transactions/import/spreadsheet-bytes";

describe("the mapping a preview was made with", () => {
  it("is the same text for the API's guess and for what the form posts back unchanged (its defaults filled in)", () => {
    // The API's guess names only what it found; the form posts every field, with its defaults.
    const guessed = { dateColumn: "0", descriptionColumn: "1", amountColumn: "2", dateFormat: "DD/MM/YYYY", decimalSeparator: ",", header: "true" };
    const posted = { ...guessed, delimiter: "auto", header: "true" };
    expect(mappingKey(posted)).toBe(mappingKey(guessed));
    // No header, and column 0 (a falsy-looking "0" is a column, not "none").
    expect(mappingKey({ dateColumn: "0", header: "false" })).toBe(mappingKey({ dateColumn: "0", header: "false", dateFormat: "YYYY-MM-DD", decimalSeparator: ".", delimiter: "auto" }));
    expect(mappingKey({ dateColumn: "0" })).not.toBe(mappingKey({}));
  });

  it("differs when any column or format differs", () => {
    const base = { dateColumn: "0", amountColumn: "2", dateFormat: "DD/MM/YYYY" };
    for (const changed of [{ dateFormat: "MM/DD/YYYY" }, { amountColumn: "1" }, { debitColumn: "3" }, { header: "false" }, { decimalSeparator: "," }, { delimiter: ";" }]) {
      expect(mappingKey({ ...base, ...changed }), JSON.stringify(changed)).not.toBe(mappingKey(base));
    }
  });
});

describe("a spreadsheet chosen for import", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("is known by its first bytes: .xlsx, .xls, and HTML or XML ones named .xls", () => {
    expect(looksLikeSpreadsheet(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBe(true);
    expect(looksLikeSpreadsheet(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00]))).toBe(true);
    expect(looksLikeSpreadsheet(bytes("  <!DOCTYPE html><html><table>"))).toBe(true);
    expect(looksLikeSpreadsheet(bytes("<html><body><table><tr><td>Fecha"))).toBe(true);
    expect(looksLikeSpreadsheet(bytes('<?xml version="1.0"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet">'))).toBe(true);
  });

  it("leaves CSV files alone, one whose first column starts with PK or a tag-like word too", () => {
    expect(looksLikeSpreadsheet(bytes("Fecha;Concepto;Importe\n01/11/2026;Wong;-10,50\n"))).toBe(false);
    expect(looksLikeSpreadsheet(bytes("PK;Descripcion;Monto\n1;Wong;-10\n"))).toBe(false);
    expect(looksLikeSpreadsheet(bytes('<?xml version="1.0"?><rows/>'))).toBe(false);
    expect(looksLikeSpreadsheet(new Uint8Array())).toBe(false);
  });
});
