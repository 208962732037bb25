/** The latest movements across accounts: a transfer between own accounts once, as "BCP → BBVA" and its amount. */
import { Paperclip } from "lucide-react";
import { useTranslation } from "../../i18n/use-translation";
import { Money } from "../../ui/money";
import { MovementRow, useMovementRowLabels } from "../../ui/movement-row";
import { useRowLinkClicks } from "../../browser/row-link-clicks";
import type { OverviewData } from "./overview-data.server";
import * as l from "../../styles/ledger.css";

export function RecentTable({ recent, today }: { recent: OverviewData["recent"]; today: string }) {
  const { t } = useTranslation();
  const labels = useMovementRowLabels();
  const onTableClick = useRowLinkClicks();
  return (
    <div className={l.tableWrap} style={{ border: 0 }}>
      <table className={`${l.table} ${l.movementLines}`} data-testid="recent" onClick={onTableClick}>
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
              <MovementRow
                labels={labels}
                key={tx.id}
                testId={transfer ? "recent-transfer" : undefined}
                date={tx.date}
                today={today}
                description={tx.description}
                pending={tx.status === "pending"}
                beforeBadge={tx.receiptKey ? <Paperclip size={14} aria-label={t("ledger.pages.transactions.receipt")} style={{ marginLeft: 4 }} /> : null}
                accountId={tx.accountId}
                accountLabel={transfer ? t("ledger.register.transferLine", { from: tx.accountName, to: tx.transferAccountName }) : tx.accountName}
                amount={transfer ? <Money minor={-tx.amountMinor} currency={tx.currency} /> : <Money minor={tx.amountMinor} currency={tx.currency} signed />}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
