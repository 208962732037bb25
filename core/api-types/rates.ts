/** Exchange-rate shapes the API answers with, as the app sees them (ADR 056). */

/** Whose rate converted a figure: the user's own, the central bank's, or none needed. */
export type RateSource = "user" | "bcrp" | "same";

/** An official rate as published: soles per unit of `currency`, for `day`. */
export interface OfficialRateOut {
  source: string;
  currency: string;
  day: string;
  buy: string;
  sell: string;
}

export interface UserRateOut {
  id: string;
  currency: string;
  quote: string;
  from: string;
  to: string | null;
  rate: string;
  note: string | null;
}

export interface RatesAnswer {
  reportingCurrency: string;
  /** Per currency, the newest official rate. */
  official: OfficialRateOut[];
  own: UserRateOut[];
}

/** A figure converted to the reporting currency, and how: the rate shown, whose it is, the day it is for. */
export interface RateUsed {
  currency: string;
  rate: string;
  source: RateSource;
  day: string;
}

/** Net worth in the reporting currency (`include=networth` on GET /overview). */
export interface NetWorthOut {
  currency: string;
  /** The day "today" is for the user: rates are the newest on or before it. */
  asOf: string;
  netMinor: number;
  assetsMinor: number;
  debtsMinor: number;
  /** The rate each converted currency took; the reporting currency itself is not listed. */
  rates: RateUsed[];
  /** Currencies held that have no rate to the reporting currency: left out of the figures above. */
  unconverted: Array<{ currency: string; balanceMinor: number }>;
}
