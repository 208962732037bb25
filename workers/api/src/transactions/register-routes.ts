/**
 * GET /transactions: the register across the user's accounts (ADR 054), with the filters of an
 * account's list, an account to keep (`accountId`), totals per currency and their count.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { translatorFor } from "../../../../core/i18n/translator";
import { registerQueryObject, withDateRange, PAGE_SIZE_DEFAULT } from "../../../../core/schemas/ledger";
import { compareCurrencies } from "../../../../core/money";
import { accountStatement } from "../accounts/store";
import { included, includedOut, includeParam } from "../ledger/collections";
import { addError, commonErrors, notFound, type Errors } from "../ledger/http";
import { toTransaction, totalsOf, totalsOut, transactionOut } from "../ledger/model";
import { bearer, json, problemResponse } from "../platform/openapi";
import { localeOf, validationProblem } from "../platform/problem";
import type { ApiBindings } from "../platform/types";
import { deferSession, sessionBatch } from "../sessions/middleware";
import { decodeCursor, filtersOf, type Order, type Sort } from "./list-store";
import { registerPageQuery, registerSignature } from "./register-store";

const registerResponse = z.object({
  transactions: z.array(transactionOut),
  nextCursor: z.string().nullable(),
  hasPrevious: z.boolean(),
  prevCursor: z.string().nullable(),
  count: z.number().int().openapi({ description: "Transactions in the filtered set, all pages and currencies" }),
  totals: z.array(totalsOut.extend({ currency: z.string() })).openapi({ description: "Count, in, out and net of the filtered set per currency (never summed across currencies)" }),
  sort: z.enum(["date", "amount"]),
  order: z.enum(["asc", "desc"]),
  ...includedOut,
});

/** Amount precision in the register: thousandths, the most any currency has. */
const REGISTER_DIGITS = 3;

export function addRegisterRoute(router: OpenAPIHono<ApiBindings>) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/transactions",
      summary: "The register: transactions of all the user's accounts (or one), with the list's filters, keyset pages and totals per currency",
      security: bearer,
      middleware: [deferSession] as const,
      request: { query: withDateRange(registerQueryObject.extend({ include: includeParam })) },
      responses: { 200: { description: "A page", ...json(registerResponse) }, ...commonErrors, 422: problemResponse("Invalid filter or cursor") },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const sort: Sort = query.sort ?? "date";
      const order: Order = query.order ?? "desc";
      const db = c.env.DB;
      const { filters, issues } = filtersOf(query, null);
      if (query.accountId) filters.accountId = query.accountId;
      const cursor = query.cursor ? decodeCursor(query.cursor, sort, order, registerSignature(filters, sort, order)) : null;
      const extra = included(db, query.include);
      const fine = !issues.length && !(query.cursor && !cursor);
      let page: ReturnType<typeof registerPageQuery> | null = null;
      // The session, the account kept (its owner's only), the page and its totals: one D1 batch (ADR 026).
      const auth = await sessionBatch(c, (userId) => {
        page = fine ? registerPageQuery(db, userId, filters, { sort, order, limit: query.limit ?? PAGE_SIZE_DEFAULT, cursor }) : null;
        return [...(query.accountId ? [accountStatement(db, userId, query.accountId)] : []), ...(page?.statements ?? []), ...(fine ? extra.statements(userId) : [])];
      });
      if ("response" in auth) return auth.response;
      const results = auth.results;
      if (query.accountId && !results.shift()?.results[0]) return notFound(c);
      const locale = localeOf(c);
      if (!page) {
        const t = translatorFor(locale);
        const errors: Errors = {};
        for (const issue of issues) addError(errors, issue.field, issue.key === "ledger.errors.amountPrecision" ? t(issue.key, { count: REGISTER_DIGITS }) : issue.key);
        if (query.cursor && !cursor) addError(errors, "cursor", "ledger.errors.cursor");
        return validationProblem(c, errors);
      }
      const planned: ReturnType<typeof registerPageQuery> = page;
      const read = planned.read(results.slice(0, planned.statements.length));
      const totals = read.totals.sort((a, b) => compareCurrencies(a.currency, b.currency));
      return c.json(
        {
          ...extra.read(results.slice(planned.statements.length), locale),
          transactions: read.rows.map((row) => toTransaction(row, locale, null)),
          nextCursor: read.nextCursor,
          hasPrevious: read.hasPrevious,
          prevCursor: read.prevCursor,
          count: totals.reduce((sum, row) => sum + row.count, 0),
          totals: totals.map((row) => ({ currency: row.currency, ...totalsOf(row.currency, row) })),
          sort,
          order,
        },
        200,
      );
    },
  );
}
