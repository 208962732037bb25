/**
 * "How Tesoro read this file" once the user has chosen columns or a date format: the API explains
 * its guess (explain.ts), and a preview made with other choices kept saying why the guess took
 * "Fecha" or day first (session 33 QA). Each field and the date format the user chose otherwise
 * say so instead; a field the user cleared is not listed. A preview made with the guess is shown
 * as the API explains it.
 */
import type { ImportReading } from "../../../../core/api-types/import-reading";
import { DATE_FORMATS, IMPORT_COLUMNS } from "../../../../core/ledger-values";

export type ShownReading = {
  fields: Array<Omit<ImportReading["fields"][number], "reason"> & { reason: ImportReading["fields"][number]["reason"] | "chosen" }>;
  dates: (Omit<NonNullable<ImportReading["dates"]>, "reason"> & { reason: NonNullable<ImportReading["dates"]>["reason"] | "chosen" }) | null;
};

export function readingAsChosen(reading: ImportReading, mapping: Readonly<Record<string, string | undefined>>, columns: readonly string[]): ShownReading {
  if (reading.from === "guess") return { fields: reading.fields, dates: reading.dates };
  const kept = (entry: ImportReading["fields"][number]) => mapping[entry.field] === String(entry.column);
  // A debit/credit pair is one reason for two columns: with either changed, neither is the guess's.
  const pairKept = reading.fields.filter((entry) => entry.reason === "pair").every(kept);
  const fields = IMPORT_COLUMNS.flatMap((field): ShownReading["fields"] => {
    const chosen = mapping[field];
    if (chosen === undefined || !/^\d+$/.test(chosen)) return [];
    const column = Number(chosen);
    const guessed = reading.fields.find((entry) => entry.field === field && entry.column === column && (entry.reason !== "pair" || pairKept));
    return [guessed ?? { field, column, name: columns[column] ?? `${column + 1}`, reason: "chosen" as const }];
  });
  // The guess's reason for the date order holds for its own date column and format only.
  const format = DATE_FORMATS.find((known) => known === mapping.dateFormat);
  const guessedDates = reading.fields.find((entry) => entry.field === "dateColumn");
  const datesKept = reading.dates !== null && guessedDates !== undefined && kept(guessedDates) && format === reading.dates.format;
  const dates = datesKept || !format || mapping.dateColumn === undefined || mapping.dateColumn === "" ? reading.dates : { format, reason: "chosen" as const, line: null, text: null };
  return { fields, dates };
}
