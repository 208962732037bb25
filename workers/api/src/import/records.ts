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
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ID_PATTERN } from "../../../../core/ids";
import { createRouter } from "../platform/router";
import type { ApiBindings } from "../platform/types";
import { idempotent } from "../platform/idempotency";
import { bearer, json, problemResponse } from "../platform/openapi";
import { problem, translatedProblem } from "../platform/problem";
import { deferSession, requireSession, sessionBatch } from "../sessions/middleware";
import { firstRow } from "../platform/batch";
import { accountOut, toAccount, type AccountRow } from "../ledger/model";
import { accountAsRead, accountStatement } from "../accounts/store";

export const importRecordRoutes = createRouter();
type C = Context<ApiBindings>;

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

/** The account's latest imports whose rows are not all gone, newest first (the partial index `imports_account`). */
export const IMPORT_RECORDS_SQL = `SELECT id, file_name, imported, remaining, created_at FROM imports
  WHERE account_id = ?1 AND undone_at IS NULL AND remaining > 0 AND +user_id = ?2
  ORDER BY created_at DESC LIMIT ${IMPORTS_LISTED}`;

export function importRecordsStatement(db: D1Database, userId: string, accountId: string): D1PreparedStatement {
  return db.prepare(IMPORT_RECORDS_SQL).bind(accountId, userId);
}

/**
 * The statements a CSV import adds around its row inserts, in this order: the record first (the
 * rows name it), guarded as the rows are (the account as read, in `currency`), then its counts from
 * the rows written, and no record at all when every row was a duplicate after all (`ON CONFLICT DO
 * NOTHING`).
 */
export function importRecordStatements(db: D1Database, record: { id: string; accountId: string; userId: string; fileName: string | null; now: number; currency: string }) {
  return {
    before: db
      .prepare(`INSERT INTO imports (id, account_id, user_id, file_name, created_at) SELECT ?1, ?2, ?3, ?4, ?5 WHERE ${accountAsRead(2, 3, 6)}`)
      .bind(record.id, record.accountId, record.userId, record.fileName, record.now, record.currency),
    after: [
      db.prepare("UPDATE imports SET (imported, remaining) = (SELECT COUNT(*), COUNT(*) FROM transactions WHERE import_id = ?1) WHERE id = ?1").bind(record.id),
      db.prepare("DELETE FROM imports WHERE id = ?1 AND imported = 0").bind(record.id),
    ],
  };
}

const params = z.object({
  accountId: z.string().openapi({ param: { name: "accountId", in: "path" }, example: "0195a3c2-7b1e-7c40-9a51-3f0e2d1c4b5a" }),
});
const undoParams = params.extend({
  importId: z.string().openapi({ param: { name: "importId", in: "path" }, example: "0195a3c2-7b1e-7c40-9a51-3f0e2d1c4b5b" }),
});
const notFound = (c: C) => problem(c, 404, "not-found");

/** The account, open (not archived) and the user's: both steps of an undo hold on it. */
const OPEN_ACCOUNT = "EXISTS (SELECT 1 FROM accounts WHERE id = ?2 AND user_id = ?3 AND archived = 0)";
/**
 * An undo in one batch. The record is marked first, so of two undos at once only one deletes: the
 * delete holds on this undo's own mark (`?4`, its time). The delete finds the rows by the import's
 * index alone (`+account_id`, `+user_id`: tests/api/query-plans.test.ts); RETURNING counts them
 * (D1's meta.changes counts the triggers' writes too). `record` reads the record as the batch left
 * it: not this undo's mark and still not undone, it was the account, archived, that held it back.
 */
export const UNDO_SQL = {
  mark: `UPDATE imports SET undone_at = ?4 WHERE id = ?1 AND account_id = ?2 AND user_id = ?3 AND undone_at IS NULL AND ${OPEN_ACCOUNT} RETURNING id`,
  delete: "DELETE FROM transactions WHERE import_id = ?1 AND +account_id = ?2 AND +user_id = ?3 AND EXISTS (SELECT 1 FROM imports WHERE id = ?1 AND undone_at = ?4) RETURNING 1 AS gone",
  record: "SELECT undone_at FROM imports WHERE id = ?1 AND account_id = ?2 AND user_id = ?3",
} as const;

importRecordRoutes.openapi(
  createRoute({
    method: "get",
    path: "/accounts/{accountId}/imports",
    summary: `The account's latest CSV imports (at most ${IMPORTS_LISTED}) that still have rows in it, newest first`,
    security: bearer,
    middleware: [deferSession] as const,
    request: { params },
    responses: {
      200: { description: "Imports", ...json(z.object({ imports: z.array(importRecordOut) })) },
      401: problemResponse("No session"),
      404: problemResponse("Not found (or not yours)"),
    },
  }),
  async (c) => {
    const { accountId } = c.req.valid("param");
    if (!ID_PATTERN.test(accountId)) return notFound(c);
    const db = c.env.DB;
    const auth = await sessionBatch(c, (userId) => [accountStatement(db, userId, accountId), importRecordsStatement(db, userId, accountId)]);
    if ("response" in auth) return auth.response;
    if (!firstRow(auth.results[0])) return notFound(c);
    return c.json({ imports: (auth.results[1]?.results ?? []).map((row) => toImportRecord(row as unknown as ImportRecordRow)) }, 200);
  },
);

importRecordRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/accounts/{accountId}/imports/{importId}",
    summary: "Undo a CSV import: delete the rows it added that are still in the account, in one statement",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: undoParams },
    responses: {
      200: {
        description: "Undone",
        ...json(z.object({ importId: z.string(), deleted: z.number().int().openapi({ description: "Rows removed" }), account: accountOut })),
      },
      401: problemResponse("No session"),
      404: problemResponse("Not found (or not yours), or undone already"),
      409: problemResponse("The account is archived, or the same Idempotency-Key still in progress"),
      422: problemResponse("Idempotency-Key reused with another request"),
    },
  }),
  async (c) => {
    const { accountId, importId } = c.req.valid("param");
    if (!ID_PATTERN.test(accountId) || !ID_PATTERN.test(importId)) return notFound(c);
    const userId = c.get("user").id;
    const db = c.env.DB;
    const now = Date.now();
    // One round trip: the undo, the account as it is after it, and the record as the batch left it.
    const [marked, deleted, read, record] = await db.batch([
      db.prepare(UNDO_SQL.mark).bind(importId, accountId, userId, now),
      db.prepare(UNDO_SQL.delete).bind(importId, accountId, userId, now),
      accountStatement(db, userId, accountId),
      db.prepare(UNDO_SQL.record).bind(importId, accountId, userId),
    ]);
    const account = firstRow<AccountRow>(read);
    if (marked?.results.length && account) return c.json({ importId, deleted: deleted?.results.length ?? 0, account: toAccount(account) }, 200);
    // Not the user's, unknown, or undone already: a 404. Still waiting for its undo: the account
    // is archived, which closes its rows to changes (a 409 that says so).
    const waiting = firstRow<{ undone_at: number | null }>(record)?.undone_at === null;
    return account && waiting ? translatedProblem(c, 409, "conflict", "api.accountArchivedChange") : notFound(c);
  },
);
