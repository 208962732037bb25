import type { DateFormat, ImportColumn } from "../schemas/ledger";

/**
 * What the import's preview says about how it read a file (workers/api/src/import/explain.ts,
 * ADR 050): the column taken for each field and why, how the date order was decided, and what the
 * first rows become.
 */
export interface ImportReading {
  fields: Array<{ field: ImportColumn; column: number; name: string; reason: "name" | "pair" | "typeWords" | "cardCharges" | "contents" }>;
  dates: { format: DateFormat; reason: "only" | "rows" | "language" | "locale"; line: number | null; text: string | null } | null;
  firstRows: Array<{ line: number; date: string | null; description: string; amountMinor: number | null; way: "in" | "out" | null }>;
  /** Whether `firstRows` follow the mapping given or, when none is, the guess. */
  from: "guess" | "mapping";
}
