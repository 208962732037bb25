/**
 * The Banco Central de Reserva del Perú's statistics API (BCRPData, no key):
 * GET https://estadisticas.bcrp.gob.pe/estadisticas/series/api/{codes joined by -}/json/{start}/{end}/
 * answers {"config":{"title":…,"series":[{"name":…,"dec":"3"}]},"periods":[{"name":"27.Nov.26","values":["3.741",…]}]}:
 * one value per series asked for, as text, "n.d." where nothing was published (a holiday), days
 * named "dd.Mmm.yy" with Spanish month abbreviations (Ene … Set … Dic). Where the format comes
 * from, and why each series is told by its name rather than its position: ADR 056. What public
 * captures of real answers showed since (interbank values with up to 14 decimals, trailing zeros
 * trimmed, a leading byte-order mark), and why values are kept at the series' `dec`: ADR 070.
 */
import { isIsoDay } from "../../../../core/dates";
import { RATE_PATTERN, roundDecimalText } from "../../../../core/exchange";
import { RateFormatError, type OfficialRate, type RateProvider } from "./provider";

export const BCRP_SOURCE = "bcrp";
export const BCRP_API = "https://estadisticas.bcrp.gob.pe/estadisticas/series/api";

/**
 * Daily interbank rates, soles per unit: USD buy/sell (PD04637PD/PD04638PD) and EUR buy/sell
 * (PD04647PD/PD04648PD). Each series' published name says its currency and side.
 */
export const BCRP_SERIES = [
  { code: "PD04637PD", currency: "USD", side: "buy" },
  { code: "PD04638PD", currency: "USD", side: "sell" },
  { code: "PD04647PD", currency: "EUR", side: "buy" },
  { code: "PD04648PD", currency: "EUR", side: "sell" },
] as const;

type Side = "buy" | "sell";

/** The URL of the series from `from` to `to` (ISO days). */
export function bcrpUrl(from: string, to: string): string {
  return `${BCRP_API}/${BCRP_SERIES.map((s) => s.code).join("-")}/json/${from}/${to}/`;
}

const MONTHS: Readonly<Record<string, number>> = { ene: 1, feb: 2, mar: 3, abr: 4, may: 5, jun: 6, jul: 7, ago: 8, set: 9, sep: 9, oct: 10, nov: 11, dic: 12 };

/** "27.Nov.26" → "2026-11-27" (two-digit years are this century's; BCRP also writes "Set" and "Sep"). Null when it is not a day. */
export function bcrpDay(name: string): string | null {
  const match = /^(\d{1,2})\.([A-Za-z]{3})\.(\d{2}|\d{4})$/.exec(name.trim());
  if (!match) return null;
  const month = MONTHS[match[2]!.toLowerCase()];
  if (!month) return null;
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  const day = `${year}-${String(month).padStart(2, "0")}-${match[1]!.padStart(2, "0")}`;
  return isIsoDay(day) ? day : null;
}

/** Which currency and side a series' published name is: "… (S/ por US$) - Compra" is USD buy. */
function seriesOf(name: unknown): { currency: string; side: Side } | null {
  if (typeof name !== "string") return null;
  const currency = /\(S\/ por US\$\)/.test(name) ? "USD" : /\(S\/ por Euro\)/i.test(name) ? "EUR" : null;
  const side = /-\s*Compra\s*$/i.test(name) ? "buy" : /-\s*Venta\s*$/i.test(name) ? "sell" : null;
  return currency && side ? { currency, side } : null;
}

const NOT_PUBLISHED = "n.d.";

/** A value as BCRP sends it: the interbank series are a day's average, "3.41992857142857". */
const BCRP_VALUE = /^\d{1,9}(\.\d{1,20})?$/;

/** The decimals a series is published with (`"dec": "3"`); null when it is not a small count. */
function publishedDecimals(series: unknown): number | null {
  const dec = isRecord(series) ? series.dec : undefined;
  return typeof dec === "string" && /^\d{1,2}$/.test(dec) && Number(dec) <= 12 ? Number(dec) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The rates in an answer's text. Refuses (RateFormatError) anything that is not the format in
 * full: not JSON (BCRP's firewall answers some requests with an HTML page and status 200), a
 * series it cannot name, a series missing or twice, a day it cannot read, a value that is not a
 * positive decimal or "n.d.". A day with one side unpublished is left out, never half-stored.
 */
export function parseBcrpAnswer(text: string): OfficialRate[] {
  let answer: unknown;
  try {
    answer = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw new RateFormatError("BCRP answer is not JSON");
  }
  if (!isRecord(answer) || !isRecord(answer.config) || !Array.isArray(answer.config.series) || !Array.isArray(answer.periods)) throw new RateFormatError("BCRP answer lacks config.series or periods");
  const columns = answer.config.series.map((series) => seriesOf(isRecord(series) ? series.name : undefined));
  for (const wanted of BCRP_SERIES) {
    const found = columns.filter((column) => column?.currency === wanted.currency && column.side === wanted.side).length;
    if (found !== 1) throw new RateFormatError(`BCRP answer has ${found} series for ${wanted.currency} ${wanted.side}`);
  }
  if (columns.some((column) => column === null)) throw new RateFormatError("BCRP answer has a series it cannot name");
  const decimals = answer.config.series.map(publishedDecimals);
  if (decimals.some((places) => places === null)) throw new RateFormatError("BCRP series without its published decimals");
  const rates: OfficialRate[] = [];
  const seen = new Set<string>();
  for (const period of answer.periods) {
    if (!isRecord(period) || typeof period.name !== "string" || !Array.isArray(period.values) || period.values.length !== columns.length) throw new RateFormatError("BCRP period is malformed");
    const day = bcrpDay(period.name);
    if (!day || seen.has(day)) throw new RateFormatError(`BCRP period is not a day, or twice: ${String(period.name)}`);
    seen.add(day);
    const byCurrency = new Map<string, Partial<Record<Side, string>>>();
    period.values.forEach((value, i) => {
      if (value === NOT_PUBLISHED) return;
      if (typeof value !== "string" || !BCRP_VALUE.test(value)) throw new RateFormatError(`BCRP value is not a rate: ${String(value)}`);
      // Kept as published (the series' decimals, half to even), so the rate shown is the rate used.
      const rate = roundDecimalText(value, decimals[i]!);
      if (!RATE_PATTERN.test(rate) || !/[1-9]/.test(rate)) throw new RateFormatError(`BCRP value is not a rate: ${value}`);
      const column = columns[i]!;
      byCurrency.set(column.currency, { ...byCurrency.get(column.currency), [column.side]: rate });
    });
    for (const [currency, sides] of byCurrency) if (sides.buy && sides.sell) rates.push({ source: BCRP_SOURCE, currency, day, buy: sides.buy, sell: sides.sell });
  }
  return rates;
}

/** How the client reaches the network: the global fetch in production, a recorded answer in tests and local runs. */
export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

/** How long BCRP gets to answer; the scheduled run tries again in an hour. */
const TIMEOUT_MS = 15_000;

/** The production client: BCRP's daily USD and EUR rates over a range of days. */
export function bcrpProvider(fetcher: Fetcher = (url, init) => fetch(url, init)): RateProvider {
  return {
    source: BCRP_SOURCE,
    async fetchRange(from, to) {
      const response = await fetcher(bcrpUrl(from, to), { headers: { Accept: "application/json", "User-Agent": "Tesoro (personal finance; daily exchange rates)" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`BCRP answered ${response.status}`);
      return parseBcrpAnswer(await response.text());
    },
  };
}
