/**
 * The user's word on an import (ADR 049), in the query of the preview and the import: the lines of
 * the "probable match" rows to link (`link`) or to add as new (`asNew`), and `override` to import a
 * file whose lines above the table disagree with the account (its currency, its number).
 */
import { z } from "@hono/zod-openapi";
import { importQuerySchema } from "../../../../core/schemas/ledger";

const lines = z
  .string()
  .max(20_000, { error: "importFlow.matching.badLines" })
  .regex(/^(\d{1,7}(,\d{1,7})*)?$/, { error: "importFlow.matching.badLines" })
  .optional()
  .openapi({ description: "Line numbers of the file, comma-separated", example: "4,9" });

export const matchDecisionsQuery = z.object({
  link: lines,
  asNew: lines,
  rest: z
    .enum(["link", "new"], { error: "importFlow.followUp.import.badRest" })
    .optional()
    .openapi({ description: "What to do with every probable match not named in link or asNew (those past the preview's first 500 too): link them all, or add them all as new" }),
  override: z
    .enum(["true", "false"], { error: "ledger.errors.trueOrFalse" })
    .optional()
    .openapi({ description: "true: import although the file's currency or account number disagrees with the account (recorded with the import)" }),
});

/** The import's query with the user's decisions. */
export const importDecidedQuery = importQuerySchema.extend(matchDecisionsQuery.shape);
export type ImportDecidedQuery = z.infer<typeof importDecidedQuery>;

export interface Decisions {
  link: ReadonlySet<number>;
  asNew: ReadonlySet<number>;
  /** For the probable rows in neither list; null: they stay undecided (and are added). */
  rest: "link" | "new" | null;
  override: boolean;
}

const lineSet = (text: string | undefined) => new Set((text ?? "").split(",").filter(Boolean).map(Number));

export function decisionsOf(query: Partial<z.infer<typeof matchDecisionsQuery>>): Decisions {
  return { link: lineSet(query.link), asNew: lineSet(query.asNew), rest: query.rest ?? null, override: query.override === "true" };
}
