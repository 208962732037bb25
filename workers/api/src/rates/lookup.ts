/**
 * Which rate converts a user's money on a day (ADR 056). The contract budgets, the overview and
 * reports use: `findRates` answers, for each wanted (from, to, day), the rate as a decimal string
 * with whose it is and the day it was published for, or null ("no rate", said plainly).
 *
 * Order: the user's own rate for the pair (or its inverse) whose range holds the day, newest
 * start first; else the official rate (BCRP sell, soles per unit) of the day or the last day
 * published before it (weekends, holidays), through PEN for a pair without soles.
 */
import { chainRates, invertRate, rateFraction, type RateFraction } from "../../../../core/exchange";

export interface WantedRate {
  from: string;
  to: string;
  day: string;
}

export interface FoundRate extends WantedRate {
  /** Units of `to` per one `from`, exact. */
  fraction: RateFraction;
  /** The figure shown: the rate as published or entered, before any inversion. */
  shown: string;
  source: "user" | "bcrp" | "same";
  /** The day the rate is for (an official rate may be from an earlier day than `day`). */
  publishedOn: string;
}

const OFFICIAL_SOURCE = "bcrp" as const;

function userRateStatement(db: D1Database, userId: string, from: string, to: string, day: string) {
  return db
    .prepare(
      `SELECT currency, quote, rate, from_day FROM user_rates
        WHERE user_id = ?1 AND ((currency = ?2 AND quote = ?3) OR (currency = ?3 AND quote = ?2))
          AND from_day <= ?4 AND (to_day IS NULL OR to_day >= ?4)
        ORDER BY from_day DESC, updated_at DESC LIMIT 1`,
    )
    .bind(userId, from, to, day);
}

function officialStatement(db: D1Database, currency: string, day: string) {
  return db
    .prepare("SELECT sell, day FROM official_rates WHERE source = ?1 AND currency = ?2 AND day <= ?3 ORDER BY day DESC LIMIT 1")
    .bind(OFFICIAL_SOURCE, currency, day);
}

/** A user's own rate as stored (the columns `resolveRate` reads). */
export interface OwnRateRow {
  currency: string;
  quote: string;
  rate: string;
  from_day: string;
  to_day?: string | null;
  updated_at?: number;
}

/** An official rate as stored: soles per unit of its currency, for `day`. */
export interface OfficialRateRow {
  sell: string;
  day: string;
}

/**
 * The rate for one wanted entry from rows already read: the user's own rate if there is one,
 * else the official one (through soles), else null. `findRates` and the overview's net worth
 * (which reads its rows inside the page's batch) both answer through this.
 */
export function resolveRate(w: WantedRate, own: OwnRateRow | undefined, fromOfficial: OfficialRateRow | undefined, toOfficial: OfficialRateRow | undefined): FoundRate | null {
  if (w.from === w.to) return same(w);
  if (own) {
    const fraction = rateFraction(own.rate);
    return { ...w, fraction: own.currency === w.from ? fraction : invertRate(fraction), shown: own.rate, source: "user", publishedOn: own.from_day };
  }
  // Official rates are soles per unit: X→PEN is X's sell, PEN→Y its inverse, X→Y through soles.
  const toPen = w.from === "PEN" ? null : (fromOfficial ?? null);
  const fromPen = w.to === "PEN" ? null : (toOfficial ?? null);
  if ((w.from !== "PEN" && !toPen) || (w.to !== "PEN" && !fromPen)) return null;
  let fraction: RateFraction = { numerator: 1n, denominator: 1n };
  if (toPen) fraction = chainRates(fraction, rateFraction(toPen.sell));
  if (fromPen) fraction = chainRates(fraction, invertRate(rateFraction(fromPen.sell)));
  const shown = toPen && !fromPen ? toPen.sell : fromPen && !toPen ? fromPen.sell : `${toPen!.sell}/${fromPen!.sell}`;
  const publishedOn = [toPen?.day, fromPen?.day].filter((d): d is string => !!d).sort()[0]!;
  return { ...w, fraction, shown, source: OFFICIAL_SOURCE, publishedOn };
}

/** Of a user's own rates (any order), the one `findRates`' SQL would pick for (from, to, day): the pair or its inverse, holding the day, newest start first. */
export function ownRateOn(rows: readonly OwnRateRow[], from: string, to: string, day: string): OwnRateRow | undefined {
  return rows
    .filter((r) => ((r.currency === from && r.quote === to) || (r.currency === to && r.quote === from)) && r.from_day <= day && (r.to_day == null || r.to_day >= day))
    .sort((a, b) => (a.from_day === b.from_day ? (b.updated_at ?? 0) - (a.updated_at ?? 0) : a.from_day < b.from_day ? 1 : -1))[0];
}

/** The rates for every wanted entry, in one D1 batch; null where there is none. */
export async function findRates(db: D1Database, userId: string, wanted: readonly WantedRate[]): Promise<Array<FoundRate | null>> {
  const pending = wanted.filter((w) => w.from !== w.to);
  if (pending.length === 0) return wanted.map((w) => same(w));
  const statements = pending.flatMap((w) => [userRateStatement(db, userId, w.from, w.to, w.day), officialStatement(db, w.from, w.day), officialStatement(db, w.to, w.day)]);
  const results = await db.batch<Record<string, string>>(statements);
  let index = 0;
  return wanted.map((w) => {
    if (w.from === w.to) return same(w);
    const [own, fromOfficial, toOfficial] = [results[index]!.results[0], results[index + 1]!.results[0], results[index + 2]!.results[0]];
    index += 3;
    return resolveRate(w, own as OwnRateRow | undefined, fromOfficial as OfficialRateRow | undefined, toOfficial as OfficialRateRow | undefined);
  });
}

function same(w: WantedRate): FoundRate {
  return { ...w, fraction: { numerator: 1n, denominator: 1n }, shown: "1", source: "same", publishedOn: w.day };
}
