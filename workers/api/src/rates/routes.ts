/**
 * Exchange rates (ADR 056): the newest official rates, the user's own rates (a pair, a range of
 * days, the rate they really got) and their reporting currency. Every route is the signed-in
 * user's only: another user's rate id is a 404, like an unknown one. Writes honour
 * Idempotency-Key. SQL in store.ts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { ID_PATTERN } from "../../../../core/ids";
import { reportingCurrencySchema, userRateCreateSchema } from "../../../../core/schemas/rates";
import type { UserRateOut } from "../../../../core/api-types/rates";
import { body, idParam, notFound, writeErrors } from "../ledger/http";
import { translatorFor } from "../../../../core/i18n/translator";
import { firstRow } from "../platform/batch";
import { localeOf, validationProblem } from "../platform/problem";
import { idempotent } from "../platform/idempotency";
import { bearer, json, problemResponse } from "../platform/openapi";
import { createRouter } from "../platform/router";
import { deferSession, requireSession, sessionBatch } from "../sessions/middleware";
import { BCRP_SOURCE } from "./bcrp";
import { deleteUserRate, insertUserRate, latestOfficialStatement, reportingCurrencyStatement, setReportingCurrency, userRatesStatement, type UserRateRow } from "./store";

const officialOut = z.object({ source: z.string(), currency: z.string(), day: z.string(), buy: z.string(), sell: z.string() });
const userRateOut = z.object({ id: z.string(), currency: z.string(), quote: z.string(), from: z.string(), to: z.string().nullable(), rate: z.string(), note: z.string().nullable() });

function toUserRate(row: UserRateRow): UserRateOut {
  return { id: row.id, currency: row.currency, quote: row.quote, from: row.from_day, to: row.to_day, rate: row.rate, note: row.note };
}

export const rateRoutes = createRouter();

rateRoutes.openapi(
  createRoute({
    method: "get",
    path: "/rates",
    summary: "The newest official rate per currency, the user's own rates and reporting currency",
    security: bearer,
    middleware: [deferSession] as const,
    responses: {
      200: { description: "Rates", ...json(z.object({ reportingCurrency: z.string(), official: z.array(officialOut), own: z.array(userRateOut) })) },
      401: problemResponse("No session"),
    },
  }),
  async (c) => {
    const db = c.env.DB;
    const auth = await sessionBatch(c, (userId) => [reportingCurrencyStatement(db, userId), latestOfficialStatement(db, BCRP_SOURCE, "9999-12-31"), userRatesStatement(db, userId)]);
    if ("response" in auth) return auth.response;
    const [reporting, official, own] = auth.results;
    return c.json(
      {
        reportingCurrency: firstRow<{ reporting_currency: string }>(reporting)?.reporting_currency ?? "PEN",
        official: ((official?.results ?? []) as Array<Omit<z.infer<typeof officialOut>, "source">>).map((row) => ({ source: BCRP_SOURCE, currency: row.currency, day: row.day, buy: row.buy, sell: row.sell })),
        own: ((own?.results ?? []) as unknown as UserRateRow[]).map(toUserRate),
      },
      200,
    );
  },
);

rateRoutes.openapi(
  createRoute({
    method: "post",
    path: "/rates/own",
    summary: "Add a rate of the user's own for a currency pair over a range of days; it wins over the official one in their sums",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: body(userRateCreateSchema),
    responses: { 201: { description: "Created", ...json(z.object({ rate: userRateOut })) }, ...writeErrors },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const row: UserRateRow = {
      id: crypto.randomUUID(),
      user_id: c.get("user").id,
      currency: input.currency,
      quote: input.quote,
      from_day: input.from,
      to_day: input.to ?? null,
      rate: input.rate,
      note: input.note ?? null,
      created_at: Date.now(),
      updated_at: Date.now(),
    };
    const inserted = await insertUserRate(c.env.DB, row).run();
    if (!inserted.meta.changes) return validationProblem(c, { from: [translatorFor(localeOf(c))("api.rateSameStart", { pair: `${row.currency}/${row.quote}` })] });
    return c.json({ rate: toUserRate(row) }, 201);
  },
);

rateRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/rates/own/{rateId}",
    summary: "Remove one of the user's own rates",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("rateId") },
    responses: { 204: { description: "Deleted" }, ...writeErrors },
  }),
  async (c) => {
    const { rateId } = c.req.valid("param");
    if (!ID_PATTERN.test(rateId)) return notFound(c);
    const result = await deleteUserRate(c.env.DB, c.get("user").id, rateId).run();
    return result.meta.changes ? c.body(null, 204) : notFound(c);
  },
);

rateRoutes.openapi(
  createRoute({
    method: "put",
    path: "/rates/reporting-currency",
    summary: "Set the currency the user's converted totals are in (default PEN)",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: body(reportingCurrencySchema),
    responses: { 200: { description: "Set", ...json(z.object({ reportingCurrency: z.string() })) }, ...writeErrors },
  }),
  async (c) => {
    const { currency } = c.req.valid("json");
    await setReportingCurrency(c.env.DB, c.get("user").id, currency).run();
    return c.json({ reportingCurrency: currency }, 200);
  },
);
