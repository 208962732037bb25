import { Paperclip } from "lucide-react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import type { Route } from "./+types/index";
import { Money } from "../../ui/money";
import { QuickAddButton } from "../../forms/quick-add/quick-add-button";
import { Section } from "../../ui/section";
import { PageTitle, ProgressBar } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { apiFor } from "../../server/api.server";
import { dateTimeFormat, formatDay, monthBounds, todayInZone } from "../../../core/dates";
import type { Account, CurrencyTotal, Transaction } from "../../../core/api-types/ledger";
import { unwrap } from "../../server/ledger.server";
import { intlLocale, sumMinor } from "../../../core/money";
import { requireUser } from "../../server/session.server";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

const RECENT = 10;

interface OverviewAnswer {
  recent: Transaction[];
  flows: Array<{ currency: string; inMinor: number; outMinor: number; spending: Array<{ id: string; name: string | null; color: string; minor: number }> }>;
  accounts?: Account[];
  accountTotals?: CurrencyTotal[];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireUser(context);
  const api = apiFor(request, context);
  const { first, last } = monthBounds(todayInZone(user.timeZone));
  // One call: the API aggregates the month in SQL and adds the accounts in the same D1 batch.
  const overview = unwrap(await api.get<OverviewAnswer>("/overview", { query: { from: first, to: last, recent: RECENT, include: "accounts" } }), request);
  // An API from before `include` (the Workers deploy one after the other) answers without them.
  const listed = overview.accounts && overview.accountTotals ? { accounts: overview.accounts, totals: overview.accountTotals } : unwrap(await api.get<{ accounts: Account[]; totals: CurrencyTotal[] }>("/accounts"), request);
  const accounts = listed.accounts.filter((a) => !a.archived);
  const totals = listed.totals;
  // Archived accounts' movements still count in the month and the latest list, under their names.
  const names = new Map(listed.accounts.map((a) => [a.id, a.name]));
  const recent = overview.recent.map((tx) => ({ ...tx, accountName: names.get(tx.accountId) ?? "" }));
  // Per currency, never added across currencies; transfers between own accounts are left out by the API.
  const month = overview.flows.map((flow) => ({
    currency: flow.currency,
    inMinor: flow.inMinor,
    outMinor: flow.outMinor,
    netMinor: flow.inMinor + flow.outMinor,
    // The chart's whole: its buckets are net of refunds (ADR 013), so their sum, not the money out.
    spendingMinor: sumMinor(flow.spending.map((bucket) => bucket.minor)),
    spending: flow.spending,
  }));
  return { accounts, archived: listed.accounts.length - accounts.length, totals, recent, month, monthStart: first, today: todayInZone(user.timeZone) };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { accounts, archived, totals, recent, month, monthStart, today } = loaderData;
  const [y, m] = monthStart.split("-").map(Number) as [number, number];
  const monthName = dateTimeFormat(intlLocale(i18n.language), { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, 15)));
  const spendingCurrencies = month.filter((entry) => entry.spending.length > 0);

  return (
    <div className={l.page}>
      <PageTitle title={t("titles.overview")} />
      <h1 className={ui.pageHeading}>{t("titles.overview")}</h1>
      {accounts.length ? <QuickAddButton testId="overview-quick-add" /> : null}

      {accounts.length === 0 ? (
        <section aria-labelledby="welcome" className={`${ui.card} ${ui.stack}`} data-testid="overview-empty">
          {archived > 0 ? (
            <>
              <h2 id="welcome" className={l.sectionTitle}>
                {t("ledger.pages.overview.allArchivedTitle")}
              </h2>
              <p style={{ margin: 0 }}>{t("ledger.pages.overview.allArchived", { count: archived })}</p>
              <p style={{ margin: 0 }} className={ui.row}>
                <Link to="/accounts" className={ui.button.primary}>
                  {t("ledger.pages.overview.openAccounts")}
                </Link>
                <Link to="/accounts?new=1" className={ui.button.ghost}>
                  {t("ledger.pages.overview.createAnother")}
                </Link>
              </p>
            </>
          ) : (
            <>
              <h2 id="welcome" className={l.sectionTitle}>
                {t("ledger.pages.overview.welcome")}
              </h2>
              <p style={{ margin: 0 }}>{t("ledger.pages.overview.noAccounts")}</p>
              <p style={{ margin: 0 }}>
                <Link to="/accounts?new=1" className={ui.button.primary}>
                  {t("ledger.pages.overview.createFirst")}
                </Link>
              </p>
            </>
          )}
        </section>
      ) : (
        <>
          <Section title={t("ledger.pages.overview.balances")} id="balances">
            <p className={l.small} style={{ margin: 0 }}>
              {t("ledger.pages.overview.balancesHint")}
            </p>
            <ul className={l.grid} style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid="balances">
              {totals.map((total) => (
                <li key={total.currency} className={l.stat}>
                  <span className={l.statLabel}>
                    {total.currency} · {t("ledger.pages.overview.accountsIn", { count: total.count })}
                  </span>
                  <Money minor={total.balanceMinor} currency={total.currency} figure />
                </li>
              ))}
            </ul>
          </Section>

          <div className={l.twoColumns}>
            <Section title={t("ledger.pages.overview.month", { month: monthName })} id="this-month">
              {month.length === 0 ? (
                <p className={l.small} style={{ margin: 0 }}>
                  {t("ledger.pages.overview.monthEmpty")}
                </p>
              ) : (
                month.map((entry) => (
                  <dl key={entry.currency} className={l.grid} style={{ margin: 0 }} data-testid={`month-${entry.currency}`}>
                    <div className={l.alignedStat}>
                      <dt className={l.statLabel}>
                        {t("ledger.totals.in")} ({entry.currency})
                      </dt>
                      <dd style={{ margin: 0 }}>
                        <Money minor={entry.inMinor} currency={entry.currency} signed figure />
                      </dd>
                    </div>
                    <div className={l.alignedStat}>
                      <dt className={l.statLabel}>
                        {t("ledger.totals.out")} ({entry.currency})
                      </dt>
                      <dd style={{ margin: 0 }}>
                        <Money minor={entry.outMinor} currency={entry.currency} signed figure />
                      </dd>
                    </div>
                  </dl>
                ))
              )}
              <p className={l.small} style={{ margin: 0 }}>
                {t("ledger.pages.overview.monthNote")}
              </p>
            </Section>

            <Section title={t("ledger.pages.overview.spending", { month: monthName })} id="spending">
              {spendingCurrencies.length === 0 ? (
                <p className={l.small} style={{ margin: 0 }}>
                  {t("ledger.pages.overview.spendingEmpty")}
                </p>
              ) : (
                spendingCurrencies.map((entry) => (
                  <figure key={entry.currency} style={{ margin: 0 }} className={ui.stack} data-testid={`spending-${entry.currency}`}>
                    <figcaption className={l.subTitle}>{t("ledger.pages.overview.spendingIn", { currency: entry.currency })}</figcaption>
                    <ul className={l.list}>
                      {entry.spending.map((bucket) => {
                        const name = bucket.name ?? t("ledger.pages.common.uncategorised");
                        // A share for the bar and its label only; the money itself stays integer minor units.
                        const percent = entry.spendingMinor > 0 ? Math.round((bucket.minor * 100) / entry.spendingMinor) : 0;
                        const shown = percent === 0 && bucket.minor > 0 ? "< 1" : percent;
                        const share = t("ledger.pages.overview.share", { percent: shown });
                        return (
                          <li key={bucket.id} className={l.chartRow}>
                            <span className={l.chartName}>
                              <span className={l.categoryDot} style={{ background: bucket.color }} aria-hidden="true" />
                              {name}
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
                ))
              )}
            </Section>
          </div>

          <Section
            title={t("ledger.pages.overview.accounts")}
            id="accounts"
            actions={
              <Link to="/accounts" className={ui.button.link}>
                {t("ledger.pages.overview.allAccounts")}
              </Link>
            }
          >
            <ul className={l.list} data-testid="overview-accounts">
              {accounts.map((account) => (
                <li key={account.id} className={l.listRow}>
                  <span className={l.grow}>
                    <Link to={`/accounts/${account.id}/transactions`} className={l.rowLink}>
                      {account.name}
                    </Link>{" "}
                    <span className={l.small}>
                      · {t(`ledger.accountTypes.${account.type}`)} · {account.currency}
                    </span>
                  </span>
                  <span className={l.figureEnd}>
                    <Money minor={account.balanceMinor} currency={account.currency} />
                  </span>
                </li>
              ))}
            </ul>
          </Section>

          <Section title={t("ledger.pages.overview.recent")} id="recent">
            {recent.length === 0 ? (
              <p className={l.small} style={{ margin: 0 }}>
                {t("ledger.pages.overview.recentEmpty")}
              </p>
            ) : (
              <div className={l.tableWrap} style={{ border: 0 }}>
                <table className={`${l.table} ${l.responsiveTable}`} data-testid="recent">
                  <caption className="visually-hidden">{t("ledger.pages.overview.recentCaption")}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("ledger.fields.date")}</th>
                      <th scope="col">{t("ledger.fields.description")}</th>
                      <th scope="col">{t("ledger.pages.overview.account")}</th>
                      <th scope="col" data-num="">
                        {t("ledger.fields.amount")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {recent.map((tx) => (
                      <tr key={tx.id}>
                        <td data-label={t("ledger.fields.date")} className={l.nowrap}>
                          {formatDay(tx.date, i18n.language)}
                          {tx.date > today ? <span className={`${l.small} ${l.futureDate}`}>{t("ledger.pages.common.futureDate")}</span> : null}
                        </td>
                        <td data-label={t("ledger.fields.description")} className={l.userText}>
                          {/* One flex item on phones (the cell is a flex row there): the badge stays a pill beside the text, not a stretched block. */}
                          <span>
                            {tx.description}
                            {tx.receiptKey ? <Paperclip size={14} aria-label={t("ledger.pages.transactions.receipt")} style={{ marginLeft: 4 }} /> : null}
                            {tx.status === "pending" ? (
                              <>
                                {" "}
                                <span className={l.badgePending}>{t("ledger.statuses.pending")}</span>
                              </>
                            ) : null}
                          </span>
                        </td>
                        <td data-label={t("ledger.pages.overview.account")} className={l.userText}>
                          <Link to={`/accounts/${tx.accountId}/transactions`} className={l.rowLink}>
                            {tx.accountName}
                          </Link>
                        </td>
                        <td data-label={t("ledger.fields.amount")} data-num="">
                          <Money minor={tx.amountMinor} currency={tx.currency} signed />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
        </>
      )}
    </div>
  );
}
