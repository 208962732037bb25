/**
 * Several of the user's transactions at once: a category or status set on all, or all deleted,
 * and deleted ones brought back (undo). docs/decisions/053. The ids are in the body: one of
 * another user (or unknown) is a 404 and nothing changes; one in an archived account is a 409.
 * Each write is one D1 batch and honours Idempotency-Key. Their SQL is in bulk-store.ts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { addError, body, conflict, notFound, writeErrors, type C, type Errors } from "../ledger/http";
import { bulkSchema, restoreSchema } from "../../../../core/schemas/bulk";
import { createRouter } from "../platform/router";
import { idempotent } from "../platform/idempotency";
import { accountOut, toAccount, type AccountRow } from "../ledger/model";
import { accountsByIdStatement } from "../accounts/store";
import { categoryBelongs } from "../categories/store";
import { rowsOf, writeThenRead } from "../platform/batch";
import { bearer, json, problemResponse } from "../platform/openapi";
import { validationProblem } from "../platform/problem";
import { requireSession } from "../sessions/middleware";
import { drainReceiptTrash } from "../receipts/objects";
import {
  columnsStatement,
  deleteWithSnapshotStatements,
  purgeStatement,
  restoreStatements,
  rowsWithLegsStatement,
  setStatement,
  snapshotsStatement,
  type BulkRow,
} from "./bulk-store";

export const bulkRoutes = createRouter();

const changedResponse = z.object({
  updated: z.array(z.string()).openapi({ description: "The transactions changed (for a delete or a restore: none)" }),
  deleted: z.array(z.string()).openapi({ description: "The transactions deleted, the other legs of their transfers included; `POST /transactions/restore` with these ids undoes it" }),
  accounts: z.array(accountOut).openapi({ description: "The accounts of the rows, as they now are" }),
});
const restoredResponse = z.object({ restored: z.array(z.string()), accounts: z.array(accountOut) });

/** The 404 for an id that is not the user's (nothing said about which), or the 409 for a row in an archived account. */
function refusal(c: C, asked: string[], rows: BulkRow[]): Response | null {
  const found = new Set(rows.map((row) => row.id));
  if (asked.some((id) => !found.has(id))) return notFound(c);
  const archived = rows.find((row) => row.account_archived);
  if (!archived) return null;
  // A transfer leg of an archived account, asked for through its other leg, says which account.
  return asked.includes(archived.id) ? conflict(c, "api.accountArchivedChange") : conflict(c, "api.transferLegArchived", { account: archived.account_name });
}

bulkRoutes.openapi(
  createRoute({
    method: "post",
    path: "/transactions/bulk",
    summary:
      "Set a category (null for none) and/or a status on several transactions, or delete them (the other legs of their transfers too; undone by `POST /transactions/restore` for 24 hours). All or nothing: an id that is not the user's is a 404 and nothing changes",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: body(bulkSchema),
    responses: {
      200: { description: "Changed or deleted", ...json(changedResponse) },
      ...writeErrors,
      409: problemResponse("A row is in an archived account (or is a transfer with a leg in one), or the same Idempotency-Key still in progress"),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const userId = c.get("user").id;
    const db = c.env.DB;
    const categoryId = input.set?.categoryId;
    const [[rowsResult, columnsResult], categoryKnown] = await Promise.all([
      db.batch([rowsWithLegsStatement(db, userId, input.ids), columnsStatement(db)]),
      !categoryId || categoryBelongs(db, userId, categoryId),
    ]);
    const rows = rowsOf<BulkRow>(rowsResult);
    const refused = refusal(c, input.ids, rows);
    if (refused) return refused;
    const errors: Errors = {};
    if (!categoryKnown) addError(errors, "categoryId", "ledger.errors.categoryUnknown");
    if (Object.keys(errors).length) return validationProblem(c, errors);
    const now = Date.now();
    // A set changes the rows asked for; a delete takes the other legs of their transfers along.
    const ids = input.delete ? rows.map((row) => row.id) : input.ids;
    const writes = input.delete
      ? [purgeStatement(db, userId, now), ...deleteWithSnapshotStatements(db, userId, ids, rowsOf<{ name: string }>(columnsResult).map((col) => col.name), now)]
      : [setStatement(db, userId, ids, input.set ?? {}, now)];
    const ran = await writeThenRead(c, writes, [accountsByIdStatement(db, userId, rows.map((row) => row.account_id))]);
    if ("failed" in ran) return ran.failed;
    // The purge may have queued images of snapshots past the undo window.
    if (input.delete) await drainReceiptTrash(db, c.env.RECEIPTS);
    const accounts = rowsOf<AccountRow>(ran.read[0]).map((row) => toAccount(row));
    return c.json({ updated: input.delete ? [] : ids, deleted: input.delete ? ids : [], accounts }, 200);
  },
);

bulkRoutes.openapi(
  createRoute({
    method: "post",
    path: "/transactions/restore",
    summary:
      "Bring back transactions deleted by `POST /transactions/bulk` (within 24 hours) exactly as they were: same ids, amounts, categories, statuses, notes, receipts and transfer pairs. The other leg of a transfer comes back with it. An id not deleted by the user is a 404 and nothing changes",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: body(restoreSchema),
    responses: {
      200: { description: "Restored", ...json(restoredResponse) },
      ...writeErrors,
      409: problemResponse("A row's account was archived since, or the row cannot come back as it was, or the same Idempotency-Key still in progress"),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const userId = c.get("user").id;
    const db = c.env.DB;
    const [snapshotsResult, columnsResult] = await db.batch([snapshotsStatement(db, userId, input.ids, Date.now()), columnsStatement(db)]);
    const rows = rowsOf<BulkRow>(snapshotsResult);
    const refused = refusal(c, input.ids, rows);
    if (refused) return refused;
    const ids = rows.map((row) => row.id);
    const columns = rowsOf<{ name: string }>(columnsResult).map((col) => col.name);
    let ran: Awaited<ReturnType<typeof writeThenRead>>;
    try {
      ran = await writeThenRead(c, restoreStatements(db, userId, ids, columns), [accountsByIdStatement(db, userId, rows.map((row) => row.account_id))]);
    } catch (error) {
      // A row that cannot come back as it was (a unique value taken again meanwhile): nothing was written.
      if (/constraint/i.test(String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error))) return conflict(c, "ledger.bulk.cannotRestore");
      throw error;
    }
    if ("failed" in ran) return ran.failed;
    return c.json({ restored: ids, accounts: rowsOf<AccountRow>(ran.read[0]).map((row) => toAccount(row)) }, 200);
  },
);
