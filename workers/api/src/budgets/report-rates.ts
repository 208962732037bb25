/**
 * The rates a budget report converts with (ADR 057), keyed as `buildReport` reads them: one
 * look-up for any number of budgets (the overview's card asks for all of them at once, ADR 083),
 * none when all spending is in the budgets' own currencies. A missing rate is left out of the map:
 * the report then counts that spending as left out.
 */
import type { RateFraction } from "../../../../core/exchange";
import { findRates, type WantedRate } from "../rates/lookup";
import { rateKey } from "./report";

export async function reportRates(db: D1Database, userId: string, wanted: readonly WantedRate[]): Promise<ReadonlyMap<string, RateFraction>> {
  const rates = new Map<string, RateFraction>();
  if (!wanted.length) return rates;
  const found = await findRates(db, userId, wanted);
  found.forEach((rate, i) => rate && rates.set(rateKey(wanted[i]!.from, wanted[i]!.to, wanted[i]!.day), rate.fraction));
  return rates;
}
