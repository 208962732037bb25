/**
 * The account form's schemas, for the form's check in the browser and the action alike: the API's
 * own (core/schemas/ledger.ts), where an empty opening balance or date means the default. The form
 * loads this module, and zod with it, when first focused or sent (ADR 078).
 */
import { z } from "zod";
import { accountCreateSchema, accountUpdateSchema } from "../../../core/schemas/ledger";

/** An empty opening balance or date means "the default" (0, today), not "invalid". */
const dropEmpty = (value: unknown) => {
  if (!value || typeof value !== "object") return value;
  const out = { ...(value as Record<string, unknown>) };
  for (const key of ["openingBalance", "openingDate"]) if (out[key] === "") delete out[key];
  return out;
};
export const createForm = z.preprocess(dropEmpty, accountCreateSchema);
export const updateForm = z.preprocess(dropEmpty, accountUpdateSchema);
