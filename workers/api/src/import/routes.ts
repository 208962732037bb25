/**
 * CSV import in one request: preview, then import. The file is the raw body (text/csv, up to 5 MB:
 * app.ts lets these paths past the 64 KB JSON limit); the column mapping and formats are in the
 * query. The web app goes through a draft instead (drafts.ts: the file sent once, kept in R2), so
 * that its page never carries the file; both read and import a file the same way (reading.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ID_PATTERN } from "../../../../core/ids";
import { importDecidedQuery } from "./decisions";
import { createRouter } from "../platform/router";
import type { ApiBindings } from "../platform/types";
import { idempotent } from "../platform/idempotency";
import { bearer, json, problemResponse } from "../platform/openapi";
import { problem, translatedProblem, validationProblem } from "../platform/problem";
import { requireSession, deferSession, sessionBatch } from "../sessions/middleware";
import { toAccount, accountOut, type AccountRow } from "../ledger/model";
import { firstRow } from "../platform/batch";
import { importRecordsStatement, undoStatements } from "./store";
import { accountStatement } from "../accounts/store";
import { IMPORTS_LISTED, importRecordOut, toImportRecord, type ImportRecordRow } from "./records";
import { accountOf, commitFile, importErrors, importedOut, previewOf, previewOut, readFile } from "./reading";
import { importDraftRoutes } from "./drafts";

export const importRoutes = createRouter();

type C = Context<ApiBindings>;

/** Paths app.ts gives the larger body limit: the file in one request, or the draft made of it. */
export const IMPORT_PATH = /\/accounts\/[^/]+\/import(?:\/preview|\/drafts)?$/;

const csvBody = { body: { required: true, content: { "text/csv": { schema: z.string().openapi({ example: "date,description,amount\n2026-11-20,Wong,-85.40\n" }) } } } };

const params = z.object({ accountId: z.string().openapi({ param: { name: "accountId", in: "path" } }) });

importRoutes.openapi(
  createRoute({
    method: "post",
    path: "/accounts/{accountId}/import/preview",
    summary: "Read a CSV file: columns, a guessed mapping and, with a mapping, the parsed rows",
    security: bearer,
    middleware: [requireSession] as const,
    request: { params, query: importDecidedQuery, ...csvBody },
    responses: { 200: { description: "Preview", ...json(previewOut) }, ...importErrors },
  }),
  async (c) => {
    const account = await accountOf(c, c.req.valid("param").accountId);
    if (account instanceof Response) return account;
    const query = c.req.valid("query");
    const file = await readFile(c, await c.req.arrayBuffer(), query, false);
    if (file.response) return file.response;
    return c.json(await previewOf(c, account, file, query), 200);
  },
);

importRoutes.openapi(
  createRoute({
    method: "post",
    path: "/accounts/{accountId}/import",
    summary: "Import a CSV file: valid new rows are added in one atomic batch; duplicates and bad rows are skipped and counted",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params, query: importDecidedQuery, ...csvBody },
    responses: { 201: { description: "Imported", ...json(importedOut) }, ...importErrors },
  }),
  async (c) => {
    const account = await accountOf(c, c.req.valid("param").accountId);
    if (account instanceof Response) return account;
    if (account.archived) return validationProblem(c, { accountId: ["api.accountArchived"] });
    const query = c.req.valid("query");
    const file = await readFile(c, await c.req.arrayBuffer(), query, true);
    if (file.response) return file.response;
    return commitFile(c, account, file, query, query.fileName ?? null);
  },
);

// The draft's routes (the web app's way in) share this router, so app.ts mounts one import feature.
importRoutes.route("/", importDraftRoutes);

// ───────────────────────────── Import records (ADR 038) ─────────────────────────────

const recordParams = z.object({
  accountId: z.string().openapi({ param: { name: "accountId", in: "path" }, example: "0195a3c2-7b1e-7c40-9a51-3f0e2d1c4b5a" }),
});

const undoParams = recordParams.extend({
  importId: z.string().openapi({ param: { name: "importId", in: "path" }, example: "0195a3c2-7b1e-7c40-9a51-3f0e2d1c4b5b" }),
});

const notFound = (c: C) => problem(c, 404, "not-found");

importRoutes.openapi(
  createRoute({
    method: "get",
    path: "/accounts/{accountId}/imports",
    summary: `The account's latest CSV imports (at most ${IMPORTS_LISTED}) that still have rows in it, newest first`,
    security: bearer,
    middleware: [deferSession] as const,
    request: { params: recordParams },
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

importRoutes.openapi(
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
    const undo = undoStatements(db, importId, accountId, userId, now);
    // One round trip: the undo, the account as it is after it, and the record as the batch left it.
    const [marked, deleted, read, record] = await db.batch([
      undo.mark,
      undo.delete,
      accountStatement(db, userId, accountId),
      undo.record,
    ]);
    const account = firstRow<AccountRow>(read);
    if (marked?.results.length && account) return c.json({ importId, deleted: deleted?.results.length ?? 0, account: toAccount(account) }, 200);
    // Not the user's, unknown, or undone already: a 404. Still waiting for its undo: the account
    // is archived, which closes its rows to changes (a 409 that says so).
    const waiting = firstRow<{ undone_at: number | null }>(record)?.undone_at === null;
    return account && waiting ? translatedProblem(c, 409, "conflict", "api.accountArchivedChange") : notFound(c);
  },
);
