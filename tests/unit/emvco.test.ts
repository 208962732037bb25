import { describe, expect, it } from "vitest";
import { buildEmvQr, crc16, looksLikeEmv, parseEmvQr, parseTlv } from "../../core/emvco";

/** The worked example of EMVCo's QRCPS-MPM specification (its CRC, A13A, is the spec's own). */
const SPEC_EXAMPLE =
  "00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A";

/** A Peruvian interoperable merchant QR as Yape/Plin-style wallets print it (dynamic, with amount). */
const PERU_DYNAMIC = buildEmvQr([
  ["00", "01"],
  ["01", "12"],
  ["26", "0017pe.com.example.qr0110AB12345678"],
  ["52", "5812"],
  ["53", "604"],
  ["54", "25.5"],
  ["58", "PE"],
  ["59", "BODEGA DOÑA ROSA"],
  ["60", "LIMA"],
  ["62", "0105F-0010707CAJA-01"],
]);

describe("crc16", () => {
  it("is CRC-16/CCITT-FALSE (check value of '123456789' is 29B1)", () => {
    expect(crc16("123456789")).toBe("29B1");
  });
});

describe("parseEmvQr: valid payloads", () => {
  it("reads the specification's example, UTF-8 language template included", () => {
    const result = parseEmvQr(SPEC_EXAMPLE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.payload).toMatchObject({
      payloadFormat: "01",
      initiation: "dynamic",
      merchantName: "BEST TRANSPORT",
      merchantCity: "BEIJING",
      countryCode: "CN",
      merchantCategoryCode: "4111",
      currencyNumeric: "156",
      // CNY is not one of ours: the numeric code is kept, the amount stays as printed.
      currency: null,
      amount: "23.72",
      amountMinor: null,
      billNumber: null,
      storeLabel: "1234",
      terminalLabel: "A6008667",
      crc: "A13A",
    });
    expect(result.payload.merchantAccounts.map((a) => [a.id, a.globallyUniqueId])).toEqual([
      ["29", "D15600000000"],
      ["31", "D15600000001"],
    ]);
  });

  it("reads a Peruvian dynamic QR in soles: payee, city, amount in céntimos", () => {
    const result = parseEmvQr(PERU_DYNAMIC);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.payload).toMatchObject({
      initiation: "dynamic",
      merchantName: "BODEGA DOÑA ROSA",
      merchantCity: "LIMA",
      countryCode: "PE",
      currencyNumeric: "604",
      currency: "PEN",
      amount: "25.50",
      amountMinor: 2550,
      billNumber: "F-001",
      terminalLabel: "CAJA-01",
    });
    expect(result.payload.merchantAccounts[0]?.globallyUniqueId).toBe("pe.com.example.qr");
  });

  it("reads a static QR in dollars without an amount", () => {
    const payload = buildEmvQr([
      ["00", "01"],
      ["01", "11"],
      ["26", "0010pe.bank.qr01041234"],
      ["52", "0000"],
      ["53", "840"],
      ["58", "PE"],
      ["59", "JUAN PEREZ"],
      ["60", "AREQUIPA"],
    ]);
    const result = parseEmvQr(payload);
    expect(result.ok && result.payload).toMatchObject({ initiation: "static", currency: "USD", amount: null, amountMinor: null, merchantCity: "AREQUIPA" });
  });

  it("accepts a lower-case CRC and a trailing newline from the scanner", () => {
    const lower = PERU_DYNAMIC.slice(0, -4) + PERU_DYNAMIC.slice(-4).toLowerCase();
    expect(parseEmvQr(`${lower}\n`).ok).toBe(true);
  });
});

describe("parseEmvQr: refusals", () => {
  it("says a non-EMV text is not a payment QR", () => {
    expect(parseEmvQr("https://example.com/menu")).toEqual({ ok: false, error: "not-emv" });
    expect(looksLikeEmv("WIFI:S:home;;")).toBe(false);
  });

  it("refuses a payload whose CRC does not match", () => {
    const tampered = PERU_DYNAMIC.replace("25.5", "95.5");
    expect(tampered).not.toBe(PERU_DYNAMIC);
    expect(parseEmvQr(tampered)).toEqual({ ok: false, error: "bad-crc" });
    const wrongCrc = SPEC_EXAMPLE.slice(0, -4) + "0000";
    expect(parseEmvQr(wrongCrc)).toEqual({ ok: false, error: "bad-crc" });
  });

  it("refuses truncated payloads, wherever they are cut", () => {
    // Cut inside the CRC value, inside a field, and inside a field's header.
    expect(parseEmvQr(PERU_DYNAMIC.slice(0, -2))).toEqual({ ok: false, error: "truncated" });
    expect(parseEmvQr(PERU_DYNAMIC.slice(0, 40))).toEqual({ ok: false, error: "truncated" });
    expect(parseEmvQr(PERU_DYNAMIC.slice(0, 8))).toEqual({ ok: false, error: "truncated" });
    for (let cut = 6; cut < PERU_DYNAMIC.length; cut++) {
      const result = parseEmvQr(PERU_DYNAMIC.slice(0, cut));
      expect(result.ok, `cut at ${cut}`).toBe(false);
    }
  });

  it("refuses a payload without a CRC field", () => {
    const withoutCrc = PERU_DYNAMIC.slice(0, PERU_DYNAMIC.lastIndexOf("6304"));
    expect(parseEmvQr(withoutCrc)).toEqual({ ok: false, error: "missing-crc" });
  });

  it("refuses non-numeric headers and a malformed amount even with a matching CRC", () => {
    expect(parseEmvQr("000201AB05hello")).toEqual({ ok: false, error: "malformed" });
    const badAmount = buildEmvQr([
      ["00", "01"],
      ["53", "604"],
      ["54", "12,50"],
      ["59", "X"],
    ]);
    expect(parseEmvQr(badAmount)).toEqual({ ok: false, error: "malformed" });
    const tooPrecise = buildEmvQr([
      ["00", "01"],
      ["53", "604"],
      ["54", "1.999"],
    ]);
    expect(parseEmvQr(tooPrecise)).toEqual({ ok: false, error: "malformed" });
  });
});

describe("parseTlv", () => {
  it("splits nested templates and counts characters, not bytes", () => {
    expect(parseTlv("0002ñá0103abc")).toEqual({ ok: true, fields: [{ id: "00", value: "ñá" }, { id: "01", value: "abc" }] });
  });
});
