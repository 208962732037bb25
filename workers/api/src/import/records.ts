/**
 * The record of each CSV import that added rows (migration 0015, ADR 038): the account's latest
 * ones, and the undo that removes an import's rows in one statement. An import of the wrong file,
 * or into the wrong account, is otherwise mended one row at a time.
 *
 * The undo deletes the rows that still carry the import's id (edited ones too: they are still what
 * the file brought), never rows typed in by hand or brought by another import; the triggers keep
 * balances, day totals, search and `remaining` as for any delete, and a receipt photo goes with its
 * row (the receipt trash, drained after every DELETE).
 */
import { z } from "@hono/zod-openapi";

/** How many of an account's latest imports the page lists (older ones are undone row by row). */
export const IMPORTS_LISTED = 5;

export interface ImportRecordRow {
  id: string;
  file_name: string | null;
  imported: number;
  remaining: number;
  created_at: number;
}

export const importRecordOut = z
  .object({
    id: z.string(),
    fileName: z.string().nullable().openapi({ description: "The name of the file as the browser sent it; null when none was given" }),
    imported: z.number().int().openapi({ description: "Rows this import added" }),
    remaining: z.number().int().openapi({ description: "Of those, the rows still in the account (the undo removes these)" }),
    createdAt: z.string().openapi({ description: "When it was imported (ISO 8601, UTC)" }),
  })
  .openapi("ImportRecord");

export function toImportRecord(row: ImportRecordRow): z.infer<typeof importRecordOut> {
  return { id: row.id, fileName: row.file_name, imported: row.imported, remaining: row.remaining, createdAt: new Date(row.created_at).toISOString() };
}
