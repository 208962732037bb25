/** The overview's loader: one API call for the chosen month, the month before it, the latest movements and the accounts. */
import type { RouterContextProvider } from "react-router";
import type { Account, CurrencyTotal, Transaction } from "../../../core/api-types/ledger";
import type { BudgetSummary } from "../../../core/api-types/budgets";
import type { NetWorthOut } from "../../../core/api-types/rates";
import type { Occurrence } from "../../../core/api-types/schedules";
import { newIdempotencyKey } from "../../forms/idempotency-key";
import { addDays, EARLIEST_RECORD_DAY, latestRecordDay, monthBounds, todayInZone } from "../../../core/dates";
import { sumMinor } from "../../../core/money";
import { apiFor } from "../../server/api.server";
import { unwrap } from "../../server/ledger.server";
import { requireUser } from "../../server/session.server";

const RECENT = 10;

type Flow = { currency: string; inMinor: number; outMinor: number };
type OptionalSummaryFields = "carriedMinor" | "leftMinor" | "leftOut" | "countsFrom" | "begun";

interface OverviewAnswer {
  recent: Transaction[];
  flows: Array<Flow & { spending: Array<{ id: string; name: string | null; color: string; minor: number }> }>;
  compared?: Flow[];
  accounts?: Account[];
  accountTotals?: CurrencyTotal[];
  /**
   * An API from before ADR 075 (the Workers deploy one after the other) answers without what
   * carried in; one from before ADR 080 without the day it counts from.
   */
  budgets?: Array<Omit<BudgetSummary, OptionalSummaryFields> & Partial<Pick<BudgetSummary, OptionalSummaryFields>>>;
  netWorth?: NetWorthOut;
  upcoming?: { today: string; occurrences: Occurrence[] };
}

/** The month of `?month=YYYY-MM` when it is one a record may be in, else the one holding `today`. */
export function chosenMonth(param: string | null, today: string): string {
  if (param && /^\d{4}-(0[1-9]|1[0-2])$/.test(param) && `${param}-01` >= EARLIEST_RECORD_DAY && `${param}-01` <= latestRecordDay()) return param;
  return today.slice(0, 7);
}

export async function overviewData(request: Request, context: Readonly<RouterContextProvider>) {
  const { user } = requireUser(context);
  const api = apiFor(request, context);
  const today = todayInZone(user.timeZone);
  const month = chosenMonth(new URL(request.url).searchParams.get("month"), today);
  const { first, last } = monthBounds(`${month}-01`);
  const previous = monthBounds(addDays(first, -1));
  // One call: the API aggregates both months in SQL and adds the accounts in the same D1 batch.
  const overview = unwrap(
    await api.get<OverviewAnswer>("/overview", { query: { from: first, to: last, compareFrom: previous.first, compareTo: previous.last, recent: RECENT, include: "accounts,budgets,networth,upcoming" } }),
    request,
  );
  // An API from before `include` (the Workers deploy one after the other) answers without them.
  const listed = overview.accounts && overview.accountTotals ? { accounts: overview.accounts, totals: overview.accountTotals } : unwrap(await api.get<{ accounts: Account[]; totals: CurrencyTotal[] }>("/accounts"), request);
  const accounts = listed.accounts.filter((a) => !a.archived);
  // Archived accounts' movements still count in the month and the latest list, under their names.
  const names = new Map(listed.accounts.map((a) => [a.id, a.name]));
  const recent = overview.recent.map((tx) => ({ ...tx, accountName: names.get(tx.accountId) ?? "", transferAccountName: tx.transferAccountId ? (names.get(tx.transferAccountId) ?? "") : null }));
  // Per currency, never added across currencies; transfers between own accounts are left out by the API.
  const monthFlows = overview.flows.map((flow) => ({
    currency: flow.currency,
    inMinor: flow.inMinor,
    outMinor: flow.outMinor,
    netMinor: flow.inMinor + flow.outMinor,
    // The chart's whole: its buckets are net of refunds (ADR 013), so their sum, not the money out.
    spendingMinor: sumMinor(flow.spending.map((bucket) => bucket.minor)),
    spending: flow.spending,
  }));
  return {
    accounts,
    archived: listed.accounts.length - accounts.length,
    totals: listed.totals,
    recent,
    month: monthFlows,
    compared: overview.compared ?? [],
    monthStart: first,
    monthEnd: last,
    previousStart: previous.first,
    nextMonth: addDays(last, 1).slice(0, 7),
    thisMonth: today.slice(0, 7),
    today,
    budgets: (overview.budgets ?? []).map((budget): BudgetSummary => ({ ...budget, carriedMinor: budget.carriedMinor ?? 0, leftMinor: budget.leftMinor ?? budget.budgetedMinor - budget.spentMinor, leftOut: budget.leftOut ?? 0, countsFrom: budget.countsFrom ?? budget.period.start, begun: budget.begun ?? true })),
    netWorth: overview.netWorth ?? null,
    upcoming: overview.upcoming ?? null,
    nonce: newIdempotencyKey(),
  };
}

export type OverviewData = Awaited<ReturnType<typeof overviewData>>;
