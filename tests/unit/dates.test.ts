import { describe, expect, it } from "vitest";
import { addDays, dayInZone, formatDay, isIsoDay, isRecordDay, isValidTimeZone, latestRecordDay, monthBounds, timeZoneFromInput, todayInZone } from "../../core/dates";

describe("dates", () => {
  it("reads a time zone from its id in any case or from its city alone", () => {
    expect(["America/Lima", "america/lima", " Lima ", "lima", "new york", "São Paulo", "sao_paulo"].map(timeZoneFromInput)).toEqual([
      "America/Lima",
      "America/Lima",
      "America/Lima",
      "America/Lima",
      "America/New_York",
      "America/Sao_Paulo",
      "America/Sao_Paulo",
    ]);
    // Deeper ids by their last part too (ICU versions differ on whether it is America/Argentina/…).
    expect(timeZoneFromInput("Buenos Aires")).toMatch(/\/Buenos_Aires$/);
    // A current name the runtime lists under an older one (V8: Asia/Calcutta) is still a zone.
    expect(timeZoneFromInput("Kolkata")).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
    expect(timeZoneFromInput("Kyiv")).toMatch(/^Europe\/(Kyiv|Kiev)$/);
    expect(["Atlantis", "", "Mars/Olympus_Mons", "America"].map(timeZoneFromInput)).toEqual([null, null, null, null]);
  });

  it("takes the calendar day in Lima, not in UTC", () => {
    // 03:00 UTC on the 21st is still the 20th in Lima (UTC-5).
    expect(dayInZone(Date.UTC(2026, 10, 21, 3, 0), "America/Lima")).toBe("2026-11-20");
    expect(dayInZone(Date.UTC(2026, 10, 21, 3, 0), "Asia/Tokyo")).toBe("2026-11-21");
    expect(todayInZone("America/Lima", Date.UTC(2026, 0, 1, 4, 59))).toBe("2025-12-31");
  });

  it("validates days and zones", () => {
    expect(isIsoDay("2026-02-28")).toBe(true);
    expect(isIsoDay("2026-02-30")).toBe(false);
    expect(isIsoDay("2026-2-3")).toBe(false);
    expect(isValidTimeZone("America/Lima")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
  });

  it("keeps a record's day between 1900 and a year (and a day) after today", () => {
    const now = Date.UTC(2026, 10, 22, 12);
    const latest = latestRecordDay(now);
    expect(latest).toBe("2027-11-23");
    // Whatever the user's zone, the same day a year after their today is allowed, at any hour:
    // 04:30 UTC on the 23rd is still the 22nd in Lima; 10:30 UTC on the 22nd is the 23rd on Kiritimati (UTC+14).
    for (const instant of [Date.UTC(2026, 10, 23, 4, 30), Date.UTC(2026, 10, 22, 10, 30), Date.UTC(2026, 10, 22, 23, 59), Date.UTC(2026, 10, 23, 0, 1)]) {
      for (const zone of ["America/Lima", "Pacific/Pago_Pago", "Asia/Tokyo", "Pacific/Kiritimati"]) {
        const today = todayInZone(zone, instant);
        const yearOn = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
        expect(isRecordDay(yearOn, latestRecordDay(instant)), `${zone} at ${new Date(instant).toISOString()}`).toBe(true);
      }
    }
    expect(latestRecordDay(Date.UTC(2028, 1, 29))).toBe("2029-03-02");
    expect(isRecordDay("1900-01-01", latest)).toBe(true);
    expect(isRecordDay("1899-12-31", latest)).toBe(false);
    expect(isRecordDay("2027-11-23", latest)).toBe(true);
    expect(isRecordDay("2027-11-24", latest)).toBe(false);
    expect(isRecordDay("0226-11-22", latest)).toBe(false);
    expect(isRecordDay("2062-11-22", latest)).toBe(false);
  });

  it("does calendar arithmetic", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(monthBounds("2026-02-14")).toEqual({ first: "2026-02-01", last: "2026-02-28" });
  });

  it("formats a day the same in any zone, in both languages", () => {
    expect(formatDay("2026-11-21", "en")).toBe("Nov 21, 2026");
    expect(formatDay("2026-11-21", "es")).toMatch(/^21 nov\.? 2026$/);
    // Remembered texts stay apart per language and style, and the second call answers the same.
    for (const [locale, style] of [["en", "long"], ["es", "long"], ["en", "medium"], ["es", "short"]] as const) {
      const fresh = new Intl.DateTimeFormat(locale === "es" ? "es-PE" : "en-PE", { dateStyle: style, timeZone: "UTC" }).format(new Date(Date.UTC(2026, 0, 5, 12)));
      expect(formatDay("2026-01-05", locale, style)).toBe(fresh);
      expect(formatDay("2026-01-05", locale, style)).toBe(fresh);
    }
  });
});
