import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "../../workers/api/src/export/files";
import { sniffImageType } from "../../core/receipt-image";
import { keyBelongsTo } from "../../workers/api/src/receipts/objects";

const ascii = (text: string) => [...new TextEncoder().encode(text)];

describe("sniffImageType", () => {
  it("recognises JPEG, PNG, WebP and HEIC by their first bytes", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe("image/jpeg");
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffImageType(new Uint8Array([...ascii("RIFF"), 1, 2, 3, 4, ...ascii("WEBP")]))).toBe("image/webp");
    expect(sniffImageType(new Uint8Array([0, 0, 0, 0x18, ...ascii("ftypheic"), 0, 0, 0, 0]))).toBe("image/heic");
    // iPhones often write major brand mif1 with heic among the compatible brands.
    expect(sniffImageType(new Uint8Array([0, 0, 0, 0x1c, ...ascii("ftypmif1"), 0, 0, 0, 0, ...ascii("mif1heic")]))).toBe("image/heic");
  });

  it("refuses look-alikes and other formats", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array([...ascii("RIFF"), 1, 2, 3, 4, ...ascii("WAVE")]))).toBeNull();
    expect(sniffImageType(new Uint8Array([0, 0, 0, 0x18, ...ascii("ftypmp42"), 0, 0, 0, 0, ...ascii("isommp41")]))).toBeNull();
    expect(sniffImageType(new Uint8Array(ascii("GIF89a")))).toBeNull();
    expect(sniffImageType(new Uint8Array(ascii("<svg xmlns=")))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});

describe("receipt keys", () => {
  it("belong to one user and one transaction", () => {
    expect(keyBelongsTo("receipts/u1/t1/abc", "u1", "t1")).toBe(true);
    expect(keyBelongsTo("receipts/u1/t10/abc", "u1", "t1")).toBe(false);
    expect(keyBelongsTo("receipts/u2/t1/abc", "u1", "t1")).toBe(false);
  });
});

describe("CSV of the export", () => {
  it("quotes every text field and neutralises formulas, but keeps negative numbers", () => {
    expect(csvField('Wong, "San Isidro"')).toBe('"Wong, ""San Isidro"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("=SUM(A1)")).toBe(`"'=SUM(A1)"`);
    expect(csvField("@cmd")).toBe(`"'@cmd"`);
    // One more apostrophe where there were some already, so the import's one taken off gives the text back.
    expect(csvField("'=already")).toBe(`"''=already"`);
    expect(csvField("'plain")).toBe(`"'plain"`);
    expect(csvField("-85.40")).toBe("-85.40");
    expect(csvField(-8540)).toBe("-8540");
    expect(csvField(null)).toBe("");
    expect(csvField(true)).toBe("true");
  });

  it("writes a header row and CRLF lines in the columns' order", () => {
    expect(toCsv([{ a: 1, b: "x" }, { a: 2, b: null }], [["b", "col_b"], ["a", "col_a"]])).toBe('col_b,col_a\r\n"x",1\r\n,2\r\n');
  });

  it("neutralises a formula after any delimiter a spreadsheet may split on, inside a field (issue 36)", () => {
    expect(csvField("pay;=cmd|' /C calc'!A0;z")).toBe(`"pay;'=cmd|' /C calc'!A0;z"`);
    expect(csvField("a,+1\t-2;@x")).toBe(`"a,'+1\t'-2;'@x"`);
    expect(csvField("a\t\tb")).toBe(`"a\t'\tb"`);
    expect(csvField("line\n=HYPERLINK(x)")).toBe(`"line\n'=HYPERLINK(x)"`);
    // Text that is not at a cell's start is left alone: "Refund -5", "a - b", an e-mail.
    expect(csvField("Refund -5, a - b, x@y.z")).toBe(`"Refund -5, a - b, x@y.z"`);
  });
});
