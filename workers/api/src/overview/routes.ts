/**
 * GET /overview: what the overview page shows, aggregated in SQL so its cost does not grow with
 * the number of transactions in the period: the newest transactions across all the user's
 * accounts, and money in, money out and spending per category for a period, per currency
 * (never summed across currencies). Transfers between the user's own accounts are moves, not
 * money in or out. Archived accounts count: archiving hides an account, it does not undo what
 * was spent from it this month. (Before this, the page listed every transaction of the month per account.)
 */
import { createRoute, z } from "@hono/zod-openapi";

import { isIsoDay } from "../../../../core/dates";

import { withDateRange } from "../../../../core/schemas/ledger";

import { compareCurrencies } from "../../../../core/money";

import { createRouter } from "../platform/router";
import { overviewStatements } from "./store";
import { namedBatch } from "./named-batch";

import { included, includedOut, overviewIncludeParam } from "../ledger/collections";
import { budgetCard } from "../budgets/overview-card";
import { summaryOut } from "../budgets/model";
import { netWorthOut, netWorthStatements, readNetWorth, wantsNetWorth } from "../rates/networth";
import { todayInZone } from "../../../../core/dates";

import { categoryDisplayName, toTransaction, transactionOut, type TransactionRow } from "../ledger/model";

import { bearer, json, problemResponse } from "../platform/openapi";

import { localeOf } from "../platform/problem";

import { deferSession, sessionBatch } from "../sessions/middleware";

const day = z.string().refine(isIsoDay, { error: "ledger.errors.date" });

const query = withDateRange(
  z.object({
    from: day,
    to: day,
    // Digits only, as the listing's `limit`: "0x10" or "1e1" are not a count; empty is not given.
    recent: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .string()
        .regex(/^\d{1,2}$/, { error: "api.recent" })
        .transform(Number)
        .refine((n) => n >= 1 && n <= 50, { error: "api.recent" })
        .default(10),
    ),
    include: overviewIncludeParam,
    // Another period's money in and out beside this one's (the overview's month before): both or neither.
    compareFrom: z.preprocess((value) => (value === "" ? undefined : value), day.optional()),
    compareTo: z.preprocess((value) => (value === "" ? undefined : value), day.optional()),
  }),
).superRefine((value, ctx) => {
  if (Boolean(value.compareFrom) !== Boolean(value.compareTo)) ctx.addIssue({ code: "custom", path: [value.compareFrom ? "compareTo" : "compareFrom"], message: "ledger.errors.date" });
  else if (value.compareFrom && value.compareTo && value.compareFrom > value.compareTo) ctx.addIssue({ code: "custom", path: ["compareTo"], message: "ledger.errors.dateRange" });
});

const periodFlowOut = z.object({ currency: z.string(), inMinor: z.number().int(), outMinor: z.number().int() });

const flowOut = z.object({
  currency: z.string(),
  inMinor: z.number().int(),
  outMinor: z.number().int(),
  spending: z.array(z.object({ id: z.string(), name: z.string().nullable(), color: z.string(), minor: z.number().int() })),
});

export const overviewRoutes = createRouter();

const UNCATEGORIZED_COLOR = "#64748b";

overviewRoutes.openapi(
  createRoute({
    method: "get",
    path: "/overview",
    summary: "Newest transactions and a period's money in, out and spending per category, per currency",
    security: bearer,
    middleware: [deferSession] as const,
    request: { query },
    responses: {
      200: {
        description: "Overview",
        ...json(
          z.object({
            recent: z.array(transactionOut).openapi({ description: "Newest first; a transfer between own accounts once, as its leg out (transferAccountId names where it went)" }),
            flows: z.array(flowOut),
            compared: z.array(periodFlowOut).optional().openapi({ description: "With compareFrom and compareTo: that period's money in and out per currency" }),
            ...includedOut,
            budgets: z.array(summaryOut).optional().openapi({ description: "With include=budgets: each budget's current period as its report says it: budgeted, carried in, spent, left, lines over" }),
            netWorth: netWorthOut.optional(),
          }),
        ),
      },
      401: problemResponse("No session"),
      422: problemResponse("Invalid period"),
    },
  }),
  async (c) => {
    const { from, to, recent: limit, include, compareFrom, compareTo } = c.req.valid("query");
    const compare = compareFrom && compareTo ? { from: compareFrom, to: compareTo } : undefined;
    const extra = included(c.env.DB, include);
    const card = budgetCard(c.env.DB, include);
    const netWorth = wantsNetWorth(include);
    // The session check rides in the same D1 batch as the page's reads (ADR 026); each include reads back its own slice.
    const batch = namedBatch({
      page: (userId) => overviewStatements(c.env.DB, userId, from, to, limit, compare),
      included: (userId) => extra.statements(userId),
      budgets: (userId) => card.statements(userId),
      netWorth: (userId) => (netWorth ? netWorthStatements(c.env.DB, userId) : []),
    });
    const auth = await sessionBatch(c, (userId) => batch.statements(userId));
    if ("response" in auth) return auth.response;
    const slices = batch.slices(auth.results);
    const locale = localeOf(c);
    const [recent, flows, spending, comparedResult] = slices.page;
    type SpendingRow = { currency: string; category_id: string | null; name: string | null; color: string | null; default_key: string | null; spent: number };
    const byCurrency = new Map<string, Array<{ id: string; name: string | null; color: string; minor: number }>>();
    for (const row of (spending?.results ?? []) as SpendingRow[]) {
      const list = byCurrency.get(row.currency) ?? [];
      list.push({
        id: row.category_id ?? "none",
        name: row.category_id && row.name !== null ? categoryDisplayName(row.name, row.default_key, locale) : null,
        color: row.color ?? UNCATEGORIZED_COLOR,
        minor: row.spent,
      });
      byCurrency.set(row.currency, list);
    }
    return c.json(
      {
        ...extra.read(slices.included, locale),
        ...(await card.read(slices.budgets, c.get("user"), locale)),
        ...(netWorth ? { netWorth: readNetWorth(slices.netWorth, todayInZone(c.get("user").timeZone)) } : {}),
        recent: ((recent?.results ?? []) as TransactionRow[]).map((row) => toTransaction(row, locale)),
        // In the order the balances use (PEN, USD, then A–Z), not SQL's.
        flows: ((flows?.results ?? []) as Array<{ currency: string; inflow: number; outflow: number }>)
          .sort((a, b) => compareCurrencies(a.currency, b.currency))
          .map((row) => ({
          currency: row.currency,
          inMinor: row.inflow,
          outMinor: row.outflow,
          spending: byCurrency.get(row.currency) ?? [],
        })),
        ...(compare && comparedResult
          ? {
              compared: ((comparedResult.results ?? []) as Array<{ currency: string; inflow: number; outflow: number }>)
                .sort((a, b) => compareCurrencies(a.currency, b.currency))
                .map((row) => ({ currency: row.currency, inMinor: row.inflow, outMinor: row.outflow })),
            }
          : {}),
      },
      200,
    );
  },
);
