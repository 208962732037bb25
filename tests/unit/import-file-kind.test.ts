/** What a file chosen for import is when it is not a CSV (workers/api/src/import/file-kind.ts). */
import { describe, expect, it } from "vitest";
import { notCsvKind } from "../../workers/api/src/import/file-kind";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("a spreadsheet chosen for import", () => {
  it("is known by its first bytes: .xlsx, .xls, and HTML or XML ones named .xls", () => {
    expect(notCsvKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBe("spreadsheet");
    expect(notCsvKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00]))).toBe("spreadsheet");
    expect(notCsvKind(bytes("  <!DOCTYPE html><html><table>"))).toBe("spreadsheet");
    expect(notCsvKind(bytes("<html><body><table><tr><td>Fecha"))).toBe("spreadsheet");
    expect(notCsvKind(bytes('<?xml version="1.0"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet">'))).toBe("spreadsheet");
  });

  it("leaves CSV files alone, one whose first column starts with PK or a tag-like word too", () => {
    expect(notCsvKind(bytes("Fecha;Concepto;Importe\n01/11/2026;Wong;-10,50\n"))).toBeNull();
    expect(notCsvKind(bytes("PK;Descripcion;Monto\n1;Wong;-10\n"))).toBeNull();
    expect(notCsvKind(bytes('<?xml version="1.0"?><rows/>'))).toBeNull();
    expect(notCsvKind(new Uint8Array())).toBeNull();
  });
});

describe("a PDF statement chosen for import", () => {
  it("is known by its header, first or after a few other bytes", () => {
    expect(notCsvKind(bytes("%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n"))).toBe("pdf");
    expect(notCsvKind(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes("\n%PDF-1.4\n")]))).toBe("pdf");
  });

  it("is not any CSV that mentions PDF", () => {
    expect(notCsvKind(bytes("Fecha,Descripcion,Monto\n2026-11-01,Estado de cuenta PDF,-1.00\n"))).toBeNull();
    // The marker inside a cell, not at a line's start.
    expect(notCsvKind(bytes("Fecha,Descripcion,Monto\n2026-11-01,Adjunto %PDF-1.4 recibido,-1.00\n"))).toBeNull();
  });
});
