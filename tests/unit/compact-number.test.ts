/** The charts' gridline figures (reports): short, and in Spanish as Peru writes them. */
import { describe, expect, it } from "vitest";
import { compactNumber } from "../../core/money";

describe("compactNumber", () => {
  it("writes Spanish thousands as 'mil' on either side of ten thousand, with Peru's decimal point", () => {
    const es = compactNumber("es");
    // es-PE's own compact data wrote "5 K" here and "10 k" above ten thousand.
    expect([500, 5_000, 2_500, 10_000, 12_500, 150_000, 1_200_000].map(es)).toEqual(["500", "5\u00a0mil", "2.5\u00a0mil", "10\u00a0mil", "12.5\u00a0mil", "150\u00a0mil", "1.2\u00a0M"]);
  });

  it("keeps English's own short forms", () => {
    expect([500, 5_000, 12_500, 1_200_000].map(compactNumber("en"))).toEqual(["500", "5K", "12.5K", "1.2M"]);
  });
});
