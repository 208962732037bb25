/**
 * Official exchange rates for local runs and e2e (ADR 056): the recorded BCRP answer the local
 * double serves (tests/fixtures/bcrp), written to the local D1 at start, so the overview has its
 * net worth before the first hourly cron. The days are read as the Worker's parser reads them
 * (workers/api/src/rates/bcrp.ts); tests/unit/bcrp-seed.test.ts holds the two to the same rows.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { executeLocal, lit } from "./lib/d1.mjs";
import { root } from "./lib/run.mjs";

export const RECORDED = path.join(root, "tests/fixtures/bcrp/usd-eur-2026-09-28-to-2026-11-27.json");

const MONTHS = { ene: 1, feb: 2, mar: 3, abr: 4, may: 5, jun: 6, jul: 7, ago: 8, set: 9, sep: 9, oct: 10, nov: 11, dic: 12 };

/** "3.41992857142857" at 3 decimals, half to even: "3.420" (as the Worker keeps BCRP's values, ADR 070). */
function roundHalfEven(value, places) {
  const [whole, decimals = ""] = value.split(".");
  const scaled = BigInt(whole + decimals.padEnd(places, "0"));
  const unit = 10n ** BigInt(Math.max(decimals.length - places, 0));
  let quotient = scaled / unit;
  const twice = (scaled % unit) * 2n;
  if (twice > unit || (twice === unit && quotient % 2n === 1n)) quotient += 1n;
  const digits = quotient.toString().padStart(places + 1, "0");
  return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** The recorded answer's rates: [{ source, currency, day, buy, sell }]. */
export function recordedRates(text = readFileSync(RECORDED, "utf8")) {
  const answer = JSON.parse(text.replace(/^\uFEFF/, ""));
  const columns = answer.config.series.map((s) => ({ currency: s.name.includes("US$") ? "USD" : "EUR", side: /Compra\s*$/.test(s.name) ? "buy" : "sell", places: Number(s.dec) }));
  const rates = [];
  for (const period of answer.periods) {
    const [d, m, y] = period.name.split(".");
    const day = `${y.length === 2 ? 2000 + Number(y) : y}-${String(MONTHS[m.toLowerCase()]).padStart(2, "0")}-${d.padStart(2, "0")}`;
    const byCurrency = new Map();
    period.values.forEach((value, i) => {
      if (value === "n.d.") return;
      byCurrency.set(columns[i].currency, { ...byCurrency.get(columns[i].currency), [columns[i].side]: roundHalfEven(value, columns[i].places) });
    });
    for (const [currency, sides] of byCurrency) if (sides.buy && sides.sell) rates.push({ source: "bcrp", currency, day, buy: sides.buy, sell: sides.sell });
  }
  return rates;
}

/** Writes the recorded rates to the local D1 (kept if already there: running it twice adds nothing). */
export async function seedRates() {
  const now = Date.now();
  const rows = recordedRates().map((r) => `(${lit(r.source)}, ${lit(r.currency)}, ${lit(r.day)}, ${lit(r.buy)}, ${lit(r.sell)}, ${now})`);
  await executeLocal(`INSERT OR IGNORE INTO official_rates (source, currency, day, buy, sell, fetched_at) VALUES ${rows.join(", ")};`);
}
