import { describe, expect, it } from "vitest";
import { detectDelimiter, isImpossibleDayInFormat, parseCsv, parseDate, tableEnd, tableStart } from "../../workers/api/src/import/csv";
import { guessMapping } from "../../workers/api/src/import/guess";

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

describe("a bank file's lines above its table", () => {
  // As Peruvian banks export it: the account and the period first, the table after a blank line.
  const BANK = [
    "Movimientos de la cuenta",
    "Cuenta:;191-1234567-0-12",
    "Moneda:;Soles",
    "Periodo:;01/11/2026 al 30/11/2026",
    ";;;;",
    "Fecha;Descripción;Cargo;Abono;Saldo",
    "05/11/2026;PLAZA VEA SURCO;1.234,50;;3.765,50",
    "06/11/2026;ABONO SUELDO;;5.000,00;8.765,50",
    "07/11/2026;YAPE A JUAN;15,00;;8.750,50",
  ].join("\r\n");

  it("are not what the delimiter or the columns are read from", () => {
    expect(detectDelimiter(BANK)).toBe(";");
    const { rows } = parseCsv(BANK, ";");
    const start = tableStart(rows);
    expect(rows[start]).toEqual({ line: 6, fields: ["Fecha", "Descripción", "Cargo", "Abono", "Saldo"] });
  });

  it("may be labels and their values, two pairs a line", () => {
    const pairs = ["Titular:;ROSA QUISPE;DNI:;12345678", "Cuenta:;191-1234567-0-12;Moneda:;Soles", "Fecha;Descripción;Cargo;Abono;Saldo", "05/11/2026;PLAZA VEA;1.234,50;;3.765,50", "06/11/2026;SUELDO;;5.000,00;8.765,50"].join("\n");
    const { rows } = parseCsv(pairs, ";");
    expect(rows[tableStart(rows)]!.fields[0]).toBe("Fecha");
    // A header whose every name ends with a colon is not a line of pairs.
    const colons = ["Fecha:;Descripción:;Monto:;Saldo:", "05/11/2026;PLAZA VEA;-1,00;3,00;nota", "06/11/2026;SUELDO;5,00;8,00;nota"].join("\n");
    expect(tableStart(parseCsv(colons, ";").rows)).toBe(0);
  });

  it("include a block of labels over their values, set apart from the table by an empty line (QA, session 25)", () => {
    const bcp = ["Número de cuenta;Moneda;Tipo de cuenta", "191-12345678-0-12;Soles;Ahorros", "", "Fecha;Descripción;Cargo;Abono;Saldo", "05/11/2026;PLAZA VEA SURCO;1.234,50;;3.765,50", "06/11/2026;ABONO SUELDO;;5.000,00;8.765,50"];
    // The empty line is no row of the parse: the header is its third row.
    expect(tableStart(parseCsv(bcp.join("\r\n"), ";").rows)).toBe(2);
    // A line of empty cells between the block and the table is left out with it.
    expect(tableStart(parseCsv([...bcp.slice(0, 3), ";;;;", ...bcp.slice(3)].join("\r\n"), ";").rows)).toBe(3);
    // Not a block about the account: a row as wide as the table above the empty line keeps everything.
    const wide = ["Fecha;Descripción;Cargo;Abono;Saldo", "05/11/2026;PLAZA VEA SURCO;1.234,50;;3.765,50", "", "06/11/2026;ABONO SUELDO;;5.000,00;8.765,50"];
    expect(tableStart(parseCsv(wide.join("\r\n"), ";").rows)).toBe(0);
  });

  it("leave a file that starts with its table as it is", () => {
    const plain = ["date,description,amount", "2026-11-01,Wong,-12.50", '2026-11-02,"Pago, cuota 1",-100.00'].join("\n");
    expect(detectDelimiter(plain)).toBe(",");
    expect(tableStart(parseCsv(plain, ",").rows)).toBe(0);
    // Decimal commas in a semicolon file do not pass for the delimiter.
    const semicolons = ["Fecha;Concepto;Importe", "01/11/2026;Wong;-12,50", "02/11/2026;Tottus;-100,00"].join("\n");
    expect(detectDelimiter(semicolons)).toBe(";");
    expect(detectDelimiter("fecha\tdescripcion\tmonto\n01/11/2026\tWong\t-12,50\n")).toBe("\t");
    // One column only: nothing to skip.
    expect(tableStart(parseCsv("a\nb\nc\n", ",").rows)).toBe(0);
    // Rows that end with the delimiter are as wide as a header that does not (found in review).
    expect(tableStart(parseCsv(["Fecha;Descripcion;Monto", "01/11/2026;Wong;-12,50;", "02/11/2026;Tottus;-5,00;"].join("\n"), ";").rows)).toBe(0);
    // Without a header, first rows lacking an optional last cell are transactions all the same.
    const optionalNotes = ["01/11/2026;Wong;-12,50", "02/11/2026;Tottus;-5,00", "03/11/2026;Metro;-7,00;nota", "04/11/2026;Vivanda;-9,00;nota", "05/11/2026;Inkafarma;-3,00;nota"].join("\n");
    expect(tableStart(parseCsv(optionalNotes, ";").rows)).toBe(0);
  });
});

describe("lines below a bank's table", () => {
  const table = ["05/11/2026;PLAZA VEA SURCO;1.234,50;;3.765,50", "06/11/2026;ABONO SUELDO;;5.000,00;8.765,50"];
  const rowsOf = (lines: string[]) => parseCsv(lines.join("\r\n"), ";").rows;

  it("are the last rows with no date and at most two cells filled", () => {
    const rows = rowsOf([...table, ";;;;", "Saldo final;;;;8.765,50", "Total:;1.234,50"]);
    expect(tableEnd(rows)).toBe(2);
    expect(tableEnd(rowsOf(table))).toBe(2);
  });

  it("include a line of totals, labels and their amounts, however many", () => {
    expect(tableEnd(rowsOf([...table, "Total cargos;1.234,50;Total abonos;5.000,00", "Saldo final;;;;8.765,50"]))).toBe(2);
    expect(tableEnd(rowsOf([...table, "Total cargos;;-S/ 1.234,50;Total abonos;;PEN 5.000,00;Saldo;8.765,50"]))).toBe(2);
    // Not a description where an amount would be: a movement whose date could not be read stays a row.
    expect(tableEnd(rowsOf([...table, "fecha mala;Yape a Rosa;-1,00;nota"]))).toBe(3);
    expect(tableEnd(rowsOf([...table, "Total cargos;1.234,50;Total abonos"]))).toBe(3);
  });

  it("are found below dates written with a time as exports do (p. m., seconds, a zone)", () => {
    for (const time of ["10:22:05 p. m.", "10:22 AM", "10:22:05.123Z", "10:22:05-05:00"]) {
      const timed = [`05/11/2026 ${time};PLAZA VEA SURCO;1.234,50;;3.765,50`, `2026-11-06T${time.replace(/ .*/, "")};ABONO SUELDO;;5.000,00;8.765,50`];
      expect(tableEnd(rowsOf([...timed, "Saldo final;;;;8.765,50"])), time).toBe(2);
    }
  });

  it("never take a row that could be a movement, or every row", () => {
    // A movement with a near-miss date, or with its date unreadable but three cells filled, stays a row (refused with its reason).
    expect(tableEnd(rowsOf([...table, "31-11-26;X;;"]))).toBe(3);
    expect(tableEnd(rowsOf([...table, "fecha mala;Error;-1,00;;"]))).toBe(3);
    // "Saldo al 30/11/2026" is not a date cell, but a row below it that is a movement keeps it in.
    expect(tableEnd(rowsOf([...table, "Saldo al 30/11/2026;;;;8.765,50", "07/11/2026;YAPE;15,00;;"]))).toBe(4);
    // No row with a date: nothing tells the table from what follows it.
    expect(tableEnd(rowsOf(["Wong;-12,50", "Tottus;-5,00", "Total;-17,50"]))).toBe(3);
  });
});

describe("a date the calendar does not have", () => {
  it("is told apart from a date in another format", () => {
    expect(isImpossibleDayInFormat("31/02/2026", "DD/MM/YYYY")).toBe(true);
    expect(isImpossibleDayInFormat("29/02/2025", "DD/MM/YYYY")).toBe(true);
    // A day and month swapped: the format is what is wrong.
    expect(isImpossibleDayInFormat("11/25/2026", "DD/MM/YYYY")).toBe(false);
    expect(isImpossibleDayInFormat("99/99/2026", "DD/MM/YYYY")).toBe(false);
    expect(isImpossibleDayInFormat("2026-11-25", "DD/MM/YYYY")).toBe(false);
    // A real day is not impossible.
    expect(isImpossibleDayInFormat("29/02/2028", "DD/MM/YYYY")).toBe(false);
  });
});

describe("Peruvian banks' column names and dates", () => {
  it("are recognised: BBVA's \"F. Operación\" and \"Nº. Doc.\", Interbank's \"Nro. de operación\"", () => {
    const bbva = guessMapping(["F. Operación", "F. Valor", "Código", "Nº. Doc.", "Concepto", "Importe", "Oficina"], [["05-11-2026", "05-11-2026", "123", "000456", "PLAZA VEA", "-12,50", "0191"]], ";", "PEN");
    expect(bbva).toMatchObject({ dateColumn: 0, idColumn: 3, descriptionColumn: 4, amountColumn: 5, dateFormat: "DD-MM-YYYY", decimalSeparator: "," });
    const interbank = guessMapping(["Fecha de operación", "Descripción", "Nro. de operación", "Cargo", "Abono"], [["05/11/2026", "YAPE", "88812", "15.00", ""]], ",", "PEN");
    expect(interbank).toMatchObject({ dateColumn: 0, descriptionColumn: 1, idColumn: 2, debitColumn: 3, creditColumn: 4 });
    expect(guessMapping(["N° Operación", "Fecha", "Detalle", "Monto"], []).idColumn).toBe(0);
  });

  it("keep the day of a date written with its time", () => {
    expect(parseDate("03/11/2026 10:22", "DD/MM/YYYY")).toBe("2026-11-03");
    expect(parseDate("03/11/2026 10:22:05 p. m.", "DD/MM/YYYY")).toBe("2026-11-03");
    expect(parseDate("11/03/2026 9:05 AM", "MM/DD/YYYY")).toBe("2026-11-03");
    expect(parseDate("2026-11-03 10:22:05", "YYYY-MM-DD")).toBe("2026-11-03");
    // As written, with seconds' fractions or a zone: the day the file gives is the day kept.
    expect(parseDate("03/11/2026 10:22:05.123Z", "DD/MM/YYYY")).toBe("2026-11-03");
    expect(parseDate("03/11/2026T22:05:00-05:00", "DD/MM/YYYY")).toBe("2026-11-03");
    expect(parseDate("2026/11/03 10:22 p. m.", "YYYY/MM/DD")).toBe("2026-11-03");
    // Not any text after a date.
    expect(parseDate("03/11/2026 ayer", "DD/MM/YYYY")).toBeNull();
  });
});
