/**
 * GET /rates/transfers?ids=…: for the user's transfers between currencies among `ids`, the rate
 * they really got beside BCRP's of that day (or the last day published before it), and how much
 * more or less that made, in the non-dollar side's currency (ADR 056): "you got 3.71, BCRP 3.74:
 * S/ 15.00 less". One D1 batch for a whole page of rows; ids not the user's, or not between
 * currencies, are simply not in the answer.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { rateFraction, rateText, SAME_CURRENCY, transferAgainstRate } from "../../../../core/exchange";
import { ID_PATTERN } from "../../../../core/ids";
import { createRouter } from "../platform/router";
import { bearer, json, problemResponse } from "../platform/openapi";
import { deferSession, sessionBatch } from "../sessions/middleware";
import { BCRP_SOURCE } from "./bcrp";
import { crossCurrencyLegsStatement, officialCoveringStatement } from "./store";

export const TRANSFER_IDS_MAX = 100;

const query = z.object({
  ids: z
    .string()
    .transform((value) => [...new Set(value.split(",").filter(Boolean))])
    .refine((ids) => ids.length >= 1 && ids.length <= TRANSFER_IDS_MAX && ids.every((id) => ID_PATTERN.test(id)), { error: "ledger.rates.errors.ids" })
    .openapi({ description: `Transfer ids, comma-separated (1 to ${TRANSFER_IDS_MAX})` }),
});

const transferRateOut = z.object({
  transferId: z.string(),
  date: z.string(),
  /** The leg in the rate's currency (not soles), and the soles (or other) leg. */
  base: z.object({ currency: z.string(), minor: z.number().int() }),
  quote: z.object({ currency: z.string(), minor: z.number().int() }),
  sentBase: z.boolean(),
  effective: z.string(),
  official: z.object({ rate: z.string(), day: z.string() }).nullable(),
  differenceMinor: z.number().int().nullable(),
});

type Leg = { transfer_id: string; date: string; amount: number; currency: string };
type Official = { currency: string; day: string; sell: string };

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
    const legs = (auth.results[0]?.results ?? []) as Leg[];
    const official = (auth.results[1]?.results ?? []) as Official[];
    const byTransfer = new Map<string, Leg[]>();
    for (const leg of legs) byTransfer.set(leg.transfer_id, [...(byTransfer.get(leg.transfer_id) ?? []), leg]);
    const transfers = [...byTransfer.values()].flatMap((pair) => {
      const sent = pair.find((leg) => leg.amount < 0);
      const received = pair.find((leg) => leg.amount > 0);
      if (!sent || !received) return [];
      // The rate's currency is the side that is not soles (BCRP quotes soles per unit); between two others, the one sent.
      const sentBase = sent.currency !== "PEN";
      const [base, quote] = sentBase ? [sent, received] : [received, sent];
      const day = official.filter((r) => r.currency === base.currency && r.day <= sent.date).at(-1);
      const againstPen = quote.currency === "PEN" && day;
      const result = againstPen ? transferAgainstRate({ minor: base.amount, currency: base.currency }, { minor: quote.amount, currency: quote.currency }, sentBase, rateFraction(day.sell)) : null;
      const effective = transferAgainstRate({ minor: base.amount, currency: base.currency }, { minor: quote.amount, currency: quote.currency }, sentBase, SAME_CURRENCY).effective;
      return [
        {
          transferId: sent.transfer_id,
          date: sent.date,
          base: { currency: base.currency, minor: Math.abs(base.amount) },
          quote: { currency: quote.currency, minor: Math.abs(quote.amount) },
          sentBase,
          effective: rateText(effective),
          official: againstPen ? { rate: day.sell, day: day.day } : null,
          differenceMinor: result ? result.differenceMinor : null,
        },
      ];
    });
    return c.json({ transfers }, 200);
  },
);
