/** The latest movements across accounts: a transfer between own accounts once, as "BCP → BBVA" and its amount. */
import { Paperclip } from "lucide-react";
import { Link } from "react-router";
import { formatDay } from "../../../core/dates";
import { useTranslation } from "../../i18n/use-translation";
import { Money } from "../../ui/money";
import type { OverviewData } from "./overview-data.server";
import * as l from "../../styles/ledger.css";

export function RecentTable({ recent, today }: { recent: OverviewData["recent"]; today: string }) {
  const { t, i18n } = useTranslation();
  return (
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
          {recent.map((tx) => {
            // The API sends a transfer's leg out only: money moved, not spent, so no sign.
            const transfer = tx.transferAccountName !== null;
            return (
              <tr key={tx.id} data-testid={transfer ? "recent-transfer" : undefined}>
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
                    {transfer ? t("ledger.register.transferLine", { from: tx.accountName, to: tx.transferAccountName }) : tx.accountName}
                  </Link>
                </td>
                <td data-label={t("ledger.fields.amount")} data-num="">
                  {transfer ? <Money minor={-tx.amountMinor} currency={tx.currency} /> : <Money minor={tx.amountMinor} currency={tx.currency} signed />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
