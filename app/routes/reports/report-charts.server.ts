/**
 * The four charts of /reports, made in the loader (ADR 059): three drawn as SVG markup (the browser
 * receives pictures, not chart code), the top payees' rows for a small HTML component (ADR 088).
 * Colours are the theme's (light and dark) or the categories' own.
 */
import type { ReportsAnswer } from "../../../core/api-types/reports";
import { compactNumber, formatMoney } from "../../../core/money";
import { barChartSvg } from "../../ui/charts/bar-chart.server";
import type { HBarChartProps } from "../../ui/charts/hbar-chart";
import { vars } from "../../styles/theme.css";
import { monthLabel } from "./month-label";

/** How many categories the chart stacks by name; the rest are one "Others" part (all are in the table). */
const CHART_CATEGORIES = 5;
const OTHERS_COLOR = "#94a3b8";

export const REPORT_COLORS = { assets: vars.color.success, debts: vars.color.error, net: vars.color.info, in: vars.color.success, out: vars.color.error };

export interface ReportCharts {
  netWorth: string;
  cashFlow: string;
  spending: string | null;
  spendingKey: Array<{ name: string; color: string }>;
  payees: HBarChartProps | null;
}

/** A gridline's figure, short: "S/ 12.5K"; in Spanish "S/ 12.5 mil". */
function tickFormatter(currency: string, language: string) {
  const compact = compactNumber(language);
  const sign = formatMoney(0, currency).replace(/[\d.,\s\u00a0]+/g, "").trim();
  return (minor: number) => `${minor < 0 ? "-" : ""}${sign}\u00a0${compact(Math.abs(minor) / 100)}`;
}

/**
 * A payee's amount beside its bar. Spending in another currency with no rate for its months is not
 * in the converted figure: a lone "S/ 0.00" beside a US$ 32,500 car (session 36 QA) is said as
 * what was spent, unconverted, instead.
 */
function payeeLabel(p: ReportsAnswer["topPayees"][number], currency: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  const unconverted = p.minor === 0 && p.native.some((figure) => figure.currency !== currency && figure.minor !== 0);
  if (!unconverted) return formatMoney(p.minor, currency);
  return t("reports.chart.unconverted", { amounts: p.native.filter((figure) => figure.minor !== 0).map((figure) => formatMoney(figure.minor, figure.currency)).join(" + ") });
}

export function reportCharts(report: ReportsAnswer, t: (key: string, options?: Record<string, unknown>) => string, language: string): ReportCharts {
  const cur = report.currency;
  const formatTick = tickFormatter(cur, language);
  const labels = report.months.map((m) => monthLabel(m, language));
  const period = { from: monthLabel(report.from, language, "long"), to: monthLabel(report.to, language, "long"), currency: cur };
  const first = report.netWorth[0];
  const last = report.netWorth[report.netWorth.length - 1];

  const chartCategories = report.spending.slice(0, CHART_CATEGORIES);
  const others = report.spending.slice(CHART_CATEGORIES);
  const spendingSeries = [
    ...chartCategories.map((c) => ({ name: c.name ?? t("reports.uncategorized"), color: c.color, values: c.byMonth })),
    ...(others.length ? [{ name: t("reports.chart.others"), color: OTHERS_COLOR, values: report.months.map((_, i) => others.reduce((sum, c) => sum + (c.byMonth[i] ?? 0), 0)) }] : []),
  ];

  return {
    netWorth: barChartSvg({
      id: "chart-net-worth",
      labels,
      series: [
        { name: t("reports.columns.assets"), color: REPORT_COLORS.assets, values: report.netWorth.map((m) => m.assetsMinor) },
        { name: t("reports.columns.debts"), color: REPORT_COLORS.debts, values: report.netWorth.map((m) => m.debtsMinor) },
      ],
      line: { name: t("reports.columns.net"), color: REPORT_COLORS.net, values: report.netWorth.map((m) => m.netMinor) },
      title: t("reports.chart.netWorth", { ...period, first: formatMoney(first?.netMinor ?? 0, cur), last: formatMoney(last?.netMinor ?? 0, cur) }),
      formatTick,
    }),
    cashFlow: barChartSvg({
      id: "chart-cash-flow",
      labels,
      series: [
        { name: t("reports.columns.in"), color: REPORT_COLORS.in, values: report.cashFlow.map((m) => m.inMinor) },
        { name: t("reports.columns.out"), color: REPORT_COLORS.out, values: report.cashFlow.map((m) => m.outMinor) },
      ],
      line: { name: t("reports.columns.net"), color: REPORT_COLORS.net, values: report.cashFlow.map((m) => m.netMinor) },
      title: t("reports.chart.cashFlow", period),
      formatTick,
    }),
    spending: spendingSeries.length
      ? barChartSvg({ id: "chart-spending", labels, stacked: true, series: spendingSeries, title: t("reports.chart.spending", { ...period, top: spendingSeries[0]!.name }), formatTick })
      : null,
    spendingKey: spendingSeries.map(({ name, color }) => ({ name, color })),
    payees: report.topPayees.length
      ? {
          id: "chart-payees",
          color: REPORT_COLORS.out,
          rows: report.topPayees.map((p) => ({ name: p.payee, value: p.minor, label: payeeLabel(p, cur, t) })),
          title: t("reports.chart.payees", { ...period, count: report.topPayees.length }),
        }
      : null,
  };
}
