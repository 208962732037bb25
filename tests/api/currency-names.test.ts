/**
 * Currency names where the picker is named: inside workerd, whose ICU lacks the newest codes
 * (SLE 2022, ZWG 2024, XCG 2025), so these run the fallback of core/currency-names.ts (ADR 055).
 */
import { describe, expect, it } from "vitest";
import { currencyOptions } from "../../app/routes/accounts/currency-options.server";
import { currencyName, OFFERED_CURRENCIES, RETIRED_OR_UNIT_CURRENCIES } from "../../core/money";
import type { Account } from "../../core/api-types/ledger";

describe("currency names in workerd", () => {
  it("the picker names every currency it offers, in English and Spanish", () => {
    for (const locale of ["en", "es"]) {
      const unnamed = currencyOptions(locale, []).filter((option) => !option.label.includes(" · "));
      expect(unnamed.map((option) => option.code), locale).toEqual([]);
    }
    const es = currencyOptions("es", []);
    expect(es.find((option) => option.code === "SLE")?.label).toBe("SLE · leona sierraleonesa");
    expect(es.find((option) => option.code === "XCG")?.label).toBe("XCG · florín caribeño");
    expect(es.find((option) => option.code === "ZWG")?.label).toBe("ZWG · oro zimbabuense");
    const en = currencyOptions("en", []);
    expect(en.find((option) => option.code === "ZWG")?.label).toBe("ZWG · Zimbabwean Gold");
  });

  it("names the retired codes an account may still hold (and the units of account)", () => {
    for (const code of RETIRED_OR_UNIT_CURRENCIES) {
      expect(currencyName(code, "en"), code).not.toBeNull();
      expect(currencyName(code, "es"), code).not.toBeNull();
    }
    const held = currencyOptions("es", [{ currency: "XSU" } as Account]);
    expect(held.at(-1)).toEqual({ code: "XSU", label: "XSU · sucre", held: true });
  });

  it("every offered code has a name in both languages", () => {
    expect(OFFERED_CURRENCIES.filter((code) => !currencyName(code, "en") || !currencyName(code, "es"))).toEqual([]);
  });
});
