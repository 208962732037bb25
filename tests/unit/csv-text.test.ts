import { describe, expect, it } from "vitest";
import { decodeCsv } from "../../core/csv-text";

describe("decodeCsv", () => {
  it("reads UTF-8, with or without a BOM", () => {
    const utf8 = new TextEncoder().encode("Descripción,Monto\nCafé,-1.00\n");
    expect(decodeCsv(utf8)).toBe("Descripción,Monto\nCafé,-1.00\n");
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])).replace(/^\ufeff/, "")).toBe("Descripción,Monto\nCafé,-1.00\n");
  });

  it("reads bytes that are not UTF-8 as Windows-1252, where 0x80 is the euro sign", () => {
    // "Ñuñoa €5" in Windows-1252: Ñ 0xD1, ñ 0xF1, € 0x80 (a control character in Latin-1).
    const bytes = new Uint8Array([0xd1, 0x75, 0xf1, 0x6f, 0x61, 0x20, 0x80, 0x35]);
    expect(decodeCsv(bytes)).toBe("Ñuñoa €5");
    expect(decodeCsv(bytes.buffer)).toBe("Ñuñoa €5");
  });

  it("reads UTF-16 with its byte order mark, as Excel saves \"Unicode Text\" (little-endian) and others big-endian", () => {
    const text = "Fecha\tDescripción\tMonto\n01/11/2026\tCafé Ñuñoa\t-1,00\n";
    const le = [0xff, 0xfe, ...Array.from(text).flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])];
    const be = [0xfe, 0xff, ...Array.from(text).flatMap((ch) => [ch.charCodeAt(0) >> 8, ch.charCodeAt(0) & 0xff])];
    expect(decodeCsv(new Uint8Array(le))).toBe(text);
    expect(decodeCsv(new Uint8Array(be).buffer)).toBe(text);
  });

  it("reads UTF-16 without its mark by the zeros of its letters' other bytes", () => {
    const text = "Fecha\tDescripción\tMonto\n01/11/2026\tCafé\t-1,00\n";
    const le = Array.from(text).flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8]);
    const be = Array.from(text).flatMap((ch) => [ch.charCodeAt(0) >> 8, ch.charCodeAt(0) & 0xff]);
    expect(decodeCsv(new Uint8Array(le))).toBe(text);
    expect(decodeCsv(new Uint8Array(be))).toBe(text);
  });

  it("does not take a binary file that only begins like UTF-16 for text: its NUL bytes stay, for the importer to refuse", () => {
    expect(decodeCsv(new Uint8Array([0xff, 0xfe, 0x00, 0x00, 0x01, 0x00, 0x89, 0x50]))).toContain("\u0000");
    // With the mark, a stray NUL or an odd last byte is dropped, not the file (a strict read refused it).
    expect(decodeCsv(new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x00, 0x00, 0x42, 0x00, 0x00]))).toBe("AB");
    // Without it, the guess by zeros reads a letter whose low byte is zero (Ā is U+0100) too.
    const text = "Fecha,Descripción,Monto\n01/11/2026,Ā Café,-1.00\n" + "02/11/2026,Wong,-10.50\n".repeat(3);
    expect(decodeCsv(new Uint8Array(Array.from(text).flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])))).toBe(text);
  });
});
