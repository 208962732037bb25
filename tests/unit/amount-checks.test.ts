import { describe, expect, it } from "vitest";
import { createTranslate } from "./i18n-helpers";
import { en } from "../../core/i18n/locales/en";
import { es } from "../../core/i18n/locales/es";
import { amountChecks } from "../../app/forms/amount-checks";
import { parseForm } from "../../app/forms/forms";
import { accountCreateSchema, checkAmount, transactionCreateSchema, transferSchema } from "../../core/schemas/ledger";

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
    const result = parseForm(transactionCreateSchema, form({ date: "2026-11-20", description: "Menú", amount: "-15.1234" }), t, amountChecks({ amount: "PEN" }));
    expect(result).toEqual({ ok: false, errors: { amount: "Esta moneda admite como máximo 2 decimales." } });
    // Three decimals after up to three figures may be thousands written with a point: said so too.
    const thousands = parseForm(transferSchema, form({ fromAccountId: "01ARZ3NDEKTSV4RRFFQ69G5FAV", toAccountId: "01ARZ3NDEKTSV4RRFFQ69G5FAW", date: "2026-11-20", amount: "15.123" }), t, amountChecks({ amount: "PEN" }));
    expect(!thousands.ok && thousands.errors.amount).toBe("Esta moneda admite como máximo 2 decimales. ¿Son miles? Usa una coma (12,345) o escríbelo sin separador (12345).");
    // A currency of three decimals takes it as it is.
    expect(checkAmount("15.123", "KWD")).toMatchObject({ ok: true });
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

  it("names a decimal comma as such, in either language, for transactions and transfers alike", () => {
    const es_ = createTranslate("es", es);
    const typed = parseForm(transactionCreateSchema, form({ date: "2026-11-20", description: "Menú", amount: "-12,50" }), es_, amountChecks({ amount: "PEN" }));
    expect(typed).toEqual({ ok: false, errors: { amount: "Escribe los decimales después de un punto, como en 1234.50 (la coma solo separa miles)." } });
    const en_ = createTranslate("en", en);
    const transfer = parseForm(transferSchema, form({ fromAccountId: "00000000-0000-4000-8000-000000000001", toAccountId: "00000000-0000-4000-8000-000000000002", date: "2026-11-20", amount: "1.234,5" }), en_, amountChecks({ amount: "USD" }));
    expect(!transfer.ok && transfer.errors.amount).toBe("Write decimals after a point, as in 1234.50 (a comma only separates thousands).");
    // A comma between thousands is still a thousands separator, and a point before the decimals is fine.
    expect(checkAmount("1,234", "PEN")).toEqual({ ok: true, minor: 123400 });
    expect(checkAmount(".5", "PEN")).toEqual({ ok: true, minor: 50 });
    // Points between thousands are not a decimal comma: the plain format message.
    expect(checkAmount("1.234.567", "PEN")).toEqual({ ok: false, key: "ledger.errors.amountFormat", digits: 2 });
  });

  it("tells a currency without decimals that it has none, whichever mark the decimals came after", () => {
    expect(checkAmount("12,5", "JPY")).toEqual({ ok: false, key: "ledger.errors.amountPrecision", digits: 0 });
    expect(checkAmount("12.5", "JPY")).toEqual({ ok: false, key: "ledger.errors.amountPrecision", digits: 0 });
  });

  it("leaves the import's own message for a comma where its chosen separator is a point (the import names its separator)", () => {
    expect(checkAmount("12,50", "PEN", { chosenSeparator: ".", formatKey: "ledger.errors.importAmount" })).toEqual({ ok: false, key: "ledger.errors.importAmount", digits: 2 });
    expect(checkAmount("abc", "PEN")).toEqual({ ok: false, key: "ledger.errors.amountFormat", digits: 2 });
  });
});
