import { describe, expect, it } from "vitest";
import { guessMapping } from "../../workers/api/src/ledger/csv";

describe("guessMapping's number format", () => {
  const header = ["date", "description", "amount"];
  const rows = (...amounts: string[]) => amounts.map((amount, i) => [`2026-11-0${i + 1}`, "x", amount]);

  it("follows what most sample amounts show, not one odd row", () => {
    expect(guessMapping(header, rows("1,234.56", "-12.50", "-12.50", "0.10", "1.234,56", "0.20")).decimalSeparator).toBe(".");
    expect(guessMapping(header, rows("1.234,56", "-12,50", "0,10", "1,234.56")).decimalSeparator).toBe(",");
  });

  it("reads amounts as the account's currency can hold them: a dot in pesos or yen groups thousands", () => {
    expect(guessMapping(header, rows("-12.500", "-3.990", "250.000"), ",", "CLP").decimalSeparator).toBe(",");
    expect(guessMapping(header, rows("-1.200", "250.000", "-900"), ",", "JPY").decimalSeparator).toBe(",");
    // Soles never have three decimals, so "-1.500" is fifteen hundred there.
    expect(guessMapping(header, rows("-1.500", "200"), ",", "PEN").decimalSeparator).toBe(",");
    // Where both readings hold (dinars have three decimals), the delimiter decides as before.
    expect(guessMapping(header, rows("-1.500", "200"), ",", "KWD").decimalSeparator).toBe(".");
    expect(guessMapping(header, rows("1,234.56", "-12.50", "0.10"), ",", "PEN").decimalSeparator).toBe(".");
  });

  it("reads the delimiter on a tie: a semicolon file uses the decimal comma", () => {
    expect(guessMapping(header, rows("-1.500", "200"), ";").decimalSeparator).toBe(",");
    expect(guessMapping(header, rows("-1.500", "200"), ",").decimalSeparator).toBe(".");
  });
});
