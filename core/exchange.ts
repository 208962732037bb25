/**
 * Converting money between currencies, exactly (ADR 056). A rate is a decimal string ("3.745":
 * soles per dollar) read as a fraction of integers; an amount in minor units times that fraction
 * is an exact rational, and it is rounded once, half to even, here and nowhere else. A total of
 * several converted amounts is the rounded sum of the exact parts, never the sum of rounded parts.
 */
import { currencyDigits } from "./money";

/** A rate as an exact fraction: units of `to` per one unit of `from`. */
export interface RateFraction {
  numerator: bigint;
  denominator: bigint;
}

/** A user's rate's note, in characters. */
export const RATE_NOTE_MAX = 140;

/** Reporting currencies offered in settings: those with official rates (any other pair needs a rate of the user's own). */
export const REPORTING_CURRENCIES = ["PEN", "USD", "EUR"] as const;

/** A decimal rate string: digits, one optional point, up to 12 decimals, greater than zero. */
export const RATE_PATTERN = /^\d{1,9}(\.\d{1,12})?$/;

/** "3.745" → 3745/1000; throws on anything that is not a positive decimal string. */
export function rateFraction(value: string): RateFraction {
  if (!RATE_PATTERN.test(value)) throw new RangeError(`Not a rate: ${value}`);
  const [whole, decimals = ""] = value.split(".");
  const numerator = BigInt(whole + decimals);
  if (numerator === 0n) throw new RangeError("A rate is greater than zero");
  return { numerator, denominator: 10n ** BigInt(decimals.length) };
}

/**
 * A positive decimal string rounded half to even to `places` decimals, zeros added up to them:
 * ("3.41992857142857", 3) → "3.420", ("3.44", 3) → "3.440". BCRP sends a day's interbank average
 * with up to 14 decimals but publishes the series at 3 (ADR 070): the rate Tesoro shows is the
 * rate it uses. Throws on anything that is not a decimal string.
 */
export function roundDecimalText(value: string, places: number): string {
  const match = /^(\d{1,9})(?:\.(\d{1,30}))?$/.exec(value);
  if (!match || !Number.isInteger(places) || places < 0 || places > 12) throw new RangeError(`Not a decimal to round: ${value}`);
  const [, whole = "", decimals = ""] = match;
  const scale = 10n ** BigInt(Math.max(decimals.length - places, 0));
  const rounded = divideHalfEven(BigInt(whole + decimals.padEnd(places, "0")), scale).toString().padStart(places + 1, "0");
  return places === 0 ? rounded : `${rounded.slice(0, -places)}.${rounded.slice(-places)}`;
}

/** The other way round: a PEN→USD rate from a USD→PEN one. */
export function invertRate(rate: RateFraction): RateFraction {
  return { numerator: rate.denominator, denominator: rate.numerator };
}

/** Two rates one after the other (EUR→PEN then PEN→USD gives EUR→USD). */
export function chainRates(first: RateFraction, second: RateFraction): RateFraction {
  return { numerator: first.numerator * second.numerator, denominator: first.denominator * second.denominator };
}

/** Integer division of n/d (d > 0) rounded half to even. */
function divideHalfEven(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  let quotient = magnitude / d;
  const twiceRemainder = (magnitude % d) * 2n;
  if (twiceRemainder > d || (twiceRemainder === d && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** One amount to convert: minor units of `currency`, and the rate from it to the target. */
export interface ConvertPart {
  minor: number;
  currency: string;
  rate: RateFraction;
}

/**
 * The sum of the parts in `to`'s minor units, rounded once (half even) after adding the exact
 * converted values. A part already in `to` takes the rate 1/1.
 */
export function convertSum(parts: readonly ConvertPart[], to: string): number {
  const toScale = 10n ** BigInt(currencyDigits(to));
  let numerator = 0n;
  let denominator = 1n;
  for (const part of parts) {
    // minor / 10^fromDigits × rate × 10^toDigits, as one fraction added to the running one.
    const partNumerator = BigInt(part.minor) * part.rate.numerator * toScale;
    const partDenominator = part.rate.denominator * 10n ** BigInt(currencyDigits(part.currency));
    numerator = numerator * partDenominator + partNumerator * denominator;
    denominator = denominator * partDenominator;
  }
  const result = divideHalfEven(numerator, denominator);
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("Converted total too large");
  return Number(result);
}

/** One amount in `to`'s minor units, rounded half to even. */
export function convertMinor(minor: number, from: string, to: string, rate: RateFraction): number {
  return convertSum([{ minor, currency: from, rate }], to);
}

/** The rate 1: an amount already in the target currency. */
export const SAME_CURRENCY: RateFraction = { numerator: 1n, denominator: 1n };

/**
 * A rate as the pages show it: `numerator/denominator` to `decimals` places, half even, trailing
 * zeros dropped down to two places ("3.71", "3.7450" → "3.745").
 */
export function rateText(rate: RateFraction, decimals = 4): string {
  const scaled = divideHalfEven(rate.numerator * 10n ** BigInt(decimals), rate.denominator);
  const text = scaled.toString().padStart(decimals + 1, "0");
  const whole = text.slice(0, -decimals);
  let fraction = text.slice(-decimals);
  while (fraction.length > 2 && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  return `${whole}.${fraction}`;
}

/** One leg of a transfer between currencies: its magnitude in minor units. */
export interface TransferLeg {
  minor: number;
  currency: string;
}

/**
 * What a transfer between currencies got, beside a rate of the day (`official`: `quote.currency`
 * per one `base.currency`, e.g. soles per dollar). `base` is the leg in the rate's currency
 * (dollars), `quote` the other (soles); `sentBase` says which was sent. The effective rate is the
 * quote per base the transfer really made; `differenceMinor` is, in the quote currency, how much
 * more (positive) or less (negative) the user ended with than at the official rate, rounded once.
 */
export function transferAgainstRate(base: TransferLeg, quote: TransferLeg, sentBase: boolean, official: RateFraction): { effective: RateFraction; differenceMinor: number } {
  const scale = (currency: string) => 10n ** BigInt(currencyDigits(currency));
  const effective = { numerator: BigInt(Math.abs(quote.minor)) * scale(base.currency), denominator: BigInt(Math.abs(base.minor)) * scale(quote.currency) };
  if (effective.denominator === 0n) throw new RangeError("A transfer leg of zero has no rate");
  // The base leg's worth at the official rate, against the quote leg: as one exact sum, rounded once.
  const worth: ConvertPart = { minor: Math.abs(base.minor), currency: base.currency, rate: official };
  const quoteLeg: ConvertPart = { minor: -Math.abs(quote.minor), currency: quote.currency, rate: SAME_CURRENCY };
  const baseMinusQuote = convertSum([worth, quoteLeg], quote.currency);
  // Sent dollars, got soles: ahead when the soles are worth more than the dollars were. Sent soles, got dollars: the other way round.
  return { effective, differenceMinor: sentBase ? 0 - baseMinusQuote : baseMinusQuote };
}
