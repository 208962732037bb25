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

/** GET /rates/transfers, and the list's `include=transferRates`: a transfer between currencies beside BCRP's rate of its day. */
export interface TransferRateOut {
  transferId: string;
  date: string;
  /** The leg in the rate's currency (not soles), and the soles (or other) leg, as magnitudes. */
  base: { currency: string; minor: number };
  quote: { currency: string; minor: number };
  sentBase: boolean;
  /** Quote per base, as the transfer made it ("3.7143"). */
  effective: string;
  official: { rate: string; day: string } | null;
  /** In the quote currency: more (positive) or less (negative) than at BCRP's rate; null without one. */
  differenceMinor: number | null;
}
