/** Shapes of the budgets API (ADR 057) as the pages read them. */
import type { PeriodKind, Rollover } from "../budget-periods";

export interface BudgetLine {
  id: string;
  /** null: the "everything else" line (spending in categories without a line of their own, and uncategorized). */
  categoryId: string | null;
  categoryName: string | null;
  categoryColor: string | null;
  amount: string;
  amountMinor: number;
  rollover: Rollover;
}

export interface Budget {
  id: string;
  name: string;
  currency: string;
  period: PeriodKind;
  cycleDay: number;
  startsOn: string;
  lines: BudgetLine[];
  createdAt: number;
  updatedAt: number;
}

export interface BudgetReportLine {
  lineId: string;
  categoryId: string | null;
  categoryName: string | null;
  categoryColor: string | null;
  rollover: Rollover;
  budgetedMinor: number;
  /** Carried in from the periods before (negative: overspending carried). */
  carriedMinor: number;
  spentMinor: number;
  /** Scheduled but not yet posted in the period (filled by schedules; 0 until then). */
  expectedMinor: number;
  /** budgeted + carried − spent. */
  leftMinor: number;
  /** The current period only: what is left shared over the days left (today included); null otherwise. */
  leftPerDayMinor: number | null;
  over: boolean;
}

export interface BudgetReport {
  budget: Budget;
  period: { start: string; end: string };
  /** The period's first counted day: its start, or the budget's start day within it (ADR 080). */
  countsFrom: string;
  /** None on the budget's first period: nothing is reported before it (ADR 080). */
  previous: { start: string; end: string } | null;
  next: { start: string; end: string };
  today: string;
  current: boolean;
  daysLeft: number;
  lines: BudgetReportLine[];
  totals: { currency: string; budgetedMinor: number; carriedMinor: number; spentMinor: number; expectedMinor: number; leftMinor: number; leftPerDayMinor: number | null };
  /** Transactions in other currencies without a rate for their day: not counted (in the period, and in the periods before, which rollover reads). */
  unconverted: { period: number; before: number };
  /** The period's transactions in other currencies counted at their day's rate (said on the page, ADR 083). */
  converted: number;
}

/** A budget's current period on the overview (`include=budgets`). */
export interface BudgetSummary {
  id: string;
  name: string;
  currency: string;
  period: { start: string; end: string };
  /** The period's first counted day: its start, or the budget's start day within it (ADR 080). */
  countsFrom: string;
  /** Whether the budget counts yet: today is on or after `countsFrom` (ADR 080). */
  begun: boolean;
  budgetedMinor: number;
  /** Carried in from the periods before by rollover; the card's "of" is budgeted plus this. */
  carriedMinor: number;
  spentMinor: number;
  leftMinor: number;
  over: boolean;
  overLines: number;
  /** Movements in another currency left out for want of a rate on their day: the period's and the earlier periods' its carried amounts read (ADR 083). */
  leftOut: number;
}
