import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import type { Route } from "./+types/index";
import { Money } from "../../ui/money";
import { QuickAddButton } from "../../forms/quick-add/quick-add-button";
import { Section } from "../../ui/section";
import { PageTitle } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { dateTimeFormat } from "../../../core/dates";
import { intlLocale } from "../../../core/money";
import { MonthFlows } from "./month-flows";
import { MonthPicker } from "./month-picker";
import { overviewData } from "./overview-data.server";
import { RecentTable } from "./recent";
import { Spending } from "./spending";
import { BudgetCard } from "./budget-card";
import { NetWorthCard } from "./net-worth-card";
import { UpcomingCard } from "./upcoming-card";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

export async function loader({ request, context }: Route.LoaderArgs) {
  return overviewData(request, context);
}

/** "November 2026" for a month's first day, in the page's language. */
function monthNameOf(day: string, language: string, month: "long" | "short" = "long"): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  return dateTimeFormat(intlLocale(language), { month, year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, 15)));
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { accounts, archived, totals, recent, month, compared, monthStart, monthEnd, previousStart, nextMonth, thisMonth, today, budgets } = loaderData;
  const monthName = monthNameOf(monthStart, i18n.language);
  const previousName = monthNameOf(previousStart, i18n.language);

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
            {loaderData.netWorth ? <NetWorthCard netWorth={loaderData.netWorth} /> : null}
          </Section>

          <UpcomingCard upcoming={loaderData.upcoming} nonce={loaderData.nonce} />
          <MonthPicker monthName={monthName} previous={previousStart.slice(0, 7)} next={nextMonth} current={monthStart.slice(0, 7)} thisMonth={thisMonth} />
          <div className={l.twoColumns}>
            <Section title={t("ledger.register.compare", { month: monthName, previous: previousName })} id="this-month">
              {/* Short names head the columns: two long ones and the figures would not fit a phone. */}
              <MonthFlows month={month} compared={compared} monthName={monthNameOf(monthStart, i18n.language, "short")} previousName={monthNameOf(previousStart, i18n.language, "short")} />
              <p className={l.small} style={{ margin: 0 }}>
                {t("ledger.pages.overview.monthNote")}
              </p>
            </Section>

            <Section title={t("ledger.register.spendingMonth", { month: monthName })} id="spending">
              <Spending month={month} from={monthStart} to={monthEnd} monthName={monthName} />
            </Section>
          </div>

          <BudgetCard budgets={budgets} />

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

          <Section
            title={t("ledger.pages.overview.recent")}
            id="recent"
            actions={
              <Link to="/transactions" className={ui.button.link}>
                {t("ledger.register.title")}
              </Link>
            }
          >
            {recent.length === 0 ? (
              <p className={l.small} style={{ margin: 0 }}>
                {t("ledger.pages.overview.recentEmpty")}
              </p>
            ) : (
              <RecentTable recent={recent} today={today} />
            )}
          </Section>
        </>
      )}
    </div>
  );
}
