/**
 * GET /rates/transfers?ids=…: for the user's transfers between currencies among `ids`, the rate
 * they really got beside BCRP's of that day (or the last day published before it), and how much
 * more or less that made, in the non-dollar side's currency (ADR 056): "you got 3.71, BCRP 3.74:
 * S/ 15.00 less". One D1 batch for a whole page of rows; ids not the user's, or not between
 * currencies, are simply not in the answer.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { ID_PATTERN } from "../../../../core/ids";
import { createRouter } from "../platform/router";
import { bearer, json, problemResponse } from "../platform/openapi";
import { deferSession, sessionBatch } from "../sessions/middleware";
import { BCRP_SOURCE } from "./bcrp";
import { crossCurrencyLegsStatement, officialCoveringStatement } from "./store";
import { transferRateOut, transferRatesOf, type LegRow, type OfficialRow } from "./transfer-rates";

export const TRANSFER_IDS_MAX = 100;

const query = z.object({
  ids: z
    .string()
    .transform((value) => [...new Set(value.split(",").filter(Boolean))])
    .refine((ids) => ids.length >= 1 && ids.length <= TRANSFER_IDS_MAX && ids.every((id) => ID_PATTERN.test(id)), { error: "ledger.rates.errors.ids" })
    .openapi({ description: `Transfer ids, comma-separated (1 to ${TRANSFER_IDS_MAX})` }),
});

export const transferRateRoutes = createRouter();

transferRateRoutes.openapi(
  createRoute({
    method: "get",
    path: "/rates/transfers",
    summary: "Effective rate of transfers between currencies beside BCRP's rate of their day",
    security: bearer,
    middleware: [deferSession] as const,
    request: { query },
    responses: { 200: { description: "Rates of the transfers", ...json(z.object({ transfers: z.array(transferRateOut) })) }, 401: problemResponse("No session"), 422: problemResponse("Invalid ids") },
  }),
  async (c) => {
    const { ids } = c.req.valid("query");
    const db = c.env.DB;
    // The official rates are read for every day up to today; the legs' days pick from them.
    const auth = await sessionBatch(c, (userId) => [crossCurrencyLegsStatement(db, userId, ids), officialCoveringStatement(db, BCRP_SOURCE, "1900-01-01", "9999-12-31")]);
    if ("response" in auth) return auth.response;
    const transfers = transferRatesOf((auth.results[0]?.results ?? []) as LegRow[], (auth.results[1]?.results ?? []) as OfficialRow[]);
    return c.json({ transfers }, 200);
  },
);
