/**
 * The /reports page's filters as its GET form sends them (works without JavaScript): `period`
 * (last12, thisYear, lastYear or custom with `from` and `to` months) and `account` (repeated; none:
 * all accounts). Shared by the page and its CSV downloads, so a file holds what the page shows.
 */
import { addMonths, defaultPeriod } from "../../../core/report-months";

export const PERIODS = ["last12", "thisYear", "lastYear", "custom"] as const;
export type Period = (typeof PERIODS)[number];

export interface ReportFilters {
  period: Period;
  from: string;
  to: string;
  accounts: string[];
  /** The query the API is asked with (from, to, accounts). */
  apiQuery: Record<string, string>;
}

/** The filters of a /reports address; `today` is the user's day (YYYY-MM-DD, their time zone). */
export function reportFilters(url: URL, today: string): ReportFilters {
  const current = today.slice(0, 7);
  const asked = url.searchParams.get("period");
  const typed = `${url.searchParams.get("from")?.trim() ?? ""}/${url.searchParams.get("to")?.trim() ?? ""}`;
  // The form sends the months it showed (`shown`): months changed by hand mean a custom period,
  // whatever the period list still says (no script switches it); a new choice in the list wins otherwise.
  const shown = url.searchParams.get("shown");
  const edited = shown !== null && typed !== shown;
  const period: Period = edited ? "custom" : (PERIODS as readonly string[]).includes(asked ?? "") ? (asked as Period) : typed !== "/" ? "custom" : "last12";
  const year = current.slice(0, 4);
  const previousYear = String(Number(year) - 1).padStart(4, "0");
  const range =
    period === "thisYear"
      ? { from: `${year}-01`, to: current }
      : period === "lastYear"
        ? { from: `${previousYear}-01`, to: `${previousYear}-12` }
        : period === "custom"
          ? { from: url.searchParams.get("from")?.trim() ?? "", to: url.searchParams.get("to")?.trim() ?? "" }
          : defaultPeriod(current);
  // A custom period with one end given: twelve months from or to it (as the API reads it).
  const from = range.from || (range.to ? addMonths(range.to, -11) : defaultPeriod(current).from);
  const to = range.to || (range.from ? addMonths(range.from, 11) : current);
  const accounts = [...new Set(url.searchParams.getAll("account").map((a) => a.trim()).filter(Boolean))];
  const apiQuery: Record<string, string> = { from, to };
  if (accounts.length) apiQuery.accounts = accounts.join(",");
  return { period, from, to, accounts, apiQuery };
}
