/**
 * A budget line's bar, on its own: the overview's budget card needs only this, and importing it from
 * budget-report.tsx brought that page's components and icons into the overview's first visit.
 */

/** The share of what the line had to spend that is spent, for its bar (0–100; a line with nothing to spend is full once spent on or overspent from before). */
export function spentShare(spent: number, available: number): number {
  if (available <= 0) return spent > 0 || available < 0 ? 100 : 0;
  return Math.max(0, Math.min(100, Math.round((spent * 100) / available)));
}
