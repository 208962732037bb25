/**
 * Exports: an account's filtered list as CSV, and everything of the user as JSON or a zip of CSV
 * files (files.ts; ADR 031). Their SQL is in store.ts and transactions/list-store.ts.
 */
import { commonErrors, idParam } from "../ledger/http";
import { createRoute, z } from "@hono/zod-openapi";
import { exportQuerySchema } from "../../../../core/schemas/settings";
import { receiptEntries } from "./sections";
import { csvField, exportFileName, exportHead, exportJson, exportZip, transactionChunks } from "./files";
import { translatorFor } from "../../../../core/i18n/translator";
import { todayInZone } from "../../../../core/dates";
import { toDecimalString } from "../../../../core/money";
import { listQuerySchema } from "../../../../core/schemas/ledger";
import { createRouter } from "../platform/router";
import { type Order, type Sort, listChunk } from "../transactions/list-store";
import { categoryDisplayName } from "../ledger/model";
import { bearer, problemResponse } from "../platform/openapi";
import { localeOf } from "../platform/problem";
import { deferSession, requireSession } from "../sessions/middleware";
import { listContext } from "../transactions/list-context";

/** One CSV line: the fields joined, CRLF (RFC 4180). Dates, amounts, currencies and ids are written bare, every text through `csvField`. */
function csvLine(values: string[]): string {
  return values.join(",") + "\r\n";
}

export const exportRoutes = createRouter();

/**
 * The export's columns, named in the user's language as every word they read (the status too):
 * the file is opened in a spreadsheet. The importer's guesses know these names and words in both
 * languages, so an export imports back whichever language wrote it.
 */
const EXPORT_COLUMNS = ["date", "description", "amount", "currency", "category", "payee", "notes", "status", "id"] as const;

exportRoutes.openapi(
  createRoute({
    method: "get",
    path: "/accounts/{accountId}/transactions/export.csv",
    summary: "CSV of the filtered list (UTF-8 with BOM, header row, ISO dates, decimal amounts)",
    security: bearer,
    middleware: [deferSession] as const,
    request: { params: idParam("accountId"), query: listQuerySchema },
    responses: { 200: { description: "CSV", content: { "text/csv": { schema: z.string() } } }, ...commonErrors, 422: problemResponse("Invalid filter") },
  }),
  async (c) => {
    const { accountId } = c.req.valid("param");
    const query = c.req.valid("query");
    const context = await listContext(c, accountId, query);
    if (context.response) return context.response;
    const { account, filters } = context;
    const sort: Sort = query.sort ?? "date";
    const order: Order = query.order ?? "asc";
    const locale = localeOf(c);
    const t = translatorFor(locale);
    const statusWord = { pending: t("ledger.statuses.pending"), posted: t("ledger.statuses.posted") };
    const db = c.env.DB;
    const encoder = new TextEncoder();
    let last: { k: string | number; i: string } | null = null;
    let started = false;
    let done = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          // Column names are the catalogue's own words (no delimiter in any of them): written bare.
          controller.enqueue(encoder.encode("\ufeff" + csvLine(EXPORT_COLUMNS.map((column) => t(`ledger.csv.${column}`)))));
          return;
        }
        if (done) return controller.close();
        // The list's own SQL for each chunk of 2,000 rows, so the export reads through the same indexes.
        const { results } = await listChunk(db, account.id, filters, sort, order, last, 2000);
        if (results.length < 2000) done = true;
        if (!results.length) return controller.close();
        const tail = results[results.length - 1]!;
        last = { k: sort === "date" ? tail.date : tail.amount, i: tail.id };
        let text = "";
        for (const row of results) {
          text += csvLine([
            row.date,
            csvField(row.description),
            toDecimalString(row.amount, row.currency),
            row.currency,
            csvField(row.category_name === null ? null : categoryDisplayName(row.category_name, row.category_default_key, locale)),
            csvField(row.payee),
            csvField(row.notes),
            csvField(statusWord[row.status]),
            row.id,
          ]);
        }
        controller.enqueue(encoder.encode(text));
      },
    });
    const filename = `${account.name.replace(/[^\p{L}\p{N}_-]+/gu, "-").replace(/^-+|-+$/g, "") || "account"}-${todayInZone(c.get("user").timeZone)}.csv`;
    return new Response(stream, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      },
    }) as never;
  },
);

exportRoutes.openapi(
  createRoute({
    method: "get",
    path: "/users/me/export",
    summary: "Everything of the user: accounts, transactions, categories, as JSON or a zip of CSV files",
    security: bearer,
    middleware: [requireSession] as const,
    request: { query: exportQuerySchema },
    responses: {
      200: {
        description: "The export, as an attachment",
        content: { "application/json": { schema: z.record(z.string(), z.unknown()) }, "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
      },
      401: problemResponse("No session"),
      422: problemResponse("Unknown format"),
    },
  }),
  async (c) => {
    const { format } = c.req.valid("query");
    const user = c.get("user");
    const head = await exportHead(c.env.DB, user);
    const until = Date.parse(head.exportedAt);
    const transactions = transactionChunks(c.env.DB, user, until, undefined, format === "json");
    const headers = { "Content-Disposition": `attachment; filename="${exportFileName(format, head)}"`, "Cache-Control": "private, no-store" };
    if (format === "zip") return new Response(exportZip(head, transactions), { status: 200, headers: { ...headers, "Content-Type": "application/zip" } });
    return new Response(exportJson(head, transactions, receiptEntries(c.env.DB, c.env.RECEIPTS, user, until)), { status: 200, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
  },
);
