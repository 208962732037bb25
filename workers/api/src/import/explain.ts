/**
 * What the preview says about how a file was read, before anything is saved: which column was
 * taken for each field and why (a name, a debit/credit pair, words of debit and credit beside
 * unsigned amounts, a card's charges), how the date order was decided, and what the first rows
 * become (money in or money out) under the mapping given, or under the guess when none is.
 */
import { z } from "@hono/zod-openapi";
import type { Translate } from "../../../../core/i18n/translate";
import { DATE_FORMATS, IMPORT_COLUMNS, importQuerySchema, type ImportQuery } from "../../../../core/schemas/ledger";
import type { AccountRow } from "../ledger/model";
import { DATE_REASONS, GUESS_REASONS, guessFile } from "./guess";
import { hasMapping, readRows } from "./parse";

/** Rows shown as they would be read. */
const FIRST_ROWS = 5;

export const readingOut = z
  .object({
    fields: z.array(z.object({ field: z.enum(IMPORT_COLUMNS), column: z.number().int(), name: z.string(), reason: z.enum(GUESS_REASONS) })),
    dates: z
      .object({ format: z.enum(DATE_FORMATS), reason: z.enum(DATE_REASONS), line: z.number().int().nullable(), text: z.string().nullable() })
      .nullable()
      .openapi({ description: "How the date format was decided: `rows` (a row settles the order: `line`, `text`), `language` (the header's), `locale` (day first), `only` (no other format reads them)" }),
    firstRows: z.array(
      z.object({ line: z.number().int(), date: z.string().nullable(), description: z.string(), amountMinor: z.number().int().nullable(), way: z.enum(["in", "out"]).nullable() }),
    ),
    from: z.enum(["guess", "mapping"]).openapi({ description: "Whether `firstRows` are read with the mapping given or, when none is, with the guess" }),
  })
  .openapi({ description: "Why each column was guessed for its field, and what the first rows become (ADR 050)" });

export type Reading = z.infer<typeof readingOut>;

type FileRead = { columns: string[]; data: Array<{ line: number; fields: string[] }>; delimiter: string; tableWidth: number };

/** The guess for the file and what the preview says about it. */
export function readingOf(file: FileRead, account: Pick<AccountRow, "currency" | "type">, query: ImportQuery, t: Translate): { guess: Record<string, number | string>; reading: Reading } {
  const guessed = guessFile(file.columns, file.data.slice(0, 1000), file.delimiter, account.currency, account.type);
  const fields = IMPORT_COLUMNS.flatMap((field) => {
    const column = guessed.mapping[field];
    const reason = guessed.reasons[field];
    return typeof column === "number" && reason ? [{ field, column, name: file.columns[column] ?? `${column + 1}`, reason }] : [];
  });
  const given = hasMapping(query);
  const asQuery = given ? query : importQuerySchema.safeParse(Object.fromEntries(Object.entries(guessed.mapping).map(([key, value]) => [key, String(value)])));
  const mapping: ImportQuery | null = given ? query : "success" in asQuery && asQuery.success ? asQuery.data : null;
  const firstRows = mapping
    ? readRows(account, file.data.slice(0, FIRST_ROWS), mapping, file.tableWidth, t, null).map((row) => ({
        line: row.line,
        date: row.date,
        description: row.description,
        amountMinor: row.amount,
        way: row.amount === null || row.amount === 0 ? null : row.amount < 0 ? ("out" as const) : ("in" as const),
      }))
    : [];
  return { guess: guessed.mapping, reading: { fields, dates: guessed.dates, firstRows, from: given ? "mapping" : "guess" } };
}
