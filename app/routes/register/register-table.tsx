/** The register's rows: date, description (and payee), account, category, amount, one table for every account. */
import { useTranslation } from "../../i18n/use-translation";
import { Money } from "../../ui/money";
import { MovementRow, useMovementRowLabels } from "../../ui/movement-row";
import { useRowLinkClicks } from "../../browser/row-link-clicks";
import type { RegisterRow } from "./register-shapes";
import * as l from "../../styles/ledger.css";

export function RegisterTable({ rows, accountNames, today }: { rows: RegisterRow[]; accountNames: Map<string, string>; today: string }) {
  const { t } = useTranslation();
  const labels = useMovementRowLabels();
  const onTableClick = useRowLinkClicks();
  return (
    <div className={l.tableWrap}>
      <table className={`${l.table} ${l.movementLines}`} data-testid="register" onClick={onTableClick}>
        <caption className="visually-hidden">{t("transactionsPage.register.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("ledger.fields.date")}</th>
            <th scope="col">{t("ledger.fields.description")}</th>
            <th scope="col">{t("transactionsPage.register.account")}</th>
            <th scope="col">{t("ledger.fields.category")}</th>
            <th scope="col" data-num="">
              {t("ledger.fields.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((tx) => (
            <MovementRow
              labels={labels}
              key={tx.id}
              testId="register-row"
              date={tx.date}
              today={today}
              description={tx.description}
              pending={tx.status === "pending"}
              beforeBadge={tx.payee ? <span className={l.small}> · {tx.payee}</span> : null}
              afterBadge={
                tx.transferAccountId ? <span className={l.small}> · {t("ledger.register.transferLine", { from: accountNames.get(tx.accountId) ?? "", to: accountNames.get(tx.transferAccountId) ?? "" })}</span> : null
              }
              accountId={tx.accountId}
              accountLabel={accountNames.get(tx.accountId) ?? ""}
              extraCells={
                <td className={l.userText}>
                  {tx.category ? (
                    <span>
                      <span className={l.categoryDot} style={{ background: tx.category.color }} aria-hidden="true" /> {tx.category.name}
                    </span>
                  ) : (
                    <span className={l.small}>{t("ledger.pages.common.uncategorised")}</span>
                  )}
                </td>
              }
              amount={<Money minor={tx.amountMinor} currency={tx.currency} signed />}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
