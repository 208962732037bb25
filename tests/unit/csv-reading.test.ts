/** The failure kinds of issue 35's "Reading real files", one by one, through the parser's own functions. */
import { describe, expect, it } from "vitest";
import { translatorFor } from "../../core/i18n/translator";
import { importQuerySchema } from "../../core/schemas/ledger";
import { parseCsv, tableStart } from "../../workers/api/src/import/csv";
import { readingOf } from "../../workers/api/src/import/explain";
import { decideDateFormat, guessFile } from "../../workers/api/src/import/guess";
import { amountMappingError, checkImportedAmount, importedStatus, readRows } from "../../workers/api/src/import/parse";

const t = translatorFor("en");
const q = (mapping: Record<string, string | number>) => importQuerySchema.parse(Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, String(v)])));
const rows = (...lines: string[][]) => lines.map((fields, i) => ({ line: i + 2, fields }));

describe("a debit/credit pair", () => {
  it("wins over a single amount-like column beside it", () => {
    const header = ["Date", "Description", "Amount details", "Debit Amount", "Credit Amount"];
    const data = rows(["03/11/2026", "TESCO", "", "23.40", ""], ["15/11/2026", "SALARY", "", "", "1500.00"]);
    const { mapping, reasons } = guessFile(header, data, ",", "GBP");
    expect(mapping).toMatchObject({ debitColumn: 3, creditColumn: 4 });
    expect(mapping.amountColumn).toBeUndefined();
    expect(reasons).toMatchObject({ debitColumn: "pair", creditColumn: "pair" });
    // Even when the single column holds amounts too ("Transfer Amount", unsigned).
    const payoneer = guessFile(["Date", "Description", "Credit Amount", "Debit Amount", "Transfer Amount"], rows(["11/03/2026", "Client", "1000.00", "", "1000.00"], ["11/18/2026", "Fee", "", "25.00", "25.00"]), ",", "USD").mapping;
    expect(payoneer).toMatchObject({ creditColumn: 2, debitColumn: 3 });
    expect(payoneer.amountColumn).toBeUndefined();
  });
});

describe("the sign of an amount", () => {
  it("may be in a type column beside unsigned amounts (DR/CR, Cargo/Abono, S/H)", () => {
    const data = rows(["02/11/2026", "PAGO", "Cargo", "350,00"], ["05/11/2026", "DEPOSITO", "Abono", "1.200,00"], ["06/11/2026", "RARO", "Otro", "1,00"]);
    const guess = guessFile(["Fecha", "Descripción", "Tipo", "Importe"], data, ";", "PEN");
    expect(guess.mapping).toMatchObject({ amountColumn: 3, typeColumn: 2 });
    const read = readRows({ currency: "PEN" }, data, q(guess.mapping), 4, t, null);
    expect(read.map((row) => row.amount)).toEqual([-35000, 120000, null]);
    expect(read[2]!.errors).toEqual({ type: [expect.stringContaining("Otro")] });
    const drcr = rows(["2026-11-02", "X", "12.00", "DR"], ["2026-11-03", "Y", "5.00", "cr"]);
    expect(readRows({ currency: "USD" }, drcr, q({ dateColumn: 0, descriptionColumn: 1, amountColumn: 2, typeColumn: 3 }), 4, t, null).map((row) => row.amount)).toEqual([-1200, 500]);
  });

  it("may be charges positive, as card statements write", () => {
    const data = rows(["2026-11-03", "UBER", "23.45"], ["2026-11-05", "PAYMENT", "-300.00"]);
    expect(readRows({ currency: "USD" }, data, q({ dateColumn: 0, descriptionColumn: 1, chargesColumn: 2 }), 3, t, null).map((row) => row.amount)).toEqual([-2345, 30000]);
    // Guessed so for a card account whose amounts are mostly positive; not for a checking account.
    expect(guessFile(["Date", "Description", "Amount"], data.concat(rows(["2026-11-06", "AMAZON", "10.00"])), ",", "USD", "credit_card").mapping).toMatchObject({ chargesColumn: 2 });
    expect(guessFile(["Date", "Description", "Amount"], data, ",", "USD", "checking").mapping).toMatchObject({ amountColumn: 2 });
  });

  it("is asked one way only: two ways to read the amount, or a type column without an amount column, are refused", () => {
    expect(amountMappingError(q({ dateColumn: 0, amountColumn: 1 }))).toBeNull();
    expect(amountMappingError(q({ dateColumn: 0 }))).toBe("api.amountColumns");
    expect(amountMappingError(q({ amountColumn: 1, debitColumn: 2 }))).toBe("api.amountOrDebitCredit");
    expect(amountMappingError(q({ amountColumn: 1, chargesColumn: 2 }))).toBe("api.reading.oneAmountWay");
    expect(amountMappingError(q({ chargesColumn: 1, typeColumn: 2 }))).toBe("api.reading.oneAmountWay");
  });
});

describe("accounting negatives", () => {
  it("are read with a currency sign inside the parentheses", () => {
    expect(checkImportedAmount("($300.00)", "USD", ".")).toEqual({ ok: true, minor: -30000 });
    expect(checkImportedAmount("(S/ 45.00)", "PEN", ".")).toEqual({ ok: true, minor: -4500 });
    expect(checkImportedAmount("(300.00)", "USD", ".")).toEqual({ ok: true, minor: -30000 });
    // Two signs (which one?) and another currency are refused, as before.
    expect(checkImportedAmount("(-$300.00)", "USD", ".").ok).toBe(false);
    expect(checkImportedAmount("(€300.00)", "USD", ".")).toMatchObject({ ok: false, key: "api.importAmountCurrency" });
  });
});

describe("a fee column", () => {
  it("is part of its movement: the amount includes the fee, whichever way the fee is written", () => {
    const data = rows(["2026-11-10", "TRANSFER", "-100.00", "1.00"], ["2026-11-20", "ATM", "-50.00", "-1.50"], ["2026-11-21", "TOPUP", "500.00", ""]);
    const read = readRows({ currency: "EUR" }, data, q({ dateColumn: 0, descriptionColumn: 1, amountColumn: 2, feeColumn: 3 }), 4, t, null);
    expect(read.map((row) => row.amount)).toEqual([-10100, -5150, 50000]);
  });
});

describe("status words", () => {
  it("include what Venmo, Revolut, Payoneer and German banks write", () => {
    for (const word of ["Complete", "Issued", "Completed", "COMPLETED", "Booked", "Gebucht"]) expect(importedStatus(word), word).toBe("posted");
    expect(importedStatus("Vorgemerkt")).toBe("pending");
    expect(importedStatus("Declined")).toBeNull();
  });
});

describe("headers in the languages banks write", () => {
  it("are read in German, French, Norwegian and Spanish", () => {
    const cases: Array<[string[], string[], Record<string, number>]> = [
      [["Buchungstag", "Verwendungszweck", "Betrag"], ["03.11.2026", "REWE", "-45,20"], { dateColumn: 0, descriptionColumn: 1, amountColumn: 2 }],
      [["Date", "Libellé", "Montant"], ["03/11/2026", "CARREFOUR", "-45,20"], { dateColumn: 0, descriptionColumn: 1, amountColumn: 2 }],
      [["Dato", "Forklaring", "Beløp"], ["03.11.2026", "REMA 1000", "-245,50"], { dateColumn: 0, descriptionColumn: 1, amountColumn: 2 }],
      [["Fecha valor", "Movimiento", "Importe"], ["03/11/2026", "MERCADONA", "-45,20"], { dateColumn: 0, descriptionColumn: 1, amountColumn: 2 }],
      [["Fecha", "desc", "Cargo/Abono", "Importe"], ["03/11/2026", "WONG", "Cargo", "45,20"], { dateColumn: 0, descriptionColumn: 1, typeColumn: 2, amountColumn: 3 }],
    ];
    for (const [header, row, expected] of cases) expect(guessFile(header, rows(row), ";", "EUR").mapping, header.join(";")).toMatchObject(expected);
  });
});

describe("an ambiguous date", () => {
  const values = (...texts: string[]) => texts.map((text, i) => ({ line: i + 2, text }));
  it("is settled by any row with a day over 12, and that row is named", () => {
    expect(decideDateFormat(values("05/03/2021", "07/03/2021", "13/03/2021"), { english: true, delimiter: "," })).toEqual({ format: "DD/MM/YYYY", reason: "rows", line: 4, text: "13/03/2021" });
    expect(decideDateFormat(values("05/03/2021", "05/13/2021"), { english: false, delimiter: ";" })).toEqual({ format: "MM/DD/YYYY", reason: "rows", line: 3, text: "05/13/2021" });
  });

  it("is otherwise decided by the file's hints, and says so", () => {
    expect(decideDateFormat(values("05/03/2021", "06/03/2021"), { english: true, delimiter: "," })).toMatchObject({ format: "MM/DD/YYYY", reason: "language" });
    expect(decideDateFormat(values("05/03/2021", "06/03/2021"), { english: false, delimiter: ";" })).toMatchObject({ format: "DD/MM/YYYY", reason: "locale" });
    expect(decideDateFormat(values("2021-03-05"), { english: true, delimiter: "," })).toMatchObject({ format: "YYYY-MM-DD", reason: "only" });
  });

  it("is decided over every row, not the first ten", () => {
    const data = rows(...Array.from({ length: 30 }, (_, i) => [`0${1 + (i % 9)}/11/2026`, "X", "-1.00"]), ["25/11/2026", "Y", "-1.00"]);
    expect(guessFile(["Date", "Description", "Amount"], data, ",", "USD").dates).toMatchObject({ format: "DD/MM/YYYY", reason: "rows", text: "25/11/2026" });
  });
});

describe("a table below more than one block about the account", () => {
  it("is found by its header, and its rows are not refused as too wide", () => {
    const lines = ["Banco Azteca,,,,", "Estado de Cuenta,,,,", ",,,,", "Periodo: 01/11/2026 - 30/11/2026,,,,", "Cuenta: 1234,,,,", ",,,,", "FECHA,DESCRIPCION,RETIROS,DEPOSITOS,SALDO", "05/11/2026,RETIRO,200.00,,1800.00"];
    const parsed = parseCsv(lines.join("\n"), ",").rows;
    expect(parsed[tableStart(parsed)]!.fields[0]).toBe("FECHA");
    const ing = ["Umsatzanzeige;Datei erstellt am: 28.11.2026", "", "IBAN;DE12", "Kontoname;Girokonto", "", "Sortierung;Datum absteigend", "", "Buchung;Valuta;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Saldo;Währung;Betrag;Währung", "27.11.2026;27.11.2026;REWE;Lastschrift;X;1,00;EUR;-45,20;EUR"];
    const ingRows = parseCsv(ing.join("\n"), ";").rows;
    expect(ingRows[tableStart(ingRows)]!.fields[0]).toBe("Buchung");
  });
});

describe("the preview's reading", () => {
  it("says which column was taken for each field and why, and what the first rows become", () => {
    const data = rows(["05/11/2026", "PLAZA VEA", "1.234,50", ""], ["16/11/2026", "SUELDO", "", "5.000,00"]);
    const { guess, reading } = readingOf({ columns: ["Fecha", "Descripción", "Cargo", "Abono"], data, delimiter: ";", tableWidth: 4 }, { currency: "PEN", type: "savings" }, q({}), t);
    expect(guess).toMatchObject({ debitColumn: 2, creditColumn: 3, dateFormat: "DD/MM/YYYY", decimalSeparator: "," });
    expect(reading.fields).toEqual(
      expect.arrayContaining([
        { field: "debitColumn", column: 2, name: "Cargo", reason: "pair" },
        { field: "creditColumn", column: 3, name: "Abono", reason: "pair" },
        { field: "dateColumn", column: 0, name: "Fecha", reason: "name" },
      ]),
    );
    expect(reading.dates).toEqual({ format: "DD/MM/YYYY", reason: "rows", line: 3, text: "16/11/2026" });
    expect(reading.from).toBe("guess");
    expect(reading.firstRows.map((row) => [row.amountMinor, row.way])).toEqual([
      [-123450, "out"],
      [500000, "in"],
    ]);
    // With a mapping given, the first rows follow it.
    const mapped = readingOf({ columns: ["Fecha", "Descripción", "Cargo", "Abono"], data, delimiter: ";", tableWidth: 4 }, { currency: "PEN", type: "savings" }, q({ dateColumn: 0, descriptionColumn: 1, creditColumn: 2, dateFormat: "DD/MM/YYYY", decimalSeparator: "," }), t).reading;
    expect(mapped.from).toBe("mapping");
    expect(mapped.firstRows[0]).toMatchObject({ amountMinor: 123450, way: "in" });
  });
});

describe("a header that is not the table's", () => {
  it("is named as such when most rows are wider, not blamed on a comma inside an amount", () => {
    const data = rows(["05/11/2026", "PLAZA VEA", "-1,00", "3,00"], ["06/11/2026", "SUELDO", "5,00", "8,00"]);
    const read = readRows({ currency: "PEN" }, data, q({ dateColumn: 0, descriptionColumn: 1, amountColumn: 2, dateFormat: "DD/MM/YYYY", decimalSeparator: "," }), 2, t, null);
    expect(read[0]!.errors!.row).toEqual([expect.stringContaining("the table probably starts lower")]);
    // One wide row among narrow ones is still the comma inside an amount.
    const one = rows(["05/11/2026", "A", "-1", "00"], ["06/11/2026", "B", "5,00"], ["07/11/2026", "C", "6,00"]);
    expect(readRows({ currency: "PEN" }, one, q({ dateColumn: 0, descriptionColumn: 1, amountColumn: 2, dateFormat: "DD/MM/YYYY", decimalSeparator: "," }), 3, t, null)[0]!.errors!.row).toEqual([expect.stringContaining("a comma inside an amount")]);
  });
});
