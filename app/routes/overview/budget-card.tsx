/** The overview's budget card: each budget's current period, spent of budgeted plus what carried in (ADR 075), over budget said in words; leads to /budgets. */
import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import type { BudgetSummary } from "../../../core/api-types/budgets";
import { useTranslation } from "../../i18n/use-translation";
import { formatDay } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { Money } from "../../ui/money";
import { Section } from "../../ui/section";
import { ProgressBar } from "../../ui/ui";
import { budgetPage } from "../budgets/budget-address";
import { spentShare } from "../budgets/spent-share";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

export function BudgetCard({ budgets }: { budgets: BudgetSummary[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Section
      title={t("ledger.budgets.card.title")}
      id="budgets-card"
      actions={
        <Link to="/budgets" className={ui.button.link}>
          {budgets.length ? t("ledger.budgets.card.open") : t("ledger.budgets.card.create")}
        </Link>
      }
    >
      {budgets.length === 0 ? (
        <p className={l.small} style={{ margin: 0 }}>
          {t("ledger.budgets.card.empty")}
        </p>
      ) : (
        <ul className={l.list} data-testid="overview-budgets">
          {budgets.map((budget) => {
            // What the period has to spend: its amounts and what carried in (the page's "left" is this less spent).
            const available = budget.budgetedMinor + budget.carriedMinor;
            // Nothing set and nothing counted: say so rather than "S/ 0.00 / S/ 0.00".
            const empty = budget.budgetedMinor === 0 && budget.carriedMinor === 0 && budget.spentMinor === 0;
            return (
            <li key={budget.id} className={ui.stack} style={{ gap: 4 }} data-testid="overview-budget" data-over={budget.over ? "true" : undefined}>
              <div className={l.headingRow}>
                <Link to={budgetPage(budget.id)} className={l.rowLink}>
                  {budget.name}
                </Link>
                {empty ? null : (
                  <span className={l.figureEnd}>
                    <Money minor={budget.spentMinor} currency={budget.currency} /> / <Money minor={available} currency={budget.currency} />
                  </span>
                )}
              </div>
              {/* The current period whatever month the overview shows (a budget not yet begun: its first, ADR 077). */}
              <span className={l.small} data-testid="overview-budget-period">
                {t("ledger.budgets.card.period", { start: formatDay(budget.period.start, i18n.language), end: formatDay(budget.period.end, i18n.language) })}
              </span>
              {budget.countsFrom > budget.period.start || !budget.begun ? (
                // Why nothing (or not all of the period) is counted yet: the budget's start day (ADR 077).
                <span className={l.small} data-testid="overview-budget-counts-from">
                  {t(budget.begun ? "ledger.budgets.card.countsFrom" : "ledger.budgets.card.notBegun", { day: formatDay(budget.countsFrom, i18n.language) })}
                </span>
              ) : null}
              {empty ? (
                <span className={l.small} data-testid="overview-budget-empty">
                  {t("ledger.budgets.card.noAmounts")}
                </span>
              ) : (
                <ProgressBar value={spentShare(budget.spentMinor, available)} label={t("ledger.budgets.progress", { category: budget.name })} over={budget.over} />
              )}
              {budget.carriedMinor !== 0 ? (
                // What the figure above is "of": the budgets page shows the same two parts apart.
                <span className={l.small} data-testid="overview-budget-carried">
                  {t(budget.carriedMinor > 0 ? "ledger.budgets.card.carriedIn" : "ledger.budgets.card.overspentCarried", { budgeted: formatMoney(budget.budgetedMinor, budget.currency), carried: formatMoney(Math.abs(budget.carriedMinor), budget.currency) })}
                </span>
              ) : null}
              {budget.leftOut > 0 ? (
                <span className={l.small} data-testid="overview-budget-left-out">
                  {t("ledger.budgets.card.leftOut", { count: budget.leftOut })}
                </span>
              ) : null}
              {budget.overLines > 0 ? (
                <span className={l.small}>
                  <AlertTriangle size={14} aria-hidden="true" style={{ verticalAlign: "-2px" }} /> {t("ledger.budgets.card.overLines", { count: budget.overLines })}
                </span>
              ) : null}
            </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
