/**
 * The four reports of /reports, each a server-drawn chart (app/ui/charts) with the table of its
 * numbers beside it and a CSV of that table (ADR 059). The tables are the accessible form of the
 * charts: a chart is one image with a title saying what it shows.
 */
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { ReportsAnswer, NativeFigure } from "../../../core/api-types/reports";
import { intlLocale } from "../../../core/money";
import { Chart, Legend } from "../../ui/charts/chart";
import { HBarChart } from "../../ui/charts/hbar-chart";
import { Money } from "../../ui/money";
import { monthLabel } from "./month-label";
import type { ReportCharts } from "./report-charts.server";
import * as l from "../../styles/ledger.css";
import * as r from "./reports.css";

/** The key's colours: the theme's, as the charts draw them (report-charts.server.ts). */
const KEY = { assets: "var(--color-success)", debts: "var(--color-error)", net: "var(--color-info)" };
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

export function ReportSections({ report, charts, csvHref }: { report: ReportsAnswer; charts: ReportCharts; csvHref: (table: string) => string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const cur = report.currency;
  const labels = report.months.map((m) => monthLabel(m, lang));
  return (
    <>
      <ReportSection id="net-worth" title={t("reports.sections.netWorth")} csvHref={csvHref("net-worth")}>
        <Chart svg={charts.netWorth} />
        <Legend items={[{ name: t("reports.columns.assets"), color: KEY.assets }, { name: t("reports.columns.debts"), color: KEY.debts }, { name: t("reports.columns.net"), color: KEY.net }]} />
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
              <td data-native><NativeList figures={mergeNative(m.assets, m.debts)} /></td>
            </tr>
          ))}
        </Table>
      </ReportSection>

      <ReportSection id="cash-flow" title={t("reports.sections.cashFlow")} csvHref={csvHref("cash-flow")}>
        <Chart svg={charts.cashFlow} />
        <Legend items={[{ name: t("reports.columns.in"), color: KEY.assets }, { name: t("reports.columns.out"), color: KEY.debts }, { name: t("reports.columns.net"), color: KEY.net }]} />
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
            {charts.spending ? <Chart svg={charts.spending} /> : null}
            <Legend items={charts.spendingKey} />
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
            {charts.payees ? <HBarChart {...charts.payees} /> : null}
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
                  <td data-native><NativeList figures={p.native} /></td>
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
