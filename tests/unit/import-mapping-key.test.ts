/** The import's guard against columns not previewed (mapping-key.ts). */
import { describe, expect, it } from "vitest";
import { mappingFromForm, mappingKey } from "../../app/routes/transactions/import/mapping-key";

describe("the mapping a preview was made with", () => {
  it("is the same text for the API's guess and for what the form posts back unchanged (its defaults filled in)", () => {
    // The API's guess names only what it found; the form posts every field, with its defaults.
    const guessed = { dateColumn: "0", descriptionColumn: "1", amountColumn: "2", dateFormat: "DD/MM/YYYY", decimalSeparator: ",", header: "true" };
    const posted = { ...guessed, delimiter: "auto", header: "true" };
    expect(mappingKey(posted)).toBe(mappingKey(guessed));
    // No header, and column 0 (a falsy-looking "0" is a column, not "none").
    expect(mappingKey({ dateColumn: "0", header: "false" })).toBe(mappingKey({ dateColumn: "0", header: "false", dateFormat: "YYYY-MM-DD", decimalSeparator: ".", delimiter: "auto" }));
    expect(mappingKey({ dateColumn: "0" })).not.toBe(mappingKey({}));
  });

  it("differs when any column or format differs", () => {
    const base = { dateColumn: "0", amountColumn: "2", dateFormat: "DD/MM/YYYY" };
    for (const changed of [{ dateFormat: "MM/DD/YYYY" }, { amountColumn: "1" }, { debitColumn: "3" }, { header: "false" }, { decimalSeparator: "," }, { delimiter: ";" }]) {
      expect(mappingKey({ ...base, ...changed }), JSON.stringify(changed)).not.toBe(mappingKey(base));
    }
  });
});

describe("the mapping a form posts", () => {
  it("keeps the options given, and reads an unticked header box as false only where the form has one", () => {
    const form = new FormData();
    for (const [key, value] of [["dateColumn", "0"], ["amountColumn", ""], ["dateFormat", "DD/MM/YYYY"], ["draftId", "d1"]]) form.set(key!, value!);
    expect(mappingFromForm(form, { withHeaderBox: true })).toEqual({ dateColumn: "0", dateFormat: "DD/MM/YYYY", header: "false" });
    expect(mappingFromForm(form, { withHeaderBox: false })).toEqual({ dateColumn: "0", dateFormat: "DD/MM/YYYY" });
    form.set("header", "true");
    expect(mappingFromForm(form, { withHeaderBox: true }).header).toBe("true");
  });
});
