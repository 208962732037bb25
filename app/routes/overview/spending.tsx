/** Spending by category per currency: each category leads to its movements of the month in the register. */
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { Money } from "../../ui/money";
import { ProgressBar } from "../../ui/ui";
import type { OverviewData } from "./overview-data.server";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

export function Spending({ month, from, to, monthName }: { month: OverviewData["month"]; from: string; to: string; monthName: string }) {
  const { t } = useTranslation();
  const spendingCurrencies = month.filter((entry) => entry.spending.length > 0);
  if (!spendingCurrencies.length) {
    return (
      <p className={l.small} style={{ margin: 0 }}>
        {t("ledger.register.spendingEmptyIn", { month: monthName })}
      </p>
    );
  }
  return (
    <>
      {spendingCurrencies.map((entry) => (
        <figure key={entry.currency} style={{ margin: 0 }} className={ui.stack} data-testid={`spending-${entry.currency}`}>
          <figcaption className={l.subTitle}>{t("ledger.pages.overview.spendingIn", { currency: entry.currency })}</figcaption>
          <ul className={l.list}>
            {entry.spending.map((bucket) => {
              const name = bucket.name ?? t("ledger.pages.common.uncategorised");
              // A share for the bar and its label only; the money itself stays integer minor units.
              const percent = entry.spendingMinor > 0 ? Math.round((bucket.minor * 100) / entry.spendingMinor) : 0;
              const shown = percent === 0 && bucket.minor > 0 ? "< 1" : percent;
              const share = t("ledger.pages.overview.share", { percent: shown });
              const movements = `/transactions?${new URLSearchParams({ category: bucket.id, from, to })}`;
              return (
                <li key={bucket.id} className={l.chartRow}>
                  <span className={l.chartName}>
                    <span className={l.categoryDot} style={{ background: bucket.color }} aria-hidden="true" />
                    <Link to={movements} className={l.rowLink} title={t("ledger.register.seeMovements", { name })} data-testid="spending-category">
                      {name}
                    </Link>
                  </span>
                  <span className={l.figureEnd}>
                    {/* The percentage alone beside the figure (short enough to keep it on the name's line on a phone); the bar's label says what it is a share of. */}
                    <Money minor={bucket.minor} currency={entry.currency} /> <span className={l.small}>({t("ledger.pages.overview.shareShort", { percent: shown })})</span>
                  </span>
                  <div className={l.chartBar}>
                    <ProgressBar value={percent} label={`${name}: ${share}`} />
                  </div>
                </li>
              );
            })}
          </ul>
        </figure>
      ))}
    </>
  );
}
