/**
 * Several of the user's transactions at once (the list's bulk bar, and undo of a delete): the
 * shared shapes of the API's `POST /transactions/bulk` and `POST /transactions/restore` and of the
 * page's forms (docs/decisions/053).
 */
import { z } from "zod";
import { ID_PATTERN } from "../ids";
import { BULK_MAX_IDS, TRANSACTION_STATUSES } from "../ledger-values";

export { BULK_MAX_IDS };

const idsUpTo = (max: number) =>
  z
    .array(z.string({ error: "ledger.bulk.ids" }).regex(ID_PATTERN, { error: "ledger.bulk.ids" }), { error: "ledger.bulk.ids" })
    .min(1, { error: "ledger.bulk.noneChosen" })
    .max(max, { error: "ledger.bulk.tooMany" })
    .transform((list) => [...new Set(list)]);
const ids = idsUpTo(BULK_MAX_IDS);

const categoryRef = z
  .union([z.string({ error: "ledger.errors.categoryUnknown" }).regex(ID_PATTERN, { error: "ledger.errors.categoryUnknown" }), z.null()], { error: "ledger.errors.categoryUnknown" });

/** Either `set` (a category, or null for none; and/or a status) or `delete: true`, never both. */
export const bulkSchema = z
  .object({
    ids,
    set: z
      .strictObject({ categoryId: categoryRef.optional(), status: z.enum(TRANSACTION_STATUSES, { error: "ledger.errors.status" }).optional() }, { error: "ledger.bulk.action" })
      .optional(),
    delete: z.literal(true, { error: "ledger.bulk.action" }).optional(),
  })
  .superRefine((value, ctx) => {
    const sets = value.set !== undefined && (value.set.categoryId !== undefined || value.set.status !== undefined);
    if (sets === Boolean(value.delete)) ctx.addIssue({ code: "custom", path: ["set"], message: "ledger.bulk.action" });
  });
export type BulkInput = z.infer<typeof bulkSchema>;

/** An undo names what a delete answered: the chosen rows and their transfers' other legs, so up to twice as many. */
export const restoreSchema = z.object({ ids: idsUpTo(2 * BULK_MAX_IDS) });
export type RestoreInput = z.infer<typeof restoreSchema>;
