import { Suspense } from "react";
import { Await } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { Money } from "../../ui/money";
import type { ListTotals } from "../../../core/api-types/ledger";
import type { PageData } from "./page-data";
import * as l from "../../styles/ledger.css";
import * as s from "../../styles/transactions-list.css";

/** Count, in, out and net of the filtered set; `undefined` while they load, `null` when they could not be read. */
function TotalsBar({ totals, currency, nowHref }: { totals: ListTotals | null | undefined; currency: string; nowHref?: string }) {
  const { t } = useTranslation();
  if (totals === null) {
    return (
      <p className={l.small} style={{ margin: 0 }} data-testid="totals-unavailable">
        —
      </p>
    );
  }
  if (!totals) {
    return (
      <p className={l.small} style={{ margin: 0 }} aria-busy="true" data-testid="totals-loading">
        {/* Streamed totals need JavaScript to appear; without it, say nothing is loading and offer a page that has them. */}
        <span className={l.scriptedOnly}>{t("ledger.pages.common.loading")}</span>
        {nowHref ? (
          <noscript>
            {" "}
            <a href={nowHref}>{t("transactionsPage.page.showTotals")}</a>
          </noscript>
        ) : null}
      </p>
    );
  }
  return (
    <dl className={l.totalsBar} style={{ margin: 0 }}>
      <div>
        <dt className={l.statLabel}>{t("ledger.totals.count", { count: totals.count })}</dt>
      </div>
      <div>
        <dt className={l.statLabel}>{t("ledger.totals.in")}</dt>
        <dd style={{ margin: 0 }} data-testid="total-in">
          <Money minor={totals.inMinor} currency={currency} signed />
        </dd>
      </div>
      <div>
        <dt className={l.statLabel}>{t("ledger.totals.out")}</dt>
        <dd style={{ margin: 0 }} data-testid="total-out">
          <Money minor={totals.outMinor} currency={currency} signed />
        </dd>
      </div>
      <div>
        <dt className={l.statLabel}>{t("ledger.totals.net")}</dt>
        <dd style={{ margin: 0 }} data-testid="total-net">
          <Money minor={totals.netMinor} currency={currency} signed />
        </dd>
      </div>
    </dl>
  );
}

/** The totals of the listed set, under the toolbar: a search's come streamed, after the table. */
export function TotalsSection({ totals, currency, filtered, nowHref }: { totals: PageData["totals"]; currency: string; filtered: boolean; nowHref: string }) {
  const { t } = useTranslation();
  return (
    // One line above the rows (two on a phone), not a card: the rows start higher (issue 35).
    <section aria-labelledby="totals-title" className={s.totalsLine} data-testid="totals">
      <h2 id="totals-title" className={s.totalsTitle}>
        {t(filtered ? "transactionsPage.page.totalsTitle" : "transactionsPage.page.totalsAllTitle")}
      </h2>
      {/* Only a search's totals are streamed. Totals already in the loader data are rendered
          as they are: through <Await> they would suspend once and reach the page as a
          streamed block that only JavaScript can reveal. */}
      {totals instanceof Promise ? (
        <Suspense fallback={<TotalsBar totals={undefined} currency={currency} nowHref={nowHref} />}>
          <Await resolve={totals} errorElement={<TotalsBar totals={null} currency={currency} />}>
            {(resolved) => <TotalsBar totals={resolved} currency={currency} />}
          </Await>
        </Suspense>
      ) : (
        <TotalsBar totals={totals} currency={currency} />
      )}
    </section>
  );
}
