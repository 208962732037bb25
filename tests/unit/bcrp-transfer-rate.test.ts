import { describe, expect, it } from "vitest";
import { rateFraction, rateText, transferAgainstRate } from "../../core/exchange";

describe("a transfer between currencies beside BCRP's rate", () => {
  it("sent dollars, got soles: 'you got 3.71, BCRP 3.74: S/ 15.00 less' on US$ 500", () => {
    const result = transferAgainstRate({ minor: 50_000, currency: "USD" }, { minor: 185_500, currency: "PEN" }, true, rateFraction("3.74"));
    expect(rateText(result.effective)).toBe("3.71");
    expect(result.differenceMinor).toBe(-1_500);
  });

  it("sent soles, got dollars: paying 3.75 when BCRP says 3.745 is less, by the soles it cost more", () => {
    // S/ 375.00 for US$ 100.00: at 3.745 those dollars are worth S/ 374.50.
    const result = transferAgainstRate({ minor: 10_000, currency: "USD" }, { minor: 37_500, currency: "PEN" }, false, rateFraction("3.745"));
    expect(rateText(result.effective)).toBe("3.75");
    expect(result.differenceMinor).toBe(-50);
  });

  it("rounds once, half even, and reads the legs' signs as magnitudes", () => {
    // US$ 0.01 at 3.745 is S/ 0.03745: got S/ 0.04, 0.00255 more, rounds to 0.
    const result = transferAgainstRate({ minor: -1, currency: "USD" }, { minor: 4, currency: "PEN" }, true, rateFraction("3.745"));
    expect(result.differenceMinor).toBe(0);
    expect(rateText(rateFraction("3.7450"))).toBe("3.745");
    expect(rateText({ numerator: 1n, denominator: 3n })).toBe("0.3333");
    expect(rateText(rateFraction("140"))).toBe("140.00");
  });
});
