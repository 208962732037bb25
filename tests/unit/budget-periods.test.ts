import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../../core/dates";
import { carriedInto, cycleStartIn, daysBetween, daysLeft, nextPeriod, periodOf, periodsBetween, previousPeriod, type PeriodRule } from "../../core/budget-periods";

const monthly: PeriodRule = { kind: "monthly", cycleDay: 1 };
const quincena: PeriodRule = { kind: "quincena", cycleDay: 1 };
const cycle = (cycleDay: number): PeriodRule => ({ kind: "payCycle", cycleDay });

describe("budget periods at month ends", () => {
  it("monthly and quincena end on the month's last day (Feb 28/29, 30/31)", () => {
    expect(periodOf(monthly, "2026-02-14")).toEqual({ start: "2026-02-01", end: "2026-02-28" });
    expect(periodOf(monthly, "2028-02-29")).toEqual({ start: "2028-02-01", end: "2028-02-29" });
    expect(periodOf(quincena, "2026-02-15")).toEqual({ start: "2026-02-01", end: "2026-02-15" });
    expect(periodOf(quincena, "2026-02-16")).toEqual({ start: "2026-02-16", end: "2026-02-28" });
    expect(periodOf(quincena, "2028-02-29")).toEqual({ start: "2028-02-16", end: "2028-02-29" });
    expect(periodOf(quincena, "2026-04-30")).toEqual({ start: "2026-04-16", end: "2026-04-30" });
    expect(periodOf(quincena, "2026-12-31")).toEqual({ start: "2026-12-16", end: "2026-12-31" });
    expect(nextPeriod(quincena, periodOf(quincena, "2026-12-31"))).toEqual({ start: "2027-01-01", end: "2027-01-15" });
  });

  it("a pay cycle on day 29–31 starts on a shorter month's last day", () => {
    expect(cycleStartIn("2026-02", 31)).toBe("2026-02-28");
    expect(cycleStartIn("2028-02", 30)).toBe("2028-02-29");
    expect(cycleStartIn("2026-04", 31)).toBe("2026-04-30");
    expect(periodOf(cycle(31), "2026-02-27")).toEqual({ start: "2026-01-31", end: "2026-02-27" });
    expect(periodOf(cycle(31), "2026-02-28")).toEqual({ start: "2026-02-28", end: "2026-03-30" });
    expect(periodOf(cycle(31), "2026-03-31")).toEqual({ start: "2026-03-31", end: "2026-04-29" });
    expect(periodOf(cycle(30), "2028-03-01")).toEqual({ start: "2028-02-29", end: "2028-03-29" });
    expect(periodOf(cycle(25), "2026-01-10")).toEqual({ start: "2025-12-25", end: "2026-01-24" });
    expect(previousPeriod(cycle(25), periodOf(cycle(25), "2026-01-10"))).toEqual({ start: "2025-11-25", end: "2025-12-24" });
  });

  it("days left count today, and the whole period before it begins", () => {
    const p = { start: "2026-11-16", end: "2026-11-30" };
    expect(daysLeft(p, "2026-11-30")).toBe(1);
    expect(daysLeft(p, "2026-11-16")).toBe(15);
    expect(daysLeft(p, "2026-11-10")).toBe(15);
    expect(daysLeft(p, "2026-12-01")).toBe(0);
  });

  it("periods tile the calendar: each contains its days, the next starts the day after, none is shorter than 13 or longer than 31 days", () => {
    const rule = fc.oneof(fc.constant(monthly), fc.constant(quincena), fc.integer({ min: 1, max: 31 }).map(cycle));
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays("2024-01-01", n));
    fc.assert(
      fc.property(rule, day, (r, d) => {
        const p = periodOf(r, d);
        expect(p.start <= d && d <= p.end).toBe(true);
        const next = nextPeriod(r, p);
        expect(next.start).toBe(addDays(p.end, 1));
        expect(previousPeriod(r, next)).toEqual(p);
        const length = daysBetween(p.start, p.end) + 1;
        expect(length).toBeGreaterThanOrEqual(13);
        expect(length).toBeLessThanOrEqual(31);
        expect(periodOf(r, p.start)).toEqual(p);
        expect(periodOf(r, p.end)).toEqual(p);
      }),
      { numRuns: 2000 },
    );
  });

  it("lists the periods from a start day to a period, oldest first", () => {
    expect(periodsBetween(quincena, "2026-10-20", periodOf(quincena, "2026-11-02")).map((p) => p.start)).toEqual(["2026-10-16", "2026-11-01"]);
    expect(periodsBetween(monthly, "2026-12-01", periodOf(monthly, "2026-11-02"))).toEqual([]);
  });
});

describe("rollover", () => {
  it("carries nothing, the unspent part, or unspent and overspending", () => {
    expect(carriedInto(100, "none", [20, 300])).toBe(0);
    expect(carriedInto(100, "unspent", [20, 300])).toBe(0);
    expect(carriedInto(100, "unspent", [300, 20])).toBe(80);
    expect(carriedInto(100, "all", [20, 300])).toBe(-120);
    expect(carriedInto(100, "all", [])).toBe(0);
  });
});
