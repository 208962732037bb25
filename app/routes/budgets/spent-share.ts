/**
 * A budget line's bar, on its own: the overview's budget card needs only this, and importing it from
 * budget-report.tsx brought that page's components and icons into the overview's first visit.
 */

/** The share of what the line had to spend that is spent, for its bar (0–100; an empty line with spending is full). */
export function spentShare(spent: number, available: number): number {
  if (available <= 0) return spent > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, Math.round((spent * 100) / available)));
}
