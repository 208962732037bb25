/**
 * The four reports of /reports, each a server-drawn chart (app/ui/charts) with the table of its
 * numbers beside it and a CSV of that table (ADR 059). The tables are the accessible form of the
 * charts: a chart is one image with a title saying what it shows.
 */
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { ReportsAnswer, NativeFigure } from "../../../core/api-types/reports";
import { formatMoney, intlLocale } from "../../../core/money";
import { BarChart, Legend } from "../../ui/charts/bar-chart";
import { HBarChart } from "../../ui/charts/hbar-chart";
import { Money } from "../../ui/money";
import { vars } from "../../styles/theme.css";
import * as l from "../../styles/ledger.css";
import * as r from "./reports.css";

/** How many categories the chart stacks by name; the rest are one "Others" bar part (all are in the table). */
const CHART_CATEGORIES = 5;
const OTHERS_COLOR = "#94a3b8";

export function monthLabel(month: string, language: string, style: "short" | "long" = "short"): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale(language), { month: style, year: style === "short" ? "2-digit" : "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, 15)));
}

/** An axis figure: "S/ 12K", short enough for the chart's margin. */
function tickFormatter(currency: string, language: string) {
  const compact = new Intl.NumberFormat(intlLocale(language), { notation: "compact", maximumFractionDigits: 1 });
  const sign = formatMoney(0, currency).replace(/[\d.,\s\u00a0]+/g, "").trim();
  return (minor: number) => `${minor < 0 ? "-" : ""}${sign}\u00a0${compact.format(Math.abs(minor) / 100)}`;
}

function NativeList({ figures }: { figures: NativeFigure[] }) {
  if (!figures.length) return <span className={l.small}>—</span>;
  return (
    <span className={r.native}>
      {figures.map((f) => (
        <Money key={f.currency} minor={f.minor} currency={f.currency} />
      ))}
    </span>
  );
}

function ReportSection({ id, title, csvHref, children }: { id: string; title: string; csvHref: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className={r.section} data-testid={`report-${id}`}>
      <div className={l.headingRow}>
        <h2 id={id} className={l.sectionTitle}>
          {title}
        </h2>
        <a href={csvHref} download className={r.download} aria-label={t("reports.downloadNamed", { table: title })} data-testid={`csv-${id}`}>
          {t("reports.download")}
        </a>
      </div>
      {children}
    </section>
  );
}

function Table({ caption, head, children, testId }: { caption: string; head: ReactNode; children: ReactNode; testId: string }) {
  return (
    <div className={l.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={`${l.table} ${r.table}`} data-testid={testId}>
        <caption className={l.caption}>{caption}</caption>
        <thead>{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function ReportSections({ report, csvHref }: { report: ReportsAnswer; csvHref: (table: string) => string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const cur = report.currency;
  const tick = tickFormatter(cur, lang);
  const labels = report.months.map((m) => monthLabel(m, lang));
  const period = { from: monthLabel(report.from, lang, "long"), to: monthLabel(report.to, lang, "long"), currency: cur };
  const money = (minor: number) => formatMoney(minor, cur);
  const colors = { assets: vars.color.success, debts: vars.color.error, net: vars.color.info, in: vars.color.success, out: vars.color.error };

  const chartCategories = report.spending.slice(0, CHART_CATEGORIES);
  const others = report.spending.slice(CHART_CATEGORIES);
  const spendingSeries = [
    ...chartCategories.map((c) => ({ name: c.name ?? t("reports.uncategorized"), color: c.color, values: c.byMonth })),
    ...(others.length ? [{ name: t("reports.chart.others"), color: OTHERS_COLOR, values: report.months.map((_, i) => others.reduce((sum, c) => sum + (c.byMonth[i] ?? 0), 0)) }] : []),
  ];

  const first = report.netWorth[0];
  const last = report.netWorth[report.netWorth.length - 1];
  return (
    <>
      <ReportSection id="net-worth" title={t("reports.sections.netWorth")} csvHref={csvHref("net-worth")}>
        <BarChart
          testId="chart-net-worth"
          labels={labels}
          series={[
            { name: t("reports.columns.assets"), color: colors.assets, values: report.netWorth.map((m) => m.assetsMinor) },
            { name: t("reports.columns.debts"), color: colors.debts, values: report.netWorth.map((m) => m.debtsMinor) },
          ]}
          line={{ name: t("reports.columns.net"), color: colors.net, values: report.netWorth.map((m) => m.netMinor) }}
          title={t("reports.chart.netWorth", { ...period, first: money(first?.netMinor ?? 0), last: money(last?.netMinor ?? 0) })}
          formatTick={tick}
        />
        <Legend items={[{ name: t("reports.columns.assets"), color: colors.assets }, { name: t("reports.columns.debts"), color: colors.debts }, { name: t("reports.columns.net"), color: colors.net }]} />
        <Table
          testId="table-net-worth"
          caption={t("reports.sections.netWorth")}
          head={
            <tr>
              <th scope="col">{t("reports.columns.month")}</th>
              <th scope="col" className={r.numeric}>{t("reports.columns.assets")}</th>
              <th scope="col" className={r.numeric}>{t("reports.columns.debts")}</th>
              <th scope="col" className={r.numeric}>{t("reports.columns.net")}</th>
              <th scope="col">{t("reports.columns.native")}</th>
            </tr>
          }
        >
          {report.netWorth.map((m) => (
            <tr key={m.month} data-month={m.month}>
              <th scope="row" className={l.rowHeader}>{monthLabel(m.month, lang, "long")}</th>
              <td className={r.numeric}><Money minor={m.assetsMinor} currency={cur} /></td>
              <td className={r.numeric}><Money minor={m.debtsMinor} currency={cur} /></td>
              <td className={r.numeric}><Money minor={m.netMinor} currency={cur} /></td>
              <td><NativeList figures={mergeNative(m.assets, m.debts)} /></td>
            </tr>
          ))}
        </Table>
      </ReportSection>

      <ReportSection id="cash-flow" title={t("reports.sections.cashFlow")} csvHref={csvHref("cash-flow")}>
        <BarChart
          testId="chart-cash-flow"
          labels={labels}
          series={[
            { name: t("reports.columns.in"), color: colors.in, values: report.cashFlow.map((m) => m.inMinor) },
            { name: t("reports.columns.out"), color: colors.out, values: report.cashFlow.map((m) => m.outMinor) },
          ]}
          line={{ name: t("reports.columns.net"), color: colors.net, values: report.cashFlow.map((m) => m.netMinor) }}
          title={t("reports.chart.cashFlow", period)}
          formatTick={tick}
        />
        <Legend items={[{ name: t("reports.columns.in"), color: colors.in }, { name: t("reports.columns.out"), color: colors.out }, { name: t("reports.columns.net"), color: colors.net }]} />
        <Table
          testId="table-cash-flow"
          caption={t("reports.sections.cashFlow")}
          head={
            <tr>
              <th scope="col">{t("reports.columns.month")}</th>
              <th scope="col" className={r.numeric}>{t("reports.columns.in")}</th>
              <th scope="col" className={r.numeric}>{t("reports.columns.out")}</th>
              <th scope="col" className={r.numeric}>{t("reports.columns.net")}</th>
            </tr>
          }
        >
          {report.cashFlow.map((m) => (
            <tr key={m.month} data-month={m.month}>
              <th scope="row" className={l.rowHeader}>{monthLabel(m.month, lang, "long")}</th>
              <td className={r.numeric}><Money minor={m.inMinor} currency={cur} /></td>
              <td className={r.numeric}><Money minor={m.outMinor} currency={cur} /></td>
              <td className={r.numeric}><Money minor={m.netMinor} currency={cur} /></td>
            </tr>
          ))}
        </Table>
      </ReportSection>

      <ReportSection id="spending" title={t("reports.sections.spending")} csvHref={csvHref("spending")}>
        {report.spending.length ? (
          <>
            <BarChart
              testId="chart-spending"
              labels={labels}
              stacked
              series={spendingSeries}
              title={t("reports.chart.spending", { ...period, top: spendingSeries[0]?.name ?? "" })}
              formatTick={tick}
            />
            <Legend items={spendingSeries} />
            <Table
              testId="table-spending"
              caption={t("reports.sections.spending")}
              head={
                <tr>
                  <th scope="col">{t("reports.columns.category")}</th>
                  {report.months.map((m, i) => (
                    <th key={m} scope="col" className={r.numeric}>{labels[i]}</th>
                  ))}
                  <th scope="col" className={r.numeric}>{t("reports.columns.total")}</th>
                </tr>
              }
            >
              {report.spending.map((c) => (
                <tr key={c.id} data-category={c.id}>
                  <th scope="row" className={l.rowHeader}>
                    <span className={l.categoryDot} style={{ background: c.color }} aria-hidden="true" />
                    {c.name ?? t("reports.uncategorized")}
                  </th>
                  {c.byMonth.map((minor, i) => (
                    <td key={report.months[i]} className={r.numeric}><Money minor={minor} currency={cur} /></td>
                  ))}
                  <td className={r.numeric}><Money minor={c.totalMinor} currency={cur} /></td>
                </tr>
              ))}
            </Table>
          </>
        ) : (
          <p className={l.small}>{t("reports.empty")}</p>
        )}
      </ReportSection>

      <ReportSection id="payees" title={t("reports.sections.payees")} csvHref={csvHref("payees")}>
        {report.topPayees.length ? (
          <>
            <HBarChart
              testId="chart-payees"
              color={colors.out}
              rows={report.topPayees.map((p) => ({ name: p.payee, value: p.minor, label: money(p.minor) }))}
              title={t("reports.chart.payees", { ...period, count: report.topPayees.length })}
            />
            <Table
              testId="table-payees"
              caption={t("reports.sections.payees")}
              head={
                <tr>
                  <th scope="col">{t("reports.columns.payee")}</th>
                  <th scope="col" className={r.numeric}>{t("reports.columns.spent")}</th>
                  <th scope="col" className={r.numeric}>{t("reports.columns.count")}</th>
                  <th scope="col">{t("reports.columns.native")}</th>
                </tr>
              }
            >
              {report.topPayees.map((p) => (
                <tr key={p.payee}>
                  <th scope="row" className={`${l.rowHeader} ${l.userText}`}>{p.payee}</th>
                  <td className={r.numeric}><Money minor={p.minor} currency={cur} /></td>
                  <td className={r.numeric}>{new Intl.NumberFormat(intlLocale(lang)).format(p.count)}</td>
                  <td><NativeList figures={p.native} /></td>
                </tr>
              ))}
            </Table>
          </>
        ) : (
          <p className={l.small}>{t("reports.empty")}</p>
        )}
      </ReportSection>
    </>
  );
}

/** Assets and debts of a month end per currency, added (same currency only). */
function mergeNative(a: NativeFigure[], b: NativeFigure[]): NativeFigure[] {
  const sums = new Map<string, number>();
  for (const f of [...a, ...b]) sums.set(f.currency, (sums.get(f.currency) ?? 0) + f.minor);
  return [...sums].map(([currency, minor]) => ({ currency, minor }));
}
