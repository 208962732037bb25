/**
 * The daily fetch of official rates (ADR 056), from the API's hourly cron. BCRP publishes a
 * business day's rates in the early afternoon, Lima time. A run asks the source only when today's
 * rates are not stored yet, at most once every three hours, and in the morning only to catch up
 * when even the last business day's are missing. What the source answers is read in full before
 * anything is written: a malformed answer stores nothing, and the rates it did answer go in one batch.
 */
import { addDays, dayInZone, todayInZone } from "../../../../core/dates";
import type { ApiEnv } from "../platform/env";
import { RateFormatError, type RateProvider } from "./provider";
import { rateProvider } from "./source";
import { dropOldFetches, fetchStateStatements, logFetch, upsertOfficialRate } from "./store";

export const LIMA = "America/Lima";
/** After this hour (Lima) the day's interbank rates are usually out. */
const PUBLISHED_BY_HOUR = 13;
const RETRY_AFTER_MS = 3 * 3600_000;
/** A first fetch, or one after a long gap, reaches this far back; later ones re-read a week (BCRP may revise a figure). */
const FIRST_FETCH_DAYS = 62;
const REREAD_DAYS = 7;
const KEEP_FETCH_LOG_MS = 30 * 24 * 3600_000;

export type RefreshOutcome = { outcome: "off" | "fresh" | "waiting" | "stored" | "refused" | "failed"; stored: number };

/** The business day before `day` (Monday → Friday); holidays are not known here and simply wait for the next try. */
export function previousBusinessDay(day: string): string {
  let d = addDays(day, -1);
  for (;;) {
    const weekday = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return d;
    d = addDays(d, -1);
  }
}

function limaHour(now: number): number {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone: LIMA, hour: "numeric", hourCycle: "h23" }).format(new Date(now)));
}

export async function refreshOfficialRates(env: Pick<ApiEnv, "DB" | "RATES_SOURCE" | "ENVIRONMENT">, now: number, provider: RateProvider | null = rateProvider(env)): Promise<RefreshOutcome> {
  if (!provider) return { outcome: "off", stored: 0 };
  const db = env.DB;
  const today = todayInZone(LIMA, now);
  const [newestResult, triedResult] = await db.batch<{ day: string | null; tried_at: number | null }>(fetchStateStatements(db, provider.source));
  const newest = newestResult?.results[0]?.day ?? null;
  const triedAt = triedResult?.results[0]?.tried_at ?? null;
  if (newest && newest >= today) return { outcome: "fresh", stored: 0 };
  if (triedAt !== null && now - triedAt < RETRY_AFTER_MS) return { outcome: "waiting", stored: 0 };
  if (newest && newest >= previousBusinessDay(today) && limaHour(now) < PUBLISHED_BY_HOUR) return { outcome: "waiting", stored: 0 };

  const from = newest && newest >= addDays(today, -FIRST_FETCH_DAYS) ? addDays(newest, -REREAD_DAYS) : addDays(today, -FIRST_FETCH_DAYS);
  let rates;
  try {
    rates = await provider.fetchRange(from, today);
  } catch (error) {
    const outcome = error instanceof RateFormatError ? "refused" : "failed";
    console.error(JSON.stringify({ event: "rates-fetch-" + outcome, source: provider.source, message: String(error), day: dayInZone(now, LIMA) }));
    await logFetch(db, provider.source, now, outcome, 0).run();
    return { outcome, stored: 0 };
  }
  // A day not yet begun in Lima is never stored (a recorded answer may hold any days).
  const due = rates.filter((rate) => rate.day <= today);
  await db.batch([...due.map((rate) => upsertOfficialRate(db, rate, now)), logFetch(db, provider.source, now, "stored", due.length), dropOldFetches(db, provider.source, now - KEEP_FETCH_LOG_MS)]);
  return { outcome: "stored", stored: due.length };
}
