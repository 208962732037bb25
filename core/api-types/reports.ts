/** Shape of GET /reports (ADR 059) as the /reports page reads it. Money in integer minor units. */

/** One currency's own figure, before conversion. */
export interface NativeFigure {
  currency: string;
  minor: number;
}

/** The rate a month's figures in `currency` were converted at: whose, and for which day. */
export interface ReportRate {
  month: string;
  currency: string;
  rate: string;
  source: "user" | "bcrp";
  publishedOn: string;
}

export interface NetWorthMonth {
  month: string;
  /** The last day of the month: balances are as of its end. */
  day: string;
  assetsMinor: number;
  debtsMinor: number;
  netMinor: number;
  assets: NativeFigure[];
  debts: NativeFigure[];
}

export interface CashFlowMonth {
  month: string;
  inMinor: number;
  outMinor: number;
  netMinor: number;
  in: NativeFigure[];
  out: NativeFigure[];
}

export interface CategorySpending {
  id: string;
  name: string | null;
  color: string;
  totalMinor: number;
  /** Aligned with `months`. */
  byMonth: number[];
  native: NativeFigure[];
}

export interface PayeeSpending {
  payee: string;
  minor: number;
  count: number;
  native: NativeFigure[];
}

export interface ReportsAnswer {
  currency: string;
  from: string;
  to: string;
  months: string[];
  accounts: Array<{ id: string; name: string; type: string; currency: string; archived: boolean }>;
  netWorth: NetWorthMonth[];
  cashFlow: CashFlowMonth[];
  spending: CategorySpending[];
  topPayees: PayeeSpending[];
  rates: ReportRate[];
  /** Currencies with no rate for some months: their figures are not in those months' converted totals. */
  leftOut: Array<{ currency: string; months: string[] }>;
}
