/** Money in and out of the chosen month beside the month before, per currency (never added across currencies). */
import { useTranslation } from "../../i18n/use-translation";
import { MoneyCell } from "../../ui/money";
import type { OverviewData } from "./overview-data.server";
import * as l from "../../styles/ledger.css";

export function MonthFlows({ month, compared, monthName, previousName }: { month: OverviewData["month"]; compared: OverviewData["compared"]; monthName: string; previousName: string }) {
  const { t } = useTranslation();
  const currencies = [...new Set([...month.map((m) => m.currency), ...compared.map((m) => m.currency)])];
  if (!currencies.length) {
    return (
      <p className={l.small} style={{ margin: 0 }}>
        {t("ledger.register.monthEmptyIn", { month: monthName })}
      </p>
    );
  }
  return (
    <>
      {currencies.map((currency) => {
        const now = month.find((m) => m.currency === currency) ?? { inMinor: 0, outMinor: 0 };
        const before = compared.find((m) => m.currency === currency) ?? { inMinor: 0, outMinor: 0 };
        return (
          <div key={currency} className={l.tableWrap} style={{ border: 0, minWidth: 0 }}>
            <table className={`${l.table} ${l.flowsTable}`} data-testid={`month-${currency}`}>
              <caption className={l.subTitle} style={{ textAlign: "start" }}>
                {currency}
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{t("ledger.register.period")}</span>
                  </th>
                  <th scope="col" data-num="">
                    {monthName}
                  </th>
                  <th scope="col" data-num="">
                    {previousName}
                  </th>
                </tr>
              </thead>
              <tbody>
                {(["in", "out"] as const).map((side) => (
                  <tr key={side}>
                    <th scope="row" className={l.statLabel}>
                      {t(`ledger.totals.${side}`)}
                    </th>
                    <MoneyCell minor={side === "in" ? now.inMinor : now.outMinor} currency={currency} />
                    <MoneyCell minor={side === "in" ? before.inMinor : before.outMinor} currency={currency} testId={`previous-${side}-${currency}`} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </>
  );
}
