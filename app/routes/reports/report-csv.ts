/**
 * The tables of /reports as CSV (ADR 059): UTF-8 with a BOM (spreadsheets then read accents), CRLF
 * lines, a header row in the user's language, months as YYYY-MM and amounts as bare decimals in
 * the reporting currency (named in its own column), as the transactions export writes them.
 */
import type { ReportsAnswer } from "../../../core/api-types/reports";
import { toDecimalString } from "../../../core/money";

export const REPORT_TABLES = ["net-worth", "cash-flow", "spending", "payees"] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

/** A spreadsheet would run a cell starting =, +, -, @ as a formula: such text gets a leading quote. */
const FORMULA_START = /^('*[=+\-@\t\r])/;

/** Written bare, as the transactions export writes amounts, dates and currencies: a decimal, a YYYY-MM month, a currency code. */
const BARE = /^(-?\d+(\.\d+)?|\d{4}-\d{2}|[A-Z]{3})$/;

function field(value: string | number): string {
  if (typeof value === "number" || BARE.test(value)) return String(value);
  return `"${value.replace(FORMULA_START, "'$1").replace(/"/g, '""')}"`;
}

const line = (values: Array<string | number>) => values.map(field).join(",") + "\r\n";

export function reportCsv(table: ReportTable, report: ReportsAnswer, t: (key: string) => string): string {
  const money = (minor: number) => toDecimalString(minor, report.currency);
  const currency = t("reports.csv.currency");
  const rows: Array<Array<string | number>> = [];
  if (table === "net-worth") {
    rows.push([t("reports.columns.month"), t("reports.columns.assets"), t("reports.columns.debts"), t("reports.columns.net"), currency]);
    for (const m of report.netWorth) rows.push([m.month, money(m.assetsMinor), money(m.debtsMinor), money(m.netMinor), report.currency]);
  } else if (table === "cash-flow") {
    rows.push([t("reports.columns.month"), t("reports.columns.in"), t("reports.columns.out"), t("reports.columns.net"), currency]);
    for (const m of report.cashFlow) rows.push([m.month, money(m.inMinor), money(m.outMinor), money(m.netMinor), report.currency]);
  } else if (table === "spending") {
    rows.push([t("reports.columns.category"), ...report.months, t("reports.columns.total"), currency]);
    for (const c of report.spending) rows.push([c.name ?? t("reports.uncategorized"), ...c.byMonth.map(money), money(c.totalMinor), report.currency]);
  } else {
    // "By currency" as the page's table has it: what a month without a rate left out of "Spent" is there.
    rows.push([t("reports.columns.payee"), t("reports.columns.spent"), t("reports.columns.count"), currency, t("reports.columns.native")]);
    for (const p of report.topPayees) rows.push([p.payee, money(p.minor), p.count, report.currency, p.native.filter((figure) => figure.minor !== 0).map((figure) => `${toDecimalString(figure.minor, figure.currency)} ${figure.currency}`).join("; ")]);
  }
  return "\uFEFF" + rows.map(line).join("");
}
