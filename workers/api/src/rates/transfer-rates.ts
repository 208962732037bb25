/**
 * The effective rate of transfers between currencies beside BCRP's of their day (ADR 056), worked
 * out from their two legs and the official rates: for GET /rates/transfers and for the account
 * list's `include=transferRates`. The list reads, in its own batch, which of the user's accounts
 * are in another currency than the listed one; only when its page holds a transfer with one of
 * them does it read the legs and rates, in one more batch sized by the page (a page without such
 * a transfer costs nothing more).
 */
import { z } from "@hono/zod-openapi";
import { rateFraction, rateText, SAME_CURRENCY, transferAgainstRate } from "../../../../core/exchange";
import type { TransferRateOut } from "../../../../core/api-types/rates";
import { BCRP_SOURCE } from "./bcrp";
import { crossCurrencyLegsStatement, officialCoveringStatement, otherCurrencyAccountsStatement } from "./store";

export const transferRateOut = z.object({
  transferId: z.string(),
  date: z.string(),
  base: z.object({ currency: z.string(), minor: z.number().int() }).openapi({ description: "The leg in the rate's currency (not soles), as a magnitude" }),
  quote: z.object({ currency: z.string(), minor: z.number().int() }).openapi({ description: "The other leg (soles when one side is), as a magnitude" }),
  sentBase: z.boolean(),
  effective: z.string().openapi({ description: "Quote per base, as the transfer made it" }),
  official: z.object({ rate: z.string(), day: z.string() }).nullable().openapi({ description: "BCRP's sell rate of the day, or of the last day published before it; null without one" }),
  differenceMinor: z.number().int().nullable().openapi({ description: "In the quote currency: more (positive) or less (negative) than at BCRP's rate" }),
});

export type LegRow = { transfer_id: string; date: string; amount: number; currency: string };
export type OfficialRow = { currency: string; day: string; sell: string };

/** Each transfer of `legs` (two legs, two currencies) beside the official rate of its day. */
export function transferRatesOf(legs: readonly LegRow[], official: readonly OfficialRow[]): TransferRateOut[] {
  const byTransfer = new Map<string, LegRow[]>();
  for (const leg of legs) byTransfer.set(leg.transfer_id, [...(byTransfer.get(leg.transfer_id) ?? []), leg]);
  return [...byTransfer.values()].flatMap((pair) => {
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
}

/** The legs and official rates of `transferIds` (at most a page of them) in one batch, as `transferRatesOf` answers them. */
export async function readTransferRates(db: D1Database, userId: string, transferIds: readonly string[], from: string, to: string): Promise<TransferRateOut[]> {
  const [legs, official] = await db.batch([crossCurrencyLegsStatement(db, userId, transferIds), officialCoveringStatement(db, BCRP_SOURCE, from, to)]);
  return transferRatesOf((legs?.results ?? []) as LegRow[], (official?.results ?? []) as OfficialRow[]);
}

/**
 * The list's `include=transferRates`: a statement for its batch (the user's accounts in another
 * currency than `accountId`), then, from the page's rows, the rates of its transfers with them.
 */
export function pageTransferRates(db: D1Database, wanted: boolean, accountId: string) {
  return {
    statements: (userId: string): D1PreparedStatement[] => (wanted ? [otherCurrencyAccountsStatement(db, userId, accountId)] : []),
    async read(results: readonly D1Result[], userId: string, rows: ReadonlyArray<{ transfer_id: string | null; transfer_account_id: string | null; date: string }>): Promise<TransferRateOut[] | undefined> {
      if (!wanted) return undefined;
      const others = new Set(((results[0]?.results ?? []) as Array<{ id: string }>).map((row) => row.id));
      const crossing = rows.filter((row) => row.transfer_id && row.transfer_account_id && others.has(row.transfer_account_id));
      if (!crossing.length) return [];
      const days = crossing.map((row) => row.date).sort();
      return readTransferRates(db, userId, [...new Set(crossing.map((row) => row.transfer_id!))], days[0]!, days.at(-1)!);
    },
  };
}
