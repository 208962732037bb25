/** The budgets page's form schemas (app/routes/budgets/budget-form-schemas.ts): what each field refuses, with which message. */
import { describe, expect, it } from "vitest";
import { linesBody, linesForm, updateForm } from "../../app/routes/budgets/budget-form-schemas";

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("a budget line's amount", () => {
  const amount = (text: string, currency = "PEN") => messagesOf(linesForm.safeParse({ currency, "lines.0.categoryId": "c1", "lines.0.amount": text, "lines.0.rollover": "none" }));

  it("takes amounts as the movement forms do (either decimal mark, the currency's sign) and zero", () => {
    for (const text of ["100", "1,234.50", "1.234,50", "1234,5", "S/ 100", "0", "-0", "(0)", "+25"]) expect(amount(text), text).toEqual({});
  });

  it("sends the API the plain decimal of what was typed", () => {
    const rows = [
      { categoryId: "c1", amount: "1.234,5", rollover: "none" },
      { categoryId: "c2", amount: "", rollover: "none" },
      { categoryId: "c3", amount: "S/ 80", rollover: "all" },
    ];
    expect(linesBody(rows, "PEN")).toEqual({
      body: {
        lines: [
          { categoryId: "c1", amount: "1234.50", rollover: "none" },
          { categoryId: "c3", amount: "80.00", rollover: "all" },
        ],
      },
      rowOf: [0, 2],
    });
  });

  it("refuses a negative amount with its own message, a minus sign or brackets alike", () => {
    for (const text of ["-100", "−5", "(50)", "- 3", "S/ -20"]) expect(amount(text), text).toEqual({ "lines.0.amount": "ledger.budgets.errors.negative" });
  });

  it("names too many decimals for the currency on the first submit, with the rest", () => {
    expect(amount("100.005")).toEqual({ "lines.0.amount": "ledger.moneyInOut.errors.thousandsPoint" });
    expect(amount("S/ 12.345")).toEqual({ "lines.0.amount": "ledger.moneyInOut.errors.thousandsPoint" });
    expect(amount("1000.005")).toEqual({ "lines.0.amount": "ledger.moneyInOut.errors.precision2" });
    expect(amount("100.0055")).toEqual({ "lines.0.amount": "ledger.moneyInOut.errors.precision2" });
    // "0.125" is no thousands.
    expect(amount("0.125")).toEqual({ "lines.0.amount": "ledger.moneyInOut.errors.precision2" });
    expect(amount("100.5", "JPY")).toEqual({ "lines.0.amount": "ledger.moneyInOut.errors.precision0" });
  });

  it("refuses text that is no amount with an example without a sign", () => {
    for (const text of ["tres", "(5", "5)", "12abc", "US$ 5"]) expect(amount(text), text).toEqual({ "lines.0.amount": "ledger.moneyInOut.errors.amountFormat" });
  });

  it("leaves a row without an amount out: no line, no error", () => {
    expect(amount("  ")).toEqual({});
  });
});

describe("the edit form's start day", () => {
  const edit = (values: Record<string, string>) => messagesOf(updateForm.safeParse({ name: "Casa", period: "monthly", ...values }));

  it("asks for the day when it is emptied, rather than keeping the old one", () => {
    expect(edit({ startsOn: "" })).toEqual({ startsOn: "ledger.budgets.errors.startsOn" });
    expect(edit({ startsOn: "   " })).toEqual({ startsOn: "ledger.budgets.errors.startsOn" });
    expect(edit({})).toEqual({ startsOn: "ledger.budgets.errors.startsOn" });
  });

  it("refuses a day that is not real, and takes one that is", () => {
    expect(edit({ startsOn: "2026-02-30" })).toEqual({ startsOn: "ledger.errors.date" });
    expect(edit({ startsOn: "2026-12-15" })).toEqual({});
  });

  it("does not check the pay cycle's day unless the period is a pay cycle (the field is hidden)", () => {
    expect(edit({ startsOn: "2026-12-15", cycleDay: "40" })).toEqual({});
    expect(edit({ startsOn: "2026-12-15", period: "payCycle", cycleDay: "40" })).toEqual({ cycleDay: "ledger.budgets.errors.cycleDay" });
  });
});
