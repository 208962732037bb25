/** Money in / money out (issue 35, ADR 051): amounts typed without a sign, in the app's own display formats. */
import { describe, expect, it } from "vitest";
import { createTranslate } from "./i18n-helpers";
import { en } from "../../core/i18n/locales/en";
import { es } from "../../core/i18n/locales/es";
import { parseForm } from "../../app/forms/forms";
import { transactionsPageTexts } from "../../core/i18n/page-texts/transactions-page";
import { minusWithInOf } from "../../app/routes/transactions/transfer-leg-entry";
import { formatMoney, parseTypedAmount, typedAsOut, withoutTypedSign } from "../../core/money";
import { entryOf, kindDisagrees, transactionEditSchema, transactionEntrySchema } from "../../core/schemas/ledger";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

describe("parseTypedAmount: what people type, and what the app shows", () => {
  it.each([
    ["45.90", 4590, false],
    ["45,90", 4590, false],
    ["-44,90", 4490, true],
    ["−44.90", 4490, true],
    ["S/ -132.70", 13270, true],
    ["S/-132.70", 13270, true],
    ["-S/ 132.70", 13270, true],
    ["S/ 45.90", 4590, false],
    ["S/\u00a045.90", 4590, false],
    ["s/ 45.90", 4590, false],
    ["45.90 PEN", 4590, false],
    ["PEN 45.90", 4590, false],
    ["1.234,56", 123456, false],
    ["1,234.56", 123456, false],
    ["1,234", 123400, false],
    ["1.234.567", 123456700, false],
    ["1.234.567,89", 123456789, false],
    ["(300.00)", 30000, true],
    ["+12", 1200, false],
    [".5", 50, false],
    ["1 234,56", 123456, false],
  ])("%s is %i minor units, out: %s", (text, magnitude, negative) => {
    expect(parseTypedAmount(text, "PEN")).toEqual({ ok: true, magnitude, negative });
  });

  it("reads every amount formatMoney prints back to the same money", () => {
    for (const minor of [-13270, 4590, -123456789, 5, -1]) {
      const parsed = parseTypedAmount(formatMoney(minor, "PEN"), "PEN");
      expect(parsed).toEqual({ ok: true, magnitude: Math.abs(minor), negative: minor < 0 });
    }
    expect(parseTypedAmount(formatMoney(-1599, "USD"), "USD")).toEqual({ ok: true, magnitude: 1599, negative: true });
  });

  it("refuses another currency's sign, text, and more decimals than the currency has", () => {
    expect(parseTypedAmount("US$ 12.00", "PEN")).toEqual({ ok: false, reason: "format" });
    expect(parseTypedAmount("12.00 USD", "PEN")).toEqual({ ok: false, reason: "format" });
    expect(parseTypedAmount("abc", "PEN")).toEqual({ ok: false, reason: "format" });
    expect(parseTypedAmount("1,2,3", "PEN")).toEqual({ ok: false, reason: "format" });
    expect(parseTypedAmount("--5", "PEN")).toEqual({ ok: false, reason: "format" });
    expect(parseTypedAmount("(-5)", "PEN")).toEqual({ ok: false, reason: "format" });
    expect(parseTypedAmount("S/ S/ 5", "PEN")).toEqual({ ok: false, reason: "format" });
    // A lone point before three digits is a decimal point (Peru writes decimals after a point): too precise for soles.
    expect(parseTypedAmount("1.234", "PEN")).toEqual({ ok: false, reason: "precision" });
    expect(parseTypedAmount("12.5", "JPY")).toEqual({ ok: false, reason: "precision" });
    expect(parseTypedAmount("9999999999999999", "PEN")).toEqual({ ok: false, reason: "range" });
  });

  it("takes the currency's own decimals: a lone comma before three digits is dinars' decimals, soles' thousands", () => {
    expect(parseTypedAmount("1,234", "KWD")).toEqual({ ok: true, magnitude: 1234, negative: false });
    expect(parseTypedAmount("1,234", "PEN")).toEqual({ ok: true, magnitude: 123400, negative: false });
    expect(parseTypedAmount("1,234", "JPY")).toEqual({ ok: true, magnitude: 1234, negative: false });
  });
});

describe("transactionEntrySchema: a direction and an unsigned amount become the API's signed amount", () => {
  const t = createTranslate("en", en);
  const base = { date: "2026-11-20", description: "Almuerzo menú" };

  it("makes money out of digits alone when out is chosen (the iOS keypad has no minus key)", () => {
    expect(parseForm(transactionEntrySchema("PEN"), form({ ...base, direction: "out", amount: "45.90" }), t)).toMatchObject({ ok: true, data: { amount: "-45.90" } });
    expect(parseForm(transactionEntrySchema("PEN"), form({ ...base, direction: "in", amount: "4,500.00" }), t)).toMatchObject({ ok: true, data: { amount: "4500.00" } });
  });

  it("lets a typed minus mean out, as the old signed field did, but not against money in (ADR 085)", () => {
    expect(parseForm(transactionEntrySchema("PEN"), form({ ...base, direction: "out", amount: "-44,90" }), t)).toMatchObject({ ok: true, data: { amount: "-44.90" } });
    expect(parseForm(transactionEntrySchema("PEN"), form({ ...base, amount: "S/ -132.70" }), t)).toMatchObject({ ok: true, data: { amount: "-132.70" } });
    expect(parseForm(transactionEntrySchema("PEN"), form({ ...base, direction: "in", amount: "S/ -132.70" }), t)).toEqual({ ok: false, errors: { amount: "You chose money in: write the amount without a minus, or choose money out." } });
    const es_ = createTranslate("es", es);
    expect(parseForm(transactionEditSchema("PEN"), form({ direction: "in", amount: "-50", updatedAt: "5" }), es_)).toEqual({ ok: false, errors: { amount: "Elegiste ingreso: escribe el monto sin el signo menos o elige gasto." } });
    // Named with the other fields' problems on the first submit, not after they are mended.
    expect(parseForm(transactionEntrySchema("PEN"), form({ date: "2026-11-20", description: "", direction: "in", amount: "-50" }), t)).toEqual({
      ok: false,
      errors: { description: "This field is required.", amount: "You chose money in: write the amount without a minus, or choose money out." },
    });
    // A transfer's leg cannot turn: its message does not offer "money out" (the form and the action pick it).
    const leg = transactionEditSchema("PEN", minusWithInOf(true));
    const esPage = createTranslate("es", { ...es, ...transactionsPageTexts.es });
    expect(parseForm(leg, form({ direction: "in", amount: "-100", updatedAt: "5" }), esPage)).toEqual({
      ok: false,
      errors: { amount: "Este lado de la transferencia es un ingreso: escribe el monto sin el signo menos. Para mover dinero en sentido contrario, haz una nueva transferencia." },
    });
    expect(parseForm(leg, form({ direction: "out", amount: "-100", updatedAt: "5" }), t)).toMatchObject({ ok: true, data: { amount: "-100.00" } });
    // An ordinary movement keeps the message that offers the other way.
    expect(parseForm(transactionEditSchema("PEN", minusWithInOf(false)), form({ direction: "in", amount: "-100", updatedAt: "5" }), t)).toEqual({ ok: false, errors: { amount: "You chose money in: write the amount without a minus, or choose money out." } });
    // A minus zero is no money either way: an edit may keep an old zero whatever the choice.
    expect(parseForm(transactionEditSchema("PEN"), form({ direction: "in", amount: "-0.00", updatedAt: "5" }), t)).toMatchObject({ ok: true, data: { amount: "0.00" } });
  });

  it("names each field's problem in one pass, in the user's language", () => {
    expect(parseForm(transactionEntrySchema("PEN"), form({ date: "2026-11-20", description: "", direction: "sideways", amount: "1.234" }), t)).toEqual({
      ok: false,
      // "1.234" may be thousands written with a point (as in Spain): the message says how to write them.
      errors: { description: "This field is required.", direction: "Choose money out or money in.", amount: "This currency takes at most 2 decimal places. Writing thousands? Use a comma (12,345) or no separator (12345)." },
    });
    expect(parseForm(transactionEntrySchema("PEN"), form({ ...base, direction: "out", amount: "1.2345" }), t)).toEqual({ ok: false, errors: { amount: "This currency takes at most 2 decimal places." } });
    const es_ = createTranslate("es", es);
    expect(parseForm(transactionEntrySchema("PEN"), form({ ...base, direction: "out", amount: "0" }), es_)).toEqual({ ok: false, errors: { amount: "Ingresa un monto distinto de cero." } });
    expect(parseForm(transactionEntrySchema("JPY"), form({ ...base, direction: "out", amount: "1.5" }), es_)).toEqual({ ok: false, errors: { amount: "Esta moneda no admite decimales." } });
    expect(parseForm(transactionEntrySchema("PEN"), form({ ...base, direction: "out", amount: "doce" }), t)).toEqual({ ok: false, errors: { amount: "Enter the amount in figures, such as 45.90, 1,234.56 or 1.234,56." } });
  });

  it("edits keep a zero an older import brought; new movements may not be zero", () => {
    expect(parseForm(transactionEditSchema("PEN"), form({ direction: "in", amount: "0.00", updatedAt: "5" }), t)).toMatchObject({ ok: true, data: { amount: "0.00", updatedAt: 5 } });
  });

  it("shows an existing amount as its direction and magnitude", () => {
    expect(entryOf(-4590, "PEN")).toEqual({ direction: "out", amount: "45.90" });
    expect(entryOf(450000, "PEN")).toEqual({ direction: "in", amount: "4500.00" });
  });

  it("says when a category's kind disagrees with the direction", () => {
    expect(kindDisagrees("income", "out")).toBe(true);
    expect(kindDisagrees("expense", "in")).toBe(true);
    expect(kindDisagrees("expense", "out")).toBe(false);
    expect(kindDisagrees("income", "in")).toBe(false);
    expect(kindDisagrees(undefined, "in")).toBe(false);
  });
});

describe("withoutTypedSign: the figure an answer of \"make it money in\" keeps", () => {
  it.each([
    ["-45", "45"],
    ["S/ -45.90", "S/ 45.90"],
    ["−12", "12"],
    ["(300)", "300"],
    ["45.90", "45.90"],
  ])("%s → %s", (text, unsigned) => {
    expect(withoutTypedSign(text)).toBe(unsigned);
    expect(typedAsOut(withoutTypedSign(text))).toBe(false);
  });
});

describe("typedAsOut: a prefilled amount with a minus opens the form on money out", () => {
  it.each([
    ["-45", true],
    ["S/ -45", true],
    ["−12", true],
    ["(300)", true],
    ["45.90", false],
    ["S/ 45", false],
  ])("%s: %s", (text, out) => expect(typedAsOut(text)).toBe(out));
});
