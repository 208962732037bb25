import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyDigits, currencyOptionLabel, formatMoney, formatSignedMoneyInText, signIsCode, isCurrency, MAX_MINOR_UNITS, parseAmount, SHARED_NARROW_SYMBOLS, sumMinor, toDecimalString, toEditableDecimalString, OFFERED_CURRENCIES, RETIRED_OR_UNIT_CURRENCIES } from "../../core/money";
import { currencyPickerList, isKnownCurrency } from "../../core/schemas/ledger";

describe("parseAmount", () => {
  it.each([
    ["12", "PEN", ".", 1200],
    ["12.5", "PEN", ".", 1250],
    ["-1,234.56", "PEN", ".", -123456],
    ["1.234,56", "PEN", ",", 123456],
    ["(45.10)", "USD", ".", -4510],
    ["0.01", "USD", ".", 1],
    ["1500", "JPY", ".", 1500],
    ["1.234", "BHD", ".", 1234],
    [" 7 ", "PEN", ".", 700],
    ["-0", "PEN", ".", 0],
    ["- 12.50", "PEN", ".", -1250],
    ["( 45.10 )", "USD", ".", -4510],
    ["1 234,56", "PEN", ",", 123456],
    ["1\u00a0234\u00a0567.89", "PEN", ".", 123456789],
    [".5", "PEN", ".", 50],
    ["-.05", "USD", ".", -5],
    [",5", "PEN", ",", 50],
  ] as const)("%s %s → %i", (input, currency, sep, minor) => {
    expect(parseAmount(input, currency, sep)).toEqual({ ok: true, minor });
  });

  it.each([
    ["12.345", "PEN", "precision"],
    ["1.5", "JPY", "precision"],
    ["1,23.00", "PEN", "format"],
    ["abc", "PEN", "format"],
    ["", "PEN", "format"],
    ["1e5", "PEN", "format"],
    ["NaN", "PEN", "format"],
    ["99999999999999999", "PEN", "range"],
    ["1 2 3.4 5", "PEN", "format"],
    ["1 2 3", "PEN", "format"],
    ["12 .50", "PEN", "format"],
    ["1 234,567.89", "PEN", "format"],
    [".", "PEN", "format"],
    ["-", "PEN", "format"],
    ["-.", "PEN", "format"],
    ["12.", "PEN", "format"],
    [".5", "JPY", "precision"],
  ] as const)("refuses %s (%s)", (input, currency, reason) => {
    expect(parseAmount(input, currency)).toEqual({ ok: false, reason });
  });

  it("round-trips through the decimal string for any amount in range", () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MINOR_UNITS, max: MAX_MINOR_UNITS }), fc.constantFrom("PEN", "USD", "JPY", "BHD"), (minor, currency) => {
        expect(parseAmount(toDecimalString(minor, currency), currency)).toEqual({ ok: true, minor });
        // As a form shows it: the same amount, no fraction of zeros, no zero past the cents.
        const editable = toEditableDecimalString(minor, currency);
        expect(parseAmount(editable, currency)).toEqual({ ok: true, minor });
        expect(editable).not.toMatch(/\.0*$|\.\d\d+0$/);
      }),
    );
    expect(["5000", "-1500", "1505", "0", "-5", "5250"].map((minor) => toEditableDecimalString(Number(minor), "KWD"))).toEqual(["5", "-1.50", "1.505", "0", "-0.005", "5.25"]);
    expect(["123450", "150000", "-5", "100"].map((minor) => toEditableDecimalString(Number(minor), "PEN"))).toEqual(["1234.50", "1500", "-0.05", "1"]);
  });
});

/** Formatted money uses a no-break space between symbol and number. */
const nbsp = (text: string) => text.replace(/ /g, "\u00a0");

describe("formatting", () => {
  it("formats soles and dollars the Peruvian way in both languages", () => {
    expect(formatMoney(123450, "PEN")).toBe(nbsp("S/ 1,234.50"));
    expect(formatMoney(1200, "USD")).toBe(nbsp("US$ 12.00"));
    expect(formatMoney(-123450, "PEN")).toBe(nbsp("-S/ 1,234.50"));
    expect(formatMoney(0, "USD")).toBe(nbsp("US$ 0.00"));
    expect(formatMoney(1500, "JPY")).toMatch(/1,500/);
  });

  it("reads the same as Intl's own parts with the Peruvian symbols, for any amount, currency and sign display", () => {
    // The first implementation, kept as the oracle: Intl's parts with the currency part swapped.
    const english = (currency: string) => new Intl.NumberFormat("en", { style: "currency", currency }).formatToParts(0).find((part) => part.type === "currency")!.value;
    const oracle = (minor: number, currency: string, signDisplay: "auto" | "exceptZero") => {
      const formatter = new Intl.NumberFormat("es-PE", { style: "currency", currency, currencyDisplay: "narrowSymbol", signDisplay });
      const peruvian = ({ PEN: "S/", USD: "US$" } as Record<string, string>)[currency];
      const symbolOf = (narrow: string) => peruvian ?? (SHARED_NARROW_SYMBOLS.has(narrow) ? english(currency) : narrow);
      return formatter
        .formatToParts(toDecimalString(minor, currency) as Intl.StringNumericLiteral)
        .map((part) => (part.type === "currency" ? symbolOf(part.value) : part.value))
        .join("")
        .replace(/^([-+]?)(S\/|US\$)(?=\d)/, "$1$2\u00a0");
    };
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_MINOR_UNITS, max: MAX_MINOR_UNITS }),
        fc.constantFrom("PEN", "USD", "EUR", "JPY", "CNY", "BHD", "CLP", "GBP", "MXN", "SEK"),
        fc.constantFrom("auto" as const, "exceptZero" as const),
        (minor, currency, signDisplay) => formatMoney(minor, currency, { signDisplay }) === oracle(minor, currency, signDisplay),
      ),
      { numRuns: 2000 },
    );
  });

  it("never prints one symbol for two currencies", () => {
    const narrow = (currency: string) => new Intl.NumberFormat("es-PE", { style: "currency", currency, currencyDisplay: "narrowSymbol" }).formatToParts(0).find((part) => part.type === "currency")!.value;
    const codes = Intl.supportedValuesOf("currency");
    // The list of shared narrow symbols is complete for this runtime's ICU…
    const counts = new Map<string, number>();
    for (const code of codes) counts.set(narrow(code), (counts.get(narrow(code)) ?? 0) + 1);
    expect([...counts].filter(([symbol, n]) => n > 1 && !codes.includes(symbol)).map(([symbol]) => symbol).sort()).toEqual([...SHARED_NARROW_SYMBOLS].sort());
    // …and what Tesoro prints names one currency each.
    const printed = new Map<string, string>();
    for (const code of codes) {
      const symbol = formatMoney(0, code).replace(/[\d.,\s\u00a0-]/g, "");
      expect(printed.get(symbol), `${code} prints ${symbol}`).toBeUndefined();
      printed.set(symbol, code);
    }
    expect(formatMoney(100, "CNY")).toBe(nbsp("CN¥ 1.00"));
    expect(formatMoney(100, "JPY")).toBe(nbsp("¥ 100"));
    expect(formatMoney(8000, "MXN")).toBe(nbsp("MX$ 80.00"));
    expect(formatMoney(5000, "CLP")).toBe(nbsp("CLP 5,000"));
    expect(formatMoney(300, "EUR")).toBe(nbsp("€ 3.00"));
  });

  it("joins a sign to its figure in text that cannot be styled, and changes nothing else", () => {
    expect(formatSignedMoneyInText(-210, "PEN")).toBe(nbsp("-\u2060S/ 2.10"));
    expect(formatSignedMoneyInText(1200, "USD")).toBe(nbsp("+\u2060US$ 12.00"));
    expect(formatSignedMoneyInText(0, "PEN")).toBe(nbsp("S/ 0.00"));
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MINOR_UNITS, max: MAX_MINOR_UNITS }), (minor) => {
        expect(formatSignedMoneyInText(minor, "PEN").replace("\u2060", "")).toBe(formatMoney(minor, "PEN", { signDisplay: "exceptZero" }));
      }),
    );
  });

  it("names a currency in a picker in the page's language, its code first", () => {
    expect(currencyOptionLabel("PEN", "en")).toBe("PEN · Peruvian Sol");
    expect(currencyOptionLabel("PEN", "es")).toBe("PEN · sol peruano");
    expect(currencyOptionLabel("USD", "es")).toBe("USD · dólar estadounidense");
    expect(currencyOptionLabel("ZZZ", "en")).toBe("ZZZ");
  });

  it("knows which currencies are written with their code", () => {
    expect(["CLP", "SEK", "PEN", "USD", "EUR", "MXN"].filter(signIsCode)).toEqual(["CLP", "SEK"]);
  });

  it("never loses a cent on large amounts", () => {
    expect(formatMoney(900719925474099, "PEN")).toBe(nbsp("S/ 9,007,199,254,740.99"));
  });

  it("knows currency digits", () => {
    expect(currencyDigits("PEN")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(isCurrency("PEN")).toBe(true);
    expect(isCurrency("pen")).toBe(false);
    expect(isCurrency("ZZZZ")).toBe(false);
  });

  it("keeps its own table of digits, whatever the runtime's ICU says, and formats with them", () => {
    // The table was taken from this runtime's ICU (78, Node 24 as pinned), and this proves the copy.
    // Should a later ICU disagree, the table stays (stored amounts keep their meaning): then list
    // the codes that moved here, and say so in ADR 007.
    const disagree = Intl.supportedValuesOf("currency").filter((code) => new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits !== currencyDigits(code));
    expect(disagree).toEqual([]);
    expect(currencyDigits("KWD")).toBe(3);
    expect(currencyDigits("COP")).toBe(0);
    expect(formatMoney(-123456789123, "KWD")).toBe(nbsp("-KWD 123,456,789.123"));
    expect(formatMoney(125000, "COP")).toMatch(/125,000$/);
  });

  // Runs on ICU 78 only, the one the lists were taken from (Node 24 as the project pins it); on
  // another ICU the runtime's own list differs by design, which is why the lists are frozen.
  it.runIf(process.versions.icu?.startsWith("78."))("takes the frozen currencies from ICU 78: the offered and the retired together are its list", () => {
    expect([...OFFERED_CURRENCIES, ...RETIRED_OR_UNIT_CURRENCIES].sort()).toEqual([...Intl.supportedValuesOf("currency")].sort());
  });

  it("offers a frozen list of currencies, less the retired and the units of account, the same in every runtime", () => {
    expect(OFFERED_CURRENCIES).not.toContain("HRK");
    expect(OFFERED_CURRENCIES).toEqual(expect.arrayContaining(["PEN", "USD", "EUR", "SLE", "ZWG", "XCG"]));
    // Offered PEN and USD first, each once.
    const picker = currencyPickerList();
    expect(picker.slice(0, 2)).toEqual(["PEN", "USD"]);
    expect(new Set(picker).size).toBe(picker.length);
    // A retired currency an account holds is still accepted; three letters Intl merely formats are not.
    expect(isKnownCurrency("HRK")).toBe(true);
    expect(isKnownCurrency("XYZ")).toBe(false);
  });

  it("sums exactly and refuses overflow", () => {
    expect(sumMinor([10, 20, -5])).toBe(25);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

// What the removed form hint's examples showed: money out written with the currency's own decimals is accepted.
describe("money out with the currency's own decimals", () => {
  it.each([
    ["PEN", "-12.50", -1250],
    ["USD", "-12.50", -1250],
    ["JPY", "-12", -12],
    ["KWD", "-12.500", -12500],
  ])("%s accepts %s", (currency, example, minor) => {
    expect(parseAmount(example, currency)).toMatchObject({ ok: true, minor });
  });
});
