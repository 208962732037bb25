/** The register's totals: count, in, out and net per currency, never added across currencies. */
import { useTranslation } from "../../i18n/use-translation";
import { Money } from "../../ui/money";
import type { RegisterTotals } from "./register-shapes";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

export function RegisterTotalsSection({ totals, filtered }: { totals: RegisterTotals[]; filtered: boolean }) {
  const { t } = useTranslation();
  if (!totals.length) return null;
  return (
    <section aria-labelledby="totals-title" className={ui.card} data-testid="totals">
      <h2 id="totals-title" className={l.subTitle}>
        {t(filtered ? "transactionsPage.page.totalsTitle" : "transactionsPage.page.totalsAllTitle")}
      </h2>
      {totals.map((total) => (
        <dl key={total.currency} className={l.totalsBar} style={{ margin: 0 }} data-testid={`totals-${total.currency}`} aria-label={t("transactionsPage.register.totalsIn", { currency: total.currency })}>
          <div>
            <dt className={l.statLabel}>
              {total.currency} · {t("ledger.totals.count", { count: total.count })}
            </dt>
          </div>
          <div>
            <dt className={l.statLabel}>{t("ledger.totals.in")}</dt>
            <dd style={{ margin: 0 }}>
              <Money minor={total.inMinor} currency={total.currency} signed />
            </dd>
          </div>
          <div>
            <dt className={l.statLabel}>{t("ledger.totals.out")}</dt>
            <dd style={{ margin: 0 }}>
              <Money minor={total.outMinor} currency={total.currency} signed />
            </dd>
          </div>
          <div>
            <dt className={l.statLabel}>{t("ledger.totals.net")}</dt>
            <dd style={{ margin: 0 }}>
              <Money minor={total.netMinor} currency={total.currency} signed />
            </dd>
          </div>
        </dl>
      ))}
    </section>
  );
}
