/** One budget's period: the period picker (links, so it works without JavaScript), each line's figures and bar, and the totals. */
import { AlertTriangle, CheckCircle2, ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { BudgetReport, BudgetReportLine } from "../../../core/api-types/budgets";
import { formatDay } from "../../../core/dates";
import { useTranslation } from "../../i18n/use-translation";
import { Money } from "../../ui/money";
import { ProgressBar } from "../../ui/ui";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";
import { spentShare } from "./spent-share";

export function PeriodPicker({ report }: { report: BudgetReport }) {
  const { t, i18n } = useTranslation();
  const at = (day: string) => `?${new URLSearchParams({ budget: report.budget.id, period: day })}`;
  const range = t("budgetsPage.period.range", { start: formatDay(report.period.start, i18n.language), end: formatDay(report.period.end, i18n.language) });
  // The range on its own line, the links on the next: side by side they wrap apart on a phone.
  return (
    <div className={ui.stack} style={{ gap: 6 }}>
      <strong aria-current={report.current ? "date" : undefined} data-testid="period-range">
        {range}
      </strong>
      <nav aria-label={t("budgetsPage.period.label")} className={l.actions} data-testid="period-picker">
        {/* The budget's first period has none before it: the API reports nothing earlier (ADR 077). */}
        {report.previous === null ? null : (
          <Link to={at(report.previous.start)} className={ui.button.ghost} aria-label={t("budgetsPage.period.previous")} rel="prev" preventScrollReset data-testid="period-previous">
            <ChevronLeft size={18} aria-hidden="true" />
          </Link>
        )}
        <Link to={at(report.next.start)} className={ui.button.ghost} aria-label={t("budgetsPage.period.next")} rel="next" preventScrollReset data-testid="period-next">
          <ChevronRight size={18} aria-hidden="true" />
        </Link>
        {/* Not on the first period of a budget that has not begun: that is what "current" opens. */}
        {!report.current && !(report.previous === null && report.today < report.period.start) ? (
          <Link to={`?${new URLSearchParams({ budget: report.budget.id })}`} className={ui.button.link}>
            {t("budgetsPage.period.current")}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

function LineStatus({ line, currency }: { line: BudgetReportLine; currency: string }) {
  const { t } = useTranslation();
  if (line.over) {
    // Said in words and with an icon, not by colour alone.
    return (
      <span className={l.badge} data-testid="line-over">
        <AlertTriangle size={14} aria-hidden="true" /> {t("budgetsPage.over")} <Money minor={-line.leftMinor} currency={currency} />
      </span>
    );
  }
  return (
    <span className={l.small}>
      <CheckCircle2 size={14} aria-hidden="true" style={{ verticalAlign: "-2px" }} /> {t("budgetsPage.onTrack")}
    </span>
  );
}

type Figures = { spentMinor: number; budgetedMinor: number; carriedMinor: number; expectedMinor: number; leftMinor: number; leftPerDayMinor: number | null };

/**
 * The figures every line and the total show: the same ones, in the same columns, so they read as
 * a table from card to card. "Carried in" and "Expected" show when any line has them (a zero
 * beside another line's amount says "none here"); "left per day" only in the current period.
 */
function figureColumns(report: BudgetReport) {
  const rows: Figures[] = [...report.lines, report.totals];
  return { carried: rows.some((row) => row.carriedMinor !== 0), expected: rows.some((row) => row.expectedMinor !== 0), perDay: report.totals.leftPerDayMinor !== null };
}

function FigureList({ figures, columns, currency, prefix }: { figures: Figures; columns: ReturnType<typeof figureColumns>; currency: string; prefix: "line" | "total" }) {
  const { t } = useTranslation();
  return (
    <dl className={l.figureGrid}>
      <Figure label={t("budgetsPage.columns.spent")} minor={figures.spentMinor} currency={currency} testId={`${prefix}-spent`} />
      <Figure label={t("budgetsPage.columns.budgeted")} minor={figures.budgetedMinor} currency={currency} testId={`${prefix}-budgeted`} />
      {columns.carried ? <Figure label={t("budgetsPage.columns.carried")} minor={figures.carriedMinor} currency={currency} testId={`${prefix}-carried`} /> : null}
      {columns.expected ? <Figure label={t("budgetsPage.columns.expected")} minor={figures.expectedMinor} currency={currency} testId={`${prefix}-expected`} /> : null}
      <Figure label={t("budgetsPage.columns.left")} minor={figures.leftMinor} currency={currency} testId={`${prefix}-left`} />
      {columns.perDay && figures.leftPerDayMinor !== null ? <Figure label={t("budgetsPage.columns.perDay")} minor={figures.leftPerDayMinor} currency={currency} testId={`${prefix}-per-day`} /> : null}
    </dl>
  );
}

export function ReportLines({ report }: { report: BudgetReport }) {
  const { t } = useTranslation();
  const currency = report.budget.currency;
  const columns = figureColumns(report);
  return (
    <ul className={l.list} data-testid="budget-lines">
      {report.lines.map((line) => {
        const name = line.categoryId === null ? t("budgetsPage.everythingElse") : (line.categoryName ?? t("ledger.pages.common.uncategorised"));
        const available = line.budgetedMinor + line.carriedMinor;
        return (
          <li key={line.lineId} className={`${ui.card} ${ui.stack}`} style={{ gap: 6 }} data-testid="budget-line" data-over={line.over ? "true" : undefined}>
            <div className={l.headingRow}>
              <strong className={l.userText}>
                <span className={l.categoryDot} style={{ background: line.categoryColor ?? "#64748b" }} aria-hidden="true" />
                {name}
              </strong>
              <LineStatus line={line} currency={currency} />
            </div>
            <ProgressBar value={spentShare(line.spentMinor, available)} label={t("ledger.budgets.progress", { category: name })} over={line.over} />
            <FigureList figures={line} columns={columns} currency={currency} prefix="line" />
          </li>
        );
      })}
    </ul>
  );
}

function Figure({ label, minor, currency, testId }: { label: string; minor: number; currency: string; testId: string }) {
  return (
    <div className={l.stat} style={{ minWidth: 0 }}>
      <dt className={l.statLabel}>{label}</dt>
      <dd style={{ margin: 0, overflowWrap: "anywhere" }} data-testid={testId}>
        <Money minor={minor} currency={currency} />
      </dd>
    </div>
  );
}

export function ReportTotals({ report }: { report: BudgetReport }) {
  const { t } = useTranslation();
  const { totals } = report;
  return (
    <section aria-labelledby="budget-totals" className={`${ui.card} ${ui.stack}`} data-testid="budget-totals">
      <h3 id="budget-totals" className={l.subTitle}>
        {t("budgetsPage.total", { currency: totals.currency })}
      </h3>
      <FigureList figures={totals} columns={figureColumns(report)} currency={totals.currency} prefix="total" />
    </section>
  );
}

/** Where the period stands (days left, over, not begun) and what the report left out. */
export function ReportNotes({ report }: { report: BudgetReport }) {
  const { t, i18n } = useTranslation();
  const state = report.current ? t("budgetsPage.period.daysLeft", { count: report.daysLeft }) : report.today > report.period.end ? t("budgetsPage.period.past") : t("budgetsPage.period.future");
  return (
    <>
      <p className={l.small} style={{ margin: 0 }} data-testid="period-state">
        {state}
      </p>
      {report.countsFrom > report.period.start ? (
        // The first period began before the budget counts: say why its earlier spending is missing.
        <p className={l.small} style={{ margin: 0 }} role="note" data-testid="counts-from">
          {t("budgetsPage.period.countsFrom", { day: formatDay(report.countsFrom, i18n.language) })}
        </p>
      ) : null}
      {report.converted > 0 ? (
        // Spending in another currency is converted, not added as it is: said, as the reports say their rates.
        <p className={l.small} style={{ margin: 0 }} role="note" data-testid="converted">
          {t("budgetsPage.converted", { count: report.converted })}
        </p>
      ) : null}
      {report.unconverted.period > 0 ? (
        <p className={l.small} style={{ margin: 0 }} role="note" data-testid="unconverted">
          {t("budgetsPage.unconverted", { count: report.unconverted.period })}
        </p>
      ) : null}
      {report.unconverted.before > 0 ? (
        <p className={l.small} style={{ margin: 0 }} role="note">
          {t("budgetsPage.unconvertedBefore", { count: report.unconverted.before })}
        </p>
      ) : null}
    </>
  );
}
