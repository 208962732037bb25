import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chainRates, convertMinor, convertSum, invertRate, rateFraction, roundDecimalText, SAME_CURRENCY } from "../../core/exchange";

describe("exchange", () => {
  it("converts dollars to soles at a decimal rate, exactly", () => {
    // US$ 100.00 at 3.745 = S/ 374.50
    expect(convertMinor(10000, "USD", "PEN", rateFraction("3.745"))).toBe(37450);
    // US$ 0.01 at 3.745 = 3.745 céntimos → 4 (not a tie)
    expect(convertMinor(1, "USD", "PEN", rateFraction("3.745"))).toBe(4);
  });

  it("rounds half to even", () => {
    // 0.5 céntimo ties: 1 × 0.5 = 0.5 → 0; 3 × 0.5 = 1.5 → 2; -3 × 0.5 → -2
    expect(convertMinor(1, "PEN", "PEN", rateFraction("0.5"))).toBe(0);
    expect(convertMinor(3, "PEN", "PEN", rateFraction("0.5"))).toBe(2);
    expect(convertMinor(5, "PEN", "PEN", rateFraction("0.5"))).toBe(2);
    expect(convertMinor(-3, "PEN", "PEN", rateFraction("0.5"))).toBe(-2);
  });

  it("honours each currency's minor digits", () => {
    // ¥1,000 (0 digits) at 0.025 soles per yen = S/ 25.00
    expect(convertMinor(1000, "JPY", "PEN", rateFraction("0.025"))).toBe(2500);
    // S/ 10.00 to KWD (3 digits) at 0.0812 = 0.812 KWD
    expect(convertMinor(1000, "PEN", "KWD", rateFraction("0.0812"))).toBe(812);
  });

  it("sums the exact parts and rounds once, not the rounded parts", () => {
    const rate = rateFraction("3.745");
    // Each US$ 0.01 is 3.745 céntimos → 4 alone; three of them are 11.235 → 11, not 12.
    const parts = [1, 1, 1].map((minor) => ({ minor, currency: "USD", rate }));
    expect(convertSum(parts, "PEN")).toBe(11);
    expect(parts.reduce((sum, part) => sum + convertMinor(part.minor, part.currency, "PEN", part.rate), 0)).toBe(12);
  });

  it("inverts and chains rates as fractions", () => {
    const usdPen = rateFraction("3.75");
    expect(convertMinor(37500, "PEN", "USD", invertRate(usdPen))).toBe(10000);
    const eurPen = rateFraction("4.10");
    expect(convertMinor(10000, "EUR", "USD", chainRates(eurPen, invertRate(usdPen)))).toBe(10933);
    expect(convertSum([{ minor: 250, currency: "PEN", rate: SAME_CURRENCY }], "PEN")).toBe(250);
  });

  it("rounds a decimal text to its published places, half to even, padding with zeros", () => {
    expect(roundDecimalText("3.41992857142857", 3)).toBe("3.420");
    expect(roundDecimalText("3.41642857142857", 3)).toBe("3.416");
    expect(roundDecimalText("3.44", 3)).toBe("3.440");
    expect(roundDecimalText("3", 3)).toBe("3.000");
    expect(roundDecimalText("3.4205", 3)).toBe("3.420");
    expect(roundDecimalText("3.4215", 3)).toBe("3.422");
    expect(roundDecimalText("3.42050000001", 3)).toBe("3.421");
    expect(roundDecimalText("0.0004", 3)).toBe("0.000");
    expect(roundDecimalText("9.9996", 3)).toBe("10.000");
    expect(roundDecimalText("3.5", 0)).toBe("4");
    for (const bad of ["", "3,42", "-3.4", "3.", ".4", "1e3"]) expect(() => roundDecimalText(bad, 3), bad).toThrow(RangeError);
  });

  it("refuses what is not a positive decimal rate", () => {
    for (const bad of ["", "0", "0.000", "-3.7", "3,745", "1e3", "3.", ".5", "NaN"]) expect(() => rateFraction(bad)).toThrow(RangeError);
  });

  it("a converted sum equals the exact rational rounded half even", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 }), { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 99999 }), (minors, milli) => {
        const rate = rateFraction((milli / 1000).toFixed(3));
        const total = convertSum(minors.map((minor) => ({ minor, currency: "USD", rate })), "PEN");
        // Exact: sum × milli / 1000, rounded half even, computed another way.
        const exact = BigInt(minors.reduce((a, b) => a + b, 0)) * BigInt(milli);
        const q = exact / 1000n;
        const r = exact - q * 1000n;
        const abs = r < 0n ? -r : r;
        let expected = q;
        if (abs * 2n > 1000n || (abs * 2n === 1000n && (q < 0n ? -q : q) % 2n === 1n)) expected += r < 0n ? -1n : 1n;
        return total === Number(expected);
      }),
    );
  });
});
