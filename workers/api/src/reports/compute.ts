/**
 * From the summary rows and the month-end rates to the reports (ADR 059). Every converted figure
 * is one `convertSum` of exact parts (core/exchange.ts), never a sum of rounded conversions; the
 * per-currency figures it came from are kept beside it. A currency with no rate for a month is
 * left out of that month's converted figures and named in `leftOut`.
 */
import type { CashFlowMonth, CategorySpending, NativeFigure, NetWorthMonth, PayeeSpending, ReportRate, ReportsAnswer } from "../../../../core/api-types/reports";
import { convertSum, SAME_CURRENCY, type ConvertPart, type RateFraction } from "../../../../core/exchange";
import { monthBounds } from "../../../../core/dates";
import { compareCurrencies } from "../../../../core/money";
import type { FoundRate, WantedRate } from "../rates/lookup";
import { categoryDisplayName } from "../ledger/model";
import type { ReportRows } from "./store";

/** Credit cards and loans are what the user owes; every other kind is what they have. */
export const DEBT_ACCOUNT_TYPES: ReadonlySet<string> = new Set(["credit_card", "loan"]);
const UNCATEGORIZED_COLOR = "#64748b";
const TOP_PAYEES = 10;

export const monthEnd = (month: string) => monthBounds(`${month}-01`).last;

/** Per-currency amounts, added exactly (integers). */
class CurrencySums {
  private readonly sums = new Map<string, number>();
  add(currency: string, minor: number) {
    this.sums.set(currency, (this.sums.get(currency) ?? 0) + minor);
  }
  list(): NativeFigure[] {
    return [...this.sums].filter(([, minor]) => minor !== 0).map(([currency, minor]) => ({ currency, minor })).sort((a, b) => compareCurrencies(a.currency, b.currency));
  }
}

/** The rates a report needs: each foreign currency of the kept accounts at each month's end. */
export function wantedRates(rows: ReportRows, months: readonly string[], reporting: string, kept: ReadonlySet<string>): WantedRate[] {
  const currencies = [...new Set(rows.accounts.filter((a) => kept.has(a.id) && a.currency !== reporting).map((a) => a.currency))].sort(compareCurrencies);
  return months.flatMap((month) => currencies.map((from) => ({ from, to: reporting, day: monthEnd(month) })));
}

export function buildReport(args: {
  rows: ReportRows;
  months: string[];
  from: string;
  to: string;
  kept: ReadonlySet<string>;
  reporting: string;
  rates: ReadonlyArray<FoundRate | null>;
  wanted: readonly WantedRate[];
  locale: string;
}): ReportsAnswer {
  const { rows, months, reporting, kept, locale } = args;
  const accounts = rows.accounts.filter((a) => kept.has(a.id));
  const currencyOf = new Map(accounts.map((a) => [a.id, a.currency]));
  const monthOfDay = new Map(months.map((m) => [monthEnd(m), m]));

  // month → currency → rate (null: none)
  const rateFor = new Map<string, FoundRate | null>();
  const usedRates: ReportRate[] = [];
  const missing = new Map<string, Set<string>>();
  args.wanted.forEach((w, i) => {
    const found = args.rates[i] ?? null;
    const month = monthOfDay.get(w.day)!;
    rateFor.set(`${month} ${w.from}`, found);
    if (found && found.source !== "same") usedRates.push({ month, currency: w.from, rate: found.shown, source: found.source, publishedOn: found.publishedOn });
  });
  const leftOutUsed = (month: string, currency: string) => {
    const set = missing.get(currency) ?? new Set<string>();
    set.add(month);
    missing.set(currency, set);
  };
  /**
   * One converted figure from per-currency parts: rounded once, parts without a rate left out.
   * Parts in one currency at one rate are added first (exact: Σ minor × rate = (Σ minor) × rate),
   * so a ten-year total is a handful of fractions, not one per month whose denominators multiply.
   */
  const convert = (parts: ReadonlyArray<{ month: string; currency: string; minor: number }>): number => {
    const convertible = new Map<string, ConvertPart>();
    const add = (currency: string, rate: RateFraction, minor: number) => {
      const key = currency === reporting ? currency : `${currency} ${rate.numerator}/${rate.denominator}`;
      const part = convertible.get(key);
      // Past 2^53 an added Number is no longer exact: that part stays apart (convertSum adds it as a BigInt).
      if (part && Number.isSafeInteger(part.minor + minor)) part.minor += minor;
      else convertible.set(part ? `${key} ${convertible.size}` : key, { minor, currency, rate });
    };
    for (const part of parts) {
      if (part.minor === 0) continue;
      if (part.currency === reporting) {
        add(part.currency, SAME_CURRENCY, part.minor);
        continue;
      }
      const found = rateFor.get(`${part.month} ${part.currency}`);
      if (!found) leftOutUsed(part.month, part.currency);
      else add(part.currency, found.fraction, part.minor);
    }
    return convertSum([...convertible.values()], reporting);
  };
  const monthParts = (month: string, figures: NativeFigure[]) => figures.map((f) => ({ month, currency: f.currency, minor: f.minor }));

  // Net worth: every net change up to each month's end, plus the opening balance once the account
  // has begun: from its opening day, or from an earlier movement's month, since the opening balance
  // is the balance before all of the account's movements, as its own running balance counts it
  // (an expense dated before the opening day leaves opening − expense, not −expense).
  const before = new Map<string, number>();
  const during = new Map<string, number>();
  for (const row of rows.balances) {
    if (!currencyOf.has(row.account_id)) continue;
    if (row.month === "") before.set(row.account_id, row.net);
    else during.set(`${row.account_id} ${row.month}`, row.net);
  }
  const running = new Map(accounts.map((a) => [a.id, before.get(a.id) ?? 0]));
  // A row (even of net zero) is a month with movements: month_totals keeps none without.
  const begun = new Set(accounts.filter((a) => before.has(a.id)).map((a) => a.id));
  const netWorth: NetWorthMonth[] = months.map((month) => {
    const day = monthEnd(month);
    const assets = new CurrencySums();
    const debts = new CurrencySums();
    for (const account of accounts) {
      const change = during.get(`${account.id} ${month}`);
      if (change !== undefined || account.opening_date <= day) begun.add(account.id);
      const balance = running.get(account.id)! + (change ?? 0);
      running.set(account.id, balance);
      const withOpening = balance + (begun.has(account.id) ? account.opening_balance : 0);
      (DEBT_ACCOUNT_TYPES.has(account.type) ? debts : assets).add(account.currency, withOpening);
    }
    const [assetList, debtList] = [assets.list(), debts.list()];
    return {
      month,
      day,
      assetsMinor: convert(monthParts(month, assetList)),
      debtsMinor: convert(monthParts(month, debtList)),
      netMinor: convert([...monthParts(month, assetList), ...monthParts(month, debtList)]),
      assets: assetList,
      debts: debtList,
    };
  });

  // Cash flow and spending by category, transfers already left out by the summary.
  const kindOf = new Map(rows.categories.map((c) => [c.id, c.kind]));
  const flowIn = new Map(months.map((m) => [m, new CurrencySums()]));
  const flowOut = new Map(months.map((m) => [m, new CurrencySums()]));
  const spent = new Map<string, Map<string, CurrencySums>>(); // category → month → currency sums
  for (const row of rows.flows) {
    const currency = currencyOf.get(row.account_id);
    if (!currency || !flowIn.has(row.month)) continue;
    flowIn.get(row.month)!.add(currency, row.inflow);
    flowOut.get(row.month)!.add(currency, row.outflow);
    // As the overview counts spending: an expense category's refunds lower it; elsewhere only money out counts.
    const category = row.category === "" ? "none" : row.category;
    const spending = kindOf.get(row.category) === "expense" ? -(row.inflow + row.outflow) : -row.outflow;
    if (spending === 0) continue;
    const byMonth = spent.get(category) ?? new Map<string, CurrencySums>();
    const sums = byMonth.get(row.month) ?? new CurrencySums();
    sums.add(currency, spending);
    byMonth.set(row.month, sums);
    spent.set(category, byMonth);
  }
  const cashFlow: CashFlowMonth[] = months.map((month) => {
    const [inList, outList] = [flowIn.get(month)!.list(), flowOut.get(month)!.list()];
    return {
      month,
      inMinor: convert(monthParts(month, inList)),
      outMinor: convert(monthParts(month, outList)),
      netMinor: convert([...monthParts(month, inList), ...monthParts(month, outList)]),
      in: inList,
      out: outList,
    };
  });

  const categoryRow = new Map(rows.categories.map((c) => [c.id, c]));
  const spending: CategorySpending[] = [...spent]
    .map(([id, byMonthSums]) => {
      const perMonth = months.map((month) => monthParts(month, byMonthSums.get(month)?.list() ?? []));
      const native = new CurrencySums();
      perMonth.flat().forEach((p) => native.add(p.currency, p.minor));
      const category = categoryRow.get(id);
      return {
        id,
        name: category ? categoryDisplayName(category.name, category.default_key, locale) : null,
        color: category?.color ?? UNCATEGORIZED_COLOR,
        totalMinor: convert(perMonth.flat()),
        byMonth: perMonth.map((parts) => convert(parts)),
        native: native.list(),
      };
    })
    .filter((c) => c.totalMinor > 0 || c.native.some((n) => n.minor > 0))
    .sort((a, b) => b.totalMinor - a.totalMinor || (a.name ?? "").localeCompare(b.name ?? ""));

  const payeeParts = new Map<string, { parts: Array<{ month: string; currency: string; minor: number }>; count: number }>();
  // Already summed per currency (and month, where a rate is needed) over the kept accounts.
  for (const row of rows.payees) {
    const entry = payeeParts.get(row.payee) ?? { parts: [], count: 0 };
    entry.parts.push({ month: row.month, currency: row.currency, minor: row.spent });
    entry.count += row.count;
    payeeParts.set(row.payee, entry);
  }
  const topPayees: PayeeSpending[] = [...payeeParts]
    .map(([payee, { parts, count }]) => {
      const native = new CurrencySums();
      parts.forEach((p) => native.add(p.currency, p.minor));
      return { payee, minor: convert(parts), count, native: native.list() };
    })
    .sort((a, b) => b.minor - a.minor || a.payee.localeCompare(b.payee))
    .slice(0, TOP_PAYEES);

  return {
    currency: reporting,
    from: args.from,
    to: args.to,
    months,
    accounts: rows.accounts.map((a) => ({ id: a.id, name: a.name, type: a.type, currency: a.currency, archived: a.archived === 1 })),
    netWorth,
    cashFlow,
    spending,
    topPayees,
    rates: usedRates,
    leftOut: [...missing].map(([currency, set]) => ({ currency, months: [...set].sort() })).sort((a, b) => compareCurrencies(a.currency, b.currency)),
  };
}
