import { describe, expect, it } from "vitest";
import { spentShare } from "../../app/routes/budgets/spent-share";

describe("a budget line's bar (spentShare)", () => {
  it("is the share spent of what the line had, rounded and bounded", () => {
    expect(spentShare(0, 10_000)).toBe(0);
    expect(spentShare(3_333, 10_000)).toBe(33);
    expect(spentShare(15_000, 10_000)).toBe(100);
    expect(spentShare(-500, 10_000)).toBe(0);
  });

  it("is full when the line had nothing and spent, or came in overspent and spent nothing (over budget, said in red)", () => {
    expect(spentShare(100, 0)).toBe(100);
    expect(spentShare(0, -5_000)).toBe(100);
    expect(spentShare(0, 0)).toBe(0);
  });
});
