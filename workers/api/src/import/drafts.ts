/**
 * CSV import as a draft (ADR 047), the web app's way in: the file is sent once and kept in R2
 * (`drafts/<userId>/<draftId>`) for 24 hours, with a row in D1 that says whose it is (migration
 * 0019). Mapping changes and the preview name the draft; the import names it too, and deletes it
 * in its own batch. A draft past its time is refused (410, said beside the file field) and
 * deleted; the hourly sweep deletes the rest. Reading and importing are reading.ts's, as for a
 * file sent in one request (routes.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ID_PATTERN } from "../../../../core/ids";
import { IMPORT_COLUMNS, importQuerySchema, type ImportQuery } from "../../../../core/schemas/ledger";
import { IMPORT_OPTIONS } from "../../../../core/ledger-values";
import { createRouter } from "../platform/router";
import type { ApiBindings } from "../platform/types";
import { idempotent } from "../platform/idempotency";
import { bearer, json, problemResponse } from "../platform/openapi";
import { problem, validationProblem } from "../platform/problem";
import { requireSession } from "../sessions/middleware";
import { uuid7 } from "../platform/uuid7";
import type { AccountRow } from "../ledger/model";
import { drainReceiptTrash } from "../receipts/objects";
import { DRAFT_TTL_MS, deleteDraft, deleteDraftWithImport, dropExpiredDrafts, dropStaleDrafts, findDraft, insertDraft, type DraftRow } from "./draft-store";
import { accountOf, commitFile, importErrors, importedOut, previewOf, previewOut, readFile } from "./reading";
import { importDecidedQuery } from "./decisions";

export const importDraftRoutes = createRouter();

type C = Context<ApiBindings>;

const accountParam = z.object({ accountId: z.string().openapi({ param: { name: "accountId", in: "path" }, example: "0195a3c2-7b1e-7c40-9a51-3f0e2d1c4b5a" }) });
const draftParams = accountParam.extend({ draftId: z.string().openapi({ param: { name: "draftId", in: "path" }, example: "0195a3c2-7b1e-7c40-9a51-3f0e2d1c4b5c" }) });

const csvBody = { body: { required: true, content: { "text/csv": { schema: z.string().openapi({ example: "date,description,amount\n2026-11-20,Wong,-85.40\n" }) } } } };

const gone = problemResponse("The draft is past its 24 hours (or its file is gone): upload the file again");

/** A mapping as the form shows it: every option set, as text. */
function mappingOut(query: ImportQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of IMPORT_OPTIONS) if (query[key] !== undefined) out[key] = String(query[key]);
  return out;
}

/** A cell that reads as a day in any of the import's formats (2026-11-05, 05/11/2026, 5.11.26, with a time after). */
const DATE_LIKE = /^\s*(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})(?:[T\s].*)?$/;

/** The R2 key of a draft's file: one prefix holds a user's drafts (account deletion). */
export function draftKey(userId: string, draftId: string): string {
  return `drafts/${userId}/${draftId}`;
}

/** Refuses a draft past its time, or whose file is gone, and deletes it (its file goes through the trash). */
async function refuseGone(c: C, row: DraftRow): Promise<Response> {
  await deleteDraft(c.env.DB, c.get("user").id, row.id).run();
  await drainReceiptTrash(c.env.DB, c.env.RECEIPTS);
  return validationProblem(c, { file: ["ledger.errors.draftGone"] }, 410);
}

/** The caller's account and draft of the path with the file's bytes, or the answer to give: 404 (not theirs, or unknown), 410 (expired). */
async function openDraft(c: C, accountId: string, draftId: string): Promise<{ account: AccountRow; row: DraftRow; bytes: ArrayBuffer } | Response> {
  const account = await accountOf(c, accountId);
  if (account instanceof Response) return account;
  if (!ID_PATTERN.test(draftId)) return problem(c, 404, "not-found");
  const row = await findDraft(c.env.DB, c.get("user").id, account.id, draftId);
  if (!row) return problem(c, 404, "not-found");
  if (row.expires_at <= Date.now()) return refuseGone(c, row);
  const object = await c.env.RECEIPTS.get(row.object_key);
  if (!object) return refuseGone(c, row);
  return { account, row, bytes: await object.arrayBuffer() };
}

importDraftRoutes.openapi(
  createRoute({
    method: "post",
    path: "/accounts/{accountId}/import/drafts",
    summary: "Keep a CSV file as a draft import (24 hours): its id, the mapping guessed (or given) and the preview made with it",
    description:
      "The file is the raw body (text/csv, up to 5 MB) and is read before it is kept: a file that cannot be read is a 422 and nothing is kept. With no mapping in the query, the guessed one is applied when it names the columns needed. A user keeps at most 5 drafts: a new one drops the oldest.",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: accountParam, query: importDecidedQuery, ...csvBody },
    responses: {
      201: {
        description: "Kept",
        ...json(
          z.object({
            draft: z.object({ id: z.string(), fileName: z.string().nullable(), expiresAt: z.number().int().openapi({ description: "Milliseconds since the epoch" }) }),
            mapping: z.record(z.string(), z.string()).openapi({ description: "The mapping the preview was made with, as query values (to send back with the preview and the import)" }),
            preview: previewOut,
          }),
        ),
      },
      ...importErrors,
    },
  }),
  async (c) => {
    const account = await accountOf(c, c.req.valid("param").accountId);
    if (account instanceof Response) return account;
    const query = c.req.valid("query");
    const bytes = await c.req.arrayBuffer();
    const file = await readFile(c, bytes, query, false);
    if (file.response) return file.response;
    let preview = await previewOf(c, account, file, query);
    let used: ImportQuery = { ...query, header: query.header ?? "true" };
    // The guess, previewed at once when it names the columns needed (the page showed it so before the draft).
    const given = IMPORT_COLUMNS.some((key) => query[key] !== undefined);
    if (!given) {
      const guessOf = (read: typeof preview, base: ImportQuery) => importQuerySchema.safeParse({ ...Object.fromEntries(Object.entries(read.guess).map(([key, value]) => [key, String(value)])), ...mappingOut(base) });
      let guessed = guessOf(preview, used);
      // A first row whose date column holds a date is a movement, not column names: a bank's file
      // without a header lost its first movement (session 33 QA). The user's own choice stands.
      // The file is read again without one and guessed again from that reading, so the guess
      // used is the one its preview explains (not one made from a movement taken for names).
      if (guessed.success && query.header === undefined && guessed.data.dateColumn !== undefined && DATE_LIKE.test(preview.columns[Number(guessed.data.dateColumn)] ?? "")) {
        const headerless: ImportQuery = { ...query, header: "false" };
        const plain = await readFile(c, bytes, headerless, false);
        if (!plain.response) {
          preview = await previewOf(c, account, plain, headerless);
          used = headerless;
          guessed = guessOf(preview, used);
        }
      }
      const named = guessed.success && guessed.data.dateColumn !== undefined && guessed.data.descriptionColumn !== undefined;
      const amounts = guessed.success && (guessed.data.amountColumn !== undefined || guessed.data.debitColumn !== undefined || guessed.data.creditColumn !== undefined);
      if (guessed.success) used = { ...used, ...guessed.data };
      if (guessed.success && named && amounts) {
        const mapped = await readFile(c, bytes, used, false);
        if (!mapped.response) preview = await previewOf(c, account, mapped, used);
      }
    }
    const userId = c.get("user").id;
    const now = Date.now();
    const id = uuid7(now);
    const key = draftKey(userId, id);
    const fileName = query.fileName ?? null;
    // The file first: a row never names a file that is not there. A failed row deletes the file.
    await c.env.RECEIPTS.put(key, bytes, { httpMetadata: { contentType: "text/csv" }, customMetadata: { userId, draftId: id, accountId: account.id } });
    try {
      await c.env.DB.batch([insertDraft(c.env.DB, { id, userId, accountId: account.id, key, fileName, size: bytes.byteLength, now }), dropStaleDrafts(c.env.DB, userId, now)]);
    } catch (error) {
      await c.env.RECEIPTS.delete(key);
      throw error;
    }
    // The files of the drafts just dropped (expired, or past the few kept).
    await drainReceiptTrash(c.env.DB, c.env.RECEIPTS);
    return c.json({ draft: { id, fileName, expiresAt: now + DRAFT_TTL_MS }, mapping: mappingOut(used), preview }, 201);
  },
);

importDraftRoutes.openapi(
  createRoute({
    method: "get",
    path: "/accounts/{accountId}/import/drafts/{draftId}/preview",
    summary: "Preview a draft import with a mapping: as POST /accounts/{accountId}/import/preview, the file being the draft's",
    security: bearer,
    middleware: [requireSession] as const,
    request: { params: draftParams, query: importDecidedQuery },
    responses: { 200: { description: "Preview", ...json(previewOut) }, ...importErrors, 410: gone },
  }),
  async (c) => {
    const { accountId, draftId } = c.req.valid("param");
    const draft = await openDraft(c, accountId, draftId);
    if (draft instanceof Response) return draft;
    const query = c.req.valid("query");
    const file = await readFile(c, draft.bytes, query, false);
    if (file.response) return file.response;
    return c.json(await previewOf(c, draft.account, file, query), 200);
  },
);

importDraftRoutes.openapi(
  createRoute({
    method: "post",
    path: "/accounts/{accountId}/import/drafts/{draftId}/commit",
    summary: "Import a draft with a mapping: as POST /accounts/{accountId}/import, and the draft is deleted in the same batch",
    description: "Refused (4xx) the draft stays, for another try. The answer is kept with the Idempotency-Key, so a retry after the draft is gone replays it.",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: draftParams, query: importDecidedQuery },
    responses: { 201: { description: "Imported", ...json(importedOut) }, ...importErrors, 410: gone },
  }),
  async (c) => {
    const { accountId, draftId } = c.req.valid("param");
    const draft = await openDraft(c, accountId, draftId);
    if (draft instanceof Response) return draft;
    const { account, row, bytes } = draft;
    if (account.archived) return validationProblem(c, { accountId: ["api.accountArchived"] });
    const query = c.req.valid("query");
    const file = await readFile(c, bytes, query, true);
    if (file.response) return file.response;
    const userId = c.get("user").id;
    const answer = await commitFile(c, account, file, query, query.fileName ?? row.file_name, [deleteDraftWithImport(c.env.DB, userId, row.id, account.id, account.currency)]);
    if (answer.status < 300) await drainReceiptTrash(c.env.DB, c.env.RECEIPTS);
    return answer;
  },
);

importDraftRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/accounts/{accountId}/import/drafts/{draftId}",
    summary: "Discard a draft import (its file is deleted); one past its time is deleted too",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: draftParams },
    responses: { 204: { description: "Discarded" }, 401: problemResponse("No session"), 404: problemResponse("Not found (or not yours)") },
  }),
  async (c) => {
    const { accountId, draftId } = c.req.valid("param");
    const account = await accountOf(c, accountId);
    if (account instanceof Response) return account;
    if (!ID_PATTERN.test(draftId)) return problem(c, 404, "not-found");
    const row = await findDraft(c.env.DB, c.get("user").id, account.id, draftId);
    if (!row) return problem(c, 404, "not-found");
    // The file goes after the answer, with the trash app.ts empties after every DELETE.
    await deleteDraft(c.env.DB, c.get("user").id, row.id).run();
    return c.body(null, 204);
  },
);

/** The hourly sweep's part: every expired draft, and its file. */
export async function sweepExpiredDrafts(db: D1Database, bucket: R2Bucket, now: number): Promise<void> {
  await dropExpiredDrafts(db, now).run();
  await drainReceiptTrash(db, bucket);
}
