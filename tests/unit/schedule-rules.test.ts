import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, monthBounds, todayInZone } from "../../core/dates";
import { daysBetween, isOccurrence, isValidRule, nextOccurrence, nthOccurrence, occurrences, type ScheduleRule } from "../../core/schedule-rules";

const rule = (partial: Partial<ScheduleRule> & Pick<ScheduleRule, "kind" | "start">): ScheduleRule => ({ interval: 1, ...partial });

describe("schedule rules", () => {
  it("monthly on the 31st is the last day of every month, February included (leap and not)", () => {
    const r = rule({ kind: "monthlyDay", day: 31, start: "2027-12-01" });
    expect(occurrences(r, "2027-12-01", "2028-05-31")).toEqual(["2027-12-31", "2028-01-31", "2028-02-29", "2028-03-31", "2028-04-30", "2028-05-31"]);
    expect(occurrences(rule({ kind: "monthlyDay", day: 30, start: "2026-01-30" }), "2026-01-01", "2026-03-31")).toEqual(["2026-01-30", "2026-02-28", "2026-03-30"]);
  });

  it("monthly on a day starts with the first such day on or after the start", () => {
    expect(occurrences(rule({ kind: "monthlyDay", day: 5, start: "2026-11-06" }), "2026-11-01", "2027-01-31")).toEqual(["2026-12-05", "2027-01-05"]);
    expect(occurrences(rule({ kind: "monthlyDay", day: 5, start: "2026-11-05", interval: 2 }), "2026-11-01", "2027-03-31")).toEqual(["2026-11-05", "2027-01-05", "2027-03-05"]);
  });

  it("every month from the 31st keeps the 31st where the month has it", () => {
    expect(occurrences(rule({ kind: "months", start: "2026-01-31" }), "2026-01-01", "2026-05-31")).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);
  });

  it("quincena is the 15th and the last day", () => {
    expect(occurrences(rule({ kind: "quincena", start: "2028-01-20" }), "2028-01-01", "2028-03-20")).toEqual(["2028-01-31", "2028-02-15", "2028-02-29", "2028-03-15"]);
    expect(occurrences(rule({ kind: "quincena", start: "2026-02-15" }), "2026-02-01", "2026-02-28")).toEqual(["2026-02-15", "2026-02-28"]);
  });

  it("yearly on 29 February falls on the 28th in other years", () => {
    expect(occurrences(rule({ kind: "yearly", start: "2028-02-29" }), "2028-01-01", "2032-12-31")).toEqual(["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]);
  });

  it("every N days and weeks; an end date and a count stop it", () => {
    expect(occurrences(rule({ kind: "weeks", interval: 2, start: "2026-11-02" }), "2026-11-01", "2026-12-31")).toEqual(["2026-11-02", "2026-11-16", "2026-11-30", "2026-12-14", "2026-12-28"]);
    expect(occurrences(rule({ kind: "days", interval: 10, start: "2026-11-02", end: "2026-11-22" }), "2026-01-01", "2027-01-01")).toEqual(["2026-11-02", "2026-11-12", "2026-11-22"]);
    // The count is counted from the start, whatever window is asked for.
    const counted = rule({ kind: "months", start: "2026-01-10", count: 3 });
    expect(occurrences(counted, "2026-03-01", "2026-12-31")).toEqual(["2026-03-10"]);
    expect(nextOccurrence(counted, "2026-03-11")).toBeNull();
  });

  it("refuses rules that cannot happen", () => {
    expect(isValidRule(rule({ kind: "monthlyDay", day: 32, start: "2026-01-01" }))).toBe(false);
    expect(isValidRule(rule({ kind: "days", interval: 0, start: "2026-01-01" }))).toBe(false);
    expect(isValidRule(rule({ kind: "days", start: "2026-02-30" }))).toBe(false);
    expect(isValidRule(rule({ kind: "days", start: "2026-02-10", end: "2026-02-09" }))).toBe(false);
    expect(isValidRule(rule({ kind: "quincena", start: "2026-02-10", count: 24 }))).toBe(true);
  });

  it("what is due turns over at Lima's midnight, not UTC's", () => {
    const r = rule({ kind: "monthlyDay", day: 31, start: "2026-01-01" });
    // 04:59 UTC on 1 March is 23:59 on 28 February in Lima (UTC−5): February's last day is due, March's first is not.
    const beforeMidnight = Date.UTC(2026, 2, 1, 4, 59);
    const today = todayInZone("America/Lima", beforeMidnight);
    expect(today).toBe("2026-02-28");
    expect(occurrences(r, "2026-02-01", today)).toEqual(["2026-02-28"]);
    expect(todayInZone("America/Lima", beforeMidnight + 60_000)).toBe("2026-03-01");
    expect(occurrences(rule({ kind: "monthlyDay", day: 1, start: "2026-01-01" }), "2026-02-02", todayInZone("America/Lima", beforeMidnight))).toEqual([]);
  });
});

const kinds = fc.constantFrom("days", "weeks", "months", "monthlyDay", "quincena", "yearly" as const);
const day = fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2060-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const anyRule = fc.record({
  kind: kinds,
  interval: fc.integer({ min: 1, max: 6 }),
  day: fc.integer({ min: 1, max: 31 }),
  start: day,
  count: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
});

describe("schedule rules (properties)", () => {
  it("occurrences of any window are the walk from the start, cut to that window", () => {
    fc.assert(
      fc.property(anyRule, fc.integer({ min: -400, max: 3000 }), fc.integer({ min: 0, max: 400 }), (r, offset, width) => {
        const from = addDays(r.start, offset);
        const to = addDays(from, width);
        const walked: string[] = [];
        for (let n = 0; n < 4000; n += 1) {
          const d = nthOccurrence(r, n);
          if (d > to || (r.count != null && n >= r.count)) break;
          if (d >= from) walked.push(d);
        }
        expect(occurrences(r, from, to, 10_000)).toEqual(walked);
      }),
      { numRuns: 300 },
    );
  });

  it("every occurrence is a real day on or after the start, strictly increasing, on the rule's day of the month", () => {
    fc.assert(
      fc.property(anyRule, (r) => {
        let previous = "";
        for (let n = 0; n < 30; n += 1) {
          const d = nthOccurrence(r, n);
          expect(d > previous).toBe(true);
          expect(d >= r.start).toBe(true);
          expect(isOccurrence(r, d)).toBe(r.count == null || n < r.count);
          const last = monthBounds(d).last;
          if (r.kind === "quincena") expect(d.endsWith("-15") || d === last).toBe(true);
          if (r.kind === "monthlyDay") expect(Number(d.slice(8)) === r.day || (d === last && Number(d.slice(8)) < r.day)).toBe(true);
          if (r.kind === "days") expect(daysBetween(r.start, d)).toBe(n * r.interval);
          previous = d;
        }
      }),
      { numRuns: 300 },
    );
  });
});
