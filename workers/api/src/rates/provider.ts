/**
 * Where official exchange rates come from (ADR 056). A provider answers the rates published for
 * a range of days; it never writes. Production reads Peru's central bank (bcrp.ts); tests and
 * local runs read a recorded answer through the same parser (fixture-provider.ts), never the internet.
 */

/** One day's official rate for a currency: soles per unit, buy and sell, as published (decimal strings). */
export interface OfficialRate {
  source: string;
  currency: string;
  /** ISO day the rate is for. */
  day: string;
  buy: string;
  sell: string;
}

export interface RateProvider {
  /** The source's name, as stored in official_rates.source. */
  readonly source: string;
  /** Rates published from `from` to `to` (ISO days, inclusive); days without one are left out. Throws on an answer it cannot read. */
  fetchRange(from: string, to: string): Promise<OfficialRate[]>;
}

/** An answer that is not what the source publishes: nothing of it is stored. */
export class RateFormatError extends Error {
  override name = "RateFormatError";
}
