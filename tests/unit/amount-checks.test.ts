import { describe, expect, it } from "vitest";
import { createTranslate } from "../../app/i18n/translate";
import { en } from "../../app/i18n/locales/en";
import { es } from "../../app/i18n/locales/es";
import { amountChecks } from "../../app/lib/amount-checks";
import { parseForm } from "../../app/lib/forms";
import { accountCreateSchema, transactionCreateSchema } from "../../app/lib/schemas/ledger";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

describe("a form's amounts checked for their currency beside the schema", () => {
  it("shows every field's problem in one pass: the schema's and the amount's precision", () => {
    const t = createTranslate("en", en);
    const result = parseForm(accountCreateSchema, form({ name: "", type: "checking", currency: "JPY", openingBalance: "12.5" }), t, amountChecks((values) => ({ openingBalance: values.currency })));
    expect(result).toEqual({ ok: false, errors: { name: "This field is required.", openingBalance: "This currency takes no decimal places." } });
  });

  it("fails a form the schema accepts when only the amount is wrong, in the user's language", () => {
    const t = createTranslate("es", es);
    const result = parseForm(transactionCreateSchema, form({ date: "2026-11-20", description: "Menú", amount: "-15.123" }), t, amountChecks({ amount: "PEN" }));
    expect(result).toEqual({ ok: false, errors: { amount: "Esta moneda admite como máximo 2 decimales." } });
    const big = parseForm(transactionCreateSchema, form({ date: "2026-11-20", description: "Menú", amount: "99999999999999999" }), createTranslate("en", en), amountChecks({ amount: "PEN" }));
    expect(big).toEqual({ ok: false, errors: { amount: "This amount is too large." } });
  });

  it("leaves a bad format to the schema's own message, and a good amount alone", () => {
    const t = createTranslate("en", en);
    const bad = parseForm(transactionCreateSchema, form({ date: "2026-11-20", description: "x", amount: "1e5" }), t, amountChecks({ amount: "PEN" }));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors.amount).toBe(t("ledger.errors.amountFormat", { example: "-12.50" }));
    expect(parseForm(transactionCreateSchema, form({ date: "2026-11-20", description: "x", amount: "-15.00" }), t, amountChecks({ amount: "PEN" })).ok).toBe(true);
  });
});
