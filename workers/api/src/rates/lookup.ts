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
import { officialOnDaysStatement, ownRatesOverlappingStatement } from "./store";

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

/** The official rates used: BCRP's sell (soles per unit). */
export const OFFICIAL_SOURCE = "bcrp" as const;

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

/** An official rate as `officialOnDaysStatement` reads it: for the wanted day, the rate of that day or the last before it. */
export interface OfficialOnDayRow extends OfficialRateRow {
  wanted: string;
  currency: string;
}

/**
 * The rates for `wanted` from rows read in a batch: the user's own rates overlapping the wanted
 * days (any order) and the official ones on or before each wanted day. Each entry answers as
 * `findRates` always has: own rate first (newest start), else the day's official rate or the last
 * published before it, saying which day; null where there is none.
 */
export function resolveRates(wanted: readonly WantedRate[], ownRows: readonly OwnRateRow[], officialRows: readonly OfficialOnDayRow[]): Array<FoundRate | null> {
  const official = new Map(officialRows.map((row) => [`${row.wanted} ${row.currency}`, row]));
  return wanted.map((w) => (w.from === w.to ? same(w) : resolveRate(w, ownRateOn(ownRows, w.from, w.to, w.day), official.get(`${w.day} ${w.from}`), official.get(`${w.day} ${w.to}`))));
}

/**
 * The statements `findRates` runs, for any batch: the user's own rates overlapping the wanted
 * days and the official rates on (or last before) each wanted day, two statements however many
 * entries. Empty when every entry is within one currency; read back with `readRates`.
 */
export function rateStatements(db: D1Database, userId: string, wanted: readonly WantedRate[]): D1PreparedStatement[] {
  const pending = wanted.filter((w) => w.from !== w.to);
  if (pending.length === 0) return [];
  const days = [...new Set(pending.map((w) => w.day))].sort();
  const currencies = [...new Set(pending.flatMap((w) => [w.from, w.to]))].sort();
  return [ownRatesOverlappingStatement(db, userId, days[0]!, days[days.length - 1]!), officialOnDaysStatement(db, OFFICIAL_SOURCE, days, currencies)];
}

/** `rateStatements`' results (in its order) read into the rates for `wanted`. */
export function readRates(results: readonly D1Result[], wanted: readonly WantedRate[]): Array<FoundRate | null> {
  return resolveRates(wanted, (results[0]?.results ?? []) as unknown as OwnRateRow[], (results[1]?.results ?? []) as unknown as OfficialOnDayRow[]);
}

/** The rates for every wanted entry, in one D1 batch of two statements; null where there is none. */
export async function findRates(db: D1Database, userId: string, wanted: readonly WantedRate[]): Promise<Array<FoundRate | null>> {
  const statements = rateStatements(db, userId, wanted);
  if (statements.length === 0) return wanted.map((w) => same(w));
  return readRates(await db.batch(statements), wanted);
}

function same(w: WantedRate): FoundRate {
  return { ...w, fraction: { numerator: 1n, denominator: 1n }, shown: "1", source: "same", publishedOn: w.day };
}
