/** Shapes of the schedules API (ADR 058) as the pages read them. */
import type { RuleKind } from "../schedule-rules";
import type { ScheduleMode } from "../schemas/schedules";

export interface Schedule {
  id: string;
  accountId: string;
  accountName: string;
  currency: string;
  /** A transfer's other account (null for a plain movement). */
  toAccountId: string | null;
  toAccountName: string | null;
  toCurrency: string | null;
  /** Signed decimal: money out is negative. A transfer's is what leaves the account (positive). */
  amount: string;
  amountMinor: number;
  toAmount: string | null;
  toAmountMinor: number | null;
  description: string;
  categoryId: string | null;
  payee: string | null;
  kind: RuleKind;
  interval: number;
  day: number | null;
  start: string;
  end: string | null;
  count: number | null;
  estimate: boolean;
  mode: ScheduleMode;
  /** The next occurrence not posted nor skipped (null: the schedule has ended). */
  nextDate: string | null;
  /** The archived account (its name) that keeps it from posting (ADR 087); null while both are open. */
  pausedBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface Occurrence {
  scheduleId: string;
  date: string;
  accountId: string;
  accountName: string;
  toAccountId: string | null;
  toAccountName: string | null;
  currency: string;
  amount: string;
  amountMinor: number;
  description: string;
  payee: string | null;
  categoryId: string | null;
  estimate: boolean;
  mode: ScheduleMode;
  /** Its day has come (a "to confirm" schedule's due ones wait for the user). */
  due: boolean;
  /** Its amount or description was changed for this day only. */
  edited: boolean;
}

export interface ScheduleSuggestion {
  key: string;
  accountId: string;
  accountName: string;
  currency: string;
  description: string;
  payee: string | null;
  categoryId: string | null;
  amount: string;
  amountMinor: number;
  kind: RuleKind;
  interval: number;
  day: number | null;
  start: string;
  /** How many past movements it was found from. */
  seen: number;
  estimate: boolean;
}
