import { describe, expect, it } from "vitest";
import { decimalUnits, searchAmounts } from "../../core/search-words";

describe("searchAmounts: the amounts a search may mean", () => {
  it.each([
    ["20.77", ["20.77"]],
    ["20,77", ["20.77"]],
    ["S/ 20.77", ["20.77"]],
    ["S/ -20.77", ["20.77"]],
    ["-20,77", ["20.77"]],
    ["(20.77)", ["20.77"]],
    ["20.77 PEN", ["20.77"]],
    ["PEN 20.77", ["20.77"]],
    ["US$ 5", ["5"]],
    ["$1,234.50", ["1234.5"]],
    ["1.234,50", ["1234.5"]],
    ["1,234", ["1.234", "1234"]],
    ["1,234,567", ["1234567"]],
    ["0.50", ["0.5"]],
    ["20", ["20"]],
  ])("%s → %j", (text, expected) => {
    expect(searchAmounts(text)).toEqual(expected);
  });

  it.each(["Wong 20", "abc", "20.7777", "1,2345", "1,23,456", "1.234,567.8", "", "20 30"])("%s is no amount", (text) => {
    expect(searchAmounts(text)).toEqual([]);
  });

  it("scales a decimal to a currency's minor units, or says it cannot be one", () => {
    expect(decimalUnits("20.77", 2)).toBe(2077);
    expect(decimalUnits("20.77", 3)).toBe(20770);
    expect(decimalUnits("20.77", 0)).toBeNull();
    expect(decimalUnits("1234", 0)).toBe(1234);
  });
});
