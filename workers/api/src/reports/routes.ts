/**
 * GET /reports (ADR 059): net worth at each month's end (assets and debts), money in and out per
 * month (transfers between own accounts left out), spending by category per month and the top
 * payees of a period, in the user's reporting currency at each month-end's rate, with the
 * per-currency figures beside them, the rates used (whose, which day) and the currencies left
 * out for want of a rate. Read from the monthly summaries (migration 0028) in one D1 batch with the
 * session, the rates of every currency of the user at each month's end included (ADR 066).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { addMonths, defaultPeriod, monthsBetween, reportsQuerySchema } from "../../../../core/schemas/reports";
import { todayInZone } from "../../../../core/dates";
import { createRouter } from "../platform/router";
import { bearer, json, problemResponse } from "../platform/openapi";
import { localeOf } from "../platform/problem";
import { deferSession, sessionBatch } from "../sessions/middleware";
import { resolveRates } from "../rates/lookup";
import { buildReport, monthEnd, wantedRates } from "./compute";
import { readReportRows, reportStatements } from "./store";

const native = z.array(z.object({ currency: z.string(), minor: z.number().int() })).openapi({ description: "The figure per currency, before conversion" });

const reportsOut = z.object({
  currency: z.string().openapi({ description: "The reporting currency every *Minor figure is in" }),
  from: z.string(),
  to: z.string(),
  months: z.array(z.string()).openapi({ description: "YYYY-MM, oldest first" }),
  accounts: z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), currency: z.string(), archived: z.boolean() })).openapi({ description: "All the user's accounts (for the filter)" }),
  netWorth: z.array(
    z.object({
      month: z.string(),
      day: z.string().openapi({ description: "The month's last day: balances as of its end" }),
      assetsMinor: z.number().int(),
      debtsMinor: z.number().int().openapi({ description: "Credit cards and loans" }),
      netMinor: z.number().int().openapi({ description: "Converted once from every part (may differ by a minor unit from assets + debts)" }),
      assets: native,
      debts: native,
    }),
  ),
  cashFlow: z.array(z.object({ month: z.string(), inMinor: z.number().int(), outMinor: z.number().int(), netMinor: z.number().int(), in: native, out: native })),
  spending: z.array(
    z.object({
      id: z.string().openapi({ description: "Category id, or `none` for uncategorized" }),
      name: z.string().nullable(),
      color: z.string(),
      totalMinor: z.number().int(),
      byMonth: z.array(z.number().int()).openapi({ description: "Aligned with `months`" }),
      native,
    }),
  ),
  topPayees: z.array(z.object({ payee: z.string(), minor: z.number().int(), count: z.number().int(), native })),
  rates: z.array(z.object({ month: z.string(), currency: z.string(), rate: z.string(), source: z.enum(["user", "bcrp"]), publishedOn: z.string() })).openapi({ description: "The rate each month's figures in a currency were converted at: whose and for which day" }),
  leftOut: z.array(z.object({ currency: z.string(), months: z.array(z.string()) })).openapi({ description: "Currencies with no rate in those months: not in their converted figures" }),
});

export const reportsRoutes = createRouter();

reportsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/reports",
    summary: "Net worth, cash flow, spending by category and top payees per month, in the reporting currency",
    security: bearer,
    middleware: [deferSession] as const,
    request: { query: reportsQuerySchema },
    responses: {
      200: { description: "Reports", ...json(reportsOut) },
      401: problemResponse("No session"),
      422: problemResponse("Invalid period or accounts"),
    },
  }),
  async (c) => {
    const query = c.req.valid("query");
    // One end alone makes a twelve-month window with it; neither, the twelve months to this one.
    const { from, to } = query.from && query.to ? { from: query.from, to: query.to } : query.from ? { from: query.from, to: addMonths(query.from, 11) } : defaultPeriod(query.to ?? todayInZone("UTC").slice(0, 7));
    const db = c.env.DB;
    const months = monthsBetween(from, to);
    const auth = await sessionBatch(c, (userId) => reportStatements(db, userId, from, to, query.accounts ?? null, months.map(monthEnd)));
    if ("response" in auth) return auth.response;
    const rows = readReportRows(auth.results);
    const reporting = rows.currency[0]?.reporting_currency ?? "PEN";
    const kept = new Set(rows.accounts.filter((a) => !query.accounts || query.accounts.includes(a.id)).map((a) => a.id));
    const wanted = wantedRates(rows, months, reporting, kept);
    const rates = resolveRates(wanted, rows.ownRates, rows.officialRates);
    return c.json(buildReport({ rows, months, from, to, kept, reporting, rates, wanted, locale: localeOf(c) }), 200);
  },
);
