import { describe, expect, it } from "vitest";
import { parseBcrpAnswer } from "../../workers/api/src/rates/bcrp";
import { RECORDED_BCRP_ANSWER } from "../../workers/api/src/rates/fixture-provider";
import { recordedRates } from "../../scripts/seed-rates.mjs";

describe("the rates seeded at start", () => {
  it("are the rows the Worker's parser reads from the recorded answer", () => {
    const key = (r: { day: string; currency: string }) => `${r.day} ${r.currency}`;
    const sorted = <T extends { day: string; currency: string }>(rows: T[]) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
    expect(sorted(recordedRates(RECORDED_BCRP_ANSWER))).toEqual(sorted(parseBcrpAnswer(RECORDED_BCRP_ANSWER)));
  });
});
