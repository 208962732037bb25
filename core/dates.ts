/**
 * The one date and time-zone module. A transaction's date is a calendar day in the user's time
 * zone (`YYYY-MM-DD`), never a UTC midnight; instants (created, last seen) are epoch
 * milliseconds and are shown in the user's time zone.
 */
import { defaultTimeZone } from "./i18n/config";
import { intlLocale } from "./money";
import { foldedForMatching } from "./plain-text";

export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Building an Intl.DateTimeFormat costs milliseconds of CPU (ICU builds a pattern generator),
 * using one costs microseconds: every formatter in the app comes from this cache, one per locale
 * and options. The key set is small and bounded (locales × zones × a few styles).
 */
const DATE_TIME_FORMATS = new Map<string, Intl.DateTimeFormat>();
const DATE_TIME_FORMATS_MAX = 500;

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = DATE_TIME_FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    // Zone names are case-insensitive, so input could mint endless keys: past the cap, no caching.
    if (DATE_TIME_FORMATS.size < DATE_TIME_FORMATS_MAX) DATE_TIME_FORMATS.set(key, format);
  }
  return format;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    dateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A valid time zone as the time zone database names it: "pacific/pago_pago" is accepted by Intl
 * but was stored and shown as typed. Call only with a zone `isValidTimeZone` accepted.
 */
export function canonicalTimeZone(timeZone: string): string {
  return dateTimeFormat("en", { timeZone }).resolvedOptions().timeZone;
}

/** A zone's city as people type it: "Sao_Paulo", "são paulo" and "SAO PAULO" are the same. */
const cityKey = (text: string) => foldedForMatching(text.replace(/_/g, " "));

/** Where a city's zone id may start; tried when the runtime's list names it otherwise (V8 lists "Asia/Calcutta", not "Asia/Kolkata"). */
const ZONE_REGIONS = ["America", "Europe", "Asia", "Africa", "Australia", "Pacific", "Atlantic", "Indian", "Antarctica"];

/** Every IANA zone the runtime lists (none where it cannot list them: ids still work). */
export function supportedTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
}

let zonesByCity: Map<string, string | null> | null = null;

/**
 * The zone a person means: its id in any case ("america/lima"), or its city alone, as the field's
 * hint suggests ("Lima", "new york", "São Paulo"). Null when the text names no zone, or a city
 * two zones share.
 */
export function timeZoneFromInput(text: string): string | null {
  const value = text.trim();
  if (isValidTimeZone(value)) return canonicalTimeZone(value);
  if (!zonesByCity) {
    zonesByCity = new Map();
    for (const zone of supportedTimeZones()) {
      const city = cityKey(zone.slice(zone.lastIndexOf("/") + 1));
      zonesByCity.set(city, zonesByCity.has(city) ? null : zone);
    }
  }
  const city = cityKey(value);
  if (zonesByCity.has(city)) return zonesByCity.get(city) ?? null;
  // Not in the list under this name: a current name the runtime lists under an older one
  // ("Kolkata", "Kyiv"), or a runtime without the list. Intl knows the ids either way.
  const asId = value.replace(/\s+/g, "_");
  for (const region of ZONE_REGIONS) if (isValidTimeZone(`${region}/${asId}`)) return canonicalTimeZone(`${region}/${asId}`);
  return null;
}

/** Whether `YYYY-MM-DD` names a real calendar day (2026-02-30 does not). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Next calendar year: the last a record's year may be (`latestRecordDay` adds a day, which on 31 December is the year after). */
export function latestRecordYear(now: number = Date.now()): number {
  return new Date(now).getUTCFullYear() + 1;
}

/**
 * The days a transaction or an opening balance may carry. Any real day parses, but a year of 0226
 * or 2062 is a slip of the keyboard that would sort the entry out of sight and into the wrong
 * month's totals. Up to a year ahead leaves room for post-dated and scheduled payments; the extra
 * day makes "a year from today" hold in every time zone without knowing the user's.
 */
export const EARLIEST_RECORD_DAY = "1900-01-01";
export function latestRecordDay(now: number = Date.now()): string {
  const today = new Date(now).toISOString().slice(0, 10);
  return addDays(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`, 1);
}

/**
 * Whether a real day lies in the window a record may carry (see `EARLIEST_RECORD_DAY`). A loop
 * over many days (an import) passes `latest` once rather than making it again for each.
 */
export function isRecordDay(day: string, latest: string = latestRecordDay()): boolean {
  return day >= EARLIEST_RECORD_DAY && day <= latest;
}

/** The calendar day an instant falls on in a time zone. */
export function dayInZone(instant: number | Date, timeZone: string = defaultTimeZone): string {
  const parts = dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

export function todayInZone(timeZone: string = defaultTimeZone, now: number = Date.now()): string {
  return dayInZone(now, timeZone);
}

/** Adds whole days to a calendar day (pure calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** First and last calendar day of the month that contains `day`. */
export function monthBounds(day: string): { first: string; last: string } {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const first = `${day.slice(0, 7)}-01`;
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { first, last };
}

/** A page shows a few dozen days, many twice or more; their text never changes. Bounded, cleared when full. */
const FORMATTED_DAYS = new Map<string, string>();
const FORMATTED_DAYS_MAX = 4_000;

/** A calendar day for people ("Nov 21, 2026" / "21 nov. 2026"); formatted at noon UTC so no zone can shift it. */
export function formatDay(day: string, locale: string, style: "medium" | "long" | "short" = "medium"): string {
  const key = `${locale}|${style}|${day}`;
  let text = FORMATTED_DAYS.get(key);
  if (text === undefined) {
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    text = dateTimeFormat(intlLocale(locale), { dateStyle: style, timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d, 12)));
    if (FORMATTED_DAYS.size >= FORMATTED_DAYS_MAX) FORMATTED_DAYS.clear();
    FORMATTED_DAYS.set(key, text);
  }
  return text;
}

/** An instant for people, in the user's time zone. */
export function formatInstant(instant: number, locale: string, timeZone: string = defaultTimeZone): string {
  return dateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeStyle: "short", timeZone }).format(instant);
}
