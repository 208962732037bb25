/**
 * "Import everything" (ADR 060): the JSON export file back into a signed-in user whose ledger is
 * empty. The whole file is checked first (validate.ts); then the receipt images go to R2, then
 * every row in one D1 batch; a batch that fails takes the images away again. New ids are minted
 * for every row; the file's ids only link its rows to each other.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { RESTORE_MAX_BYTES, restoreErrorKeys, restoreResultSchema } from "../../../../core/schemas/restore";
import { rowsOf, firstRow } from "../platform/batch";
import { idempotent } from "../platform/idempotency";
import { bearer, json, problemResponse } from "../platform/openapi";
import { translatedProblem, validationProblem } from "../platform/problem";
import { createRouter } from "../platform/router";
import { deleteReceiptObjects } from "../receipts/objects";
import { requireSession } from "../sessions/middleware";
import { existingCategoriesStatement, ledgerIsEmptyStatement } from "./store";
import type { RestoreState } from "./section";
import { checkFile, restoredCounts, restoreStatements } from "./validate";

export const restoreRoutes = createRouter();

/** The path app.ts gives the restore's larger body limit. */
export const RESTORE_PATH = /\/users\/me\/restore$/;
export { RESTORE_MAX_BYTES };

const notEmpty = (c: Parameters<typeof translatedProblem>[0]) => translatedProblem(c, 409, "restore-not-empty", restoreErrorKeys.notEmpty);

restoreRoutes.openapi(
  createRoute({
    method: "post",
    path: "/users/me/restore",
    summary: "Import everything: a full JSON export back into an empty ledger",
    description:
      "The body is the file GET /users/me/export?format=json gave (format `tesoro-export`, version 1, 2 or 3, at most 32 MB). Taken only while the user has no account. " +
      "Everything is checked before anything is written: the version, every row's fields, ids that repeat, links to accounts, categories, imports, transactions, budgets and schedules the file does not have, " +
      "transfers whose two legs do not pair, account balances that are not their opening balance plus their transactions, import records whose counts do not match, receipts that are not images. " +
      "A refusal names each field (`accounts[0].balanceMinor`) with its reason in the caller's language, and nothing is written. New ids are minted for every row; categories the user already has (the defaults) are used as they are.",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { body: { required: true, content: { "application/json": { schema: z.looseObject({ format: z.string(), version: z.number() }) } } } },
    responses: {
      201: { description: "Restored: how many rows of each kind", ...json(restoreResultSchema) },
      401: problemResponse("No session"),
      409: problemResponse("The ledger is not empty (nothing written), or the same Idempotency-Key still in progress"),
      413: problemResponse("The file is larger than 32 MB"),
      422: problemResponse("The file is refused: per-field reasons in `errors`, nothing written"),
    },
  }),
  async (c) => {
    const file = c.req.valid("json") as Record<string, unknown>;
    const db = c.env.DB;
    const userId = c.get("user").id;
    const [empty, categories] = await db.batch([ledgerIsEmptyStatement(db, userId), existingCategoriesStatement(db, userId)]);
    if (!firstRow<{ empty: number }>(empty)?.empty) return notEmpty(c);
    const state: RestoreState = checkFile(file, { userId, existingCategories: rowsOf(categories) });
    if (Object.keys(state.errors).length) return validationProblem(c, state.errors);
    // The images first (a failed put writes no row), then every row in one batch; a batch that
    // fails takes the images away again, so neither is kept without the other.
    const uploadedAt = String(Date.now());
    const put: string[] = [];
    try {
      for (const upload of state.uploads) {
        await c.env.RECEIPTS.put(upload.key, upload.bytes, { httpMetadata: { contentType: upload.contentType }, customMetadata: { userId, transactionId: upload.transactionId, uploadedAt } });
        put.push(upload.key);
      }
      await db.batch(restoreStatements(db, state));
    } catch (error) {
      await deleteReceiptObjects(c.env.RECEIPTS, put);
      // The guard of the first account (store.ts): the user got an account while this ran.
      if (/FOREIGN KEY/i.test(String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error))) return notEmpty(c);
      throw error;
    }
    return c.json({ restored: restoredCounts(state) }, 201);
  },
);
