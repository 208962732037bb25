/** The register's rows: date, description (and payee), account, category, amount, one table for every account. */
import { Link } from "react-router";
import { formatDay } from "../../../core/dates";
import { useTranslation } from "../../i18n/use-translation";
import { Money } from "../../ui/money";
import type { RegisterRow } from "./register-shapes";
import * as l from "../../styles/ledger.css";

export function RegisterTable({ rows, accountNames, today }: { rows: RegisterRow[]; accountNames: Map<string, string>; today: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={l.tableWrap}>
      <table className={`${l.table} ${l.responsiveTable}`} data-testid="register">
        <caption className="visually-hidden">{t("ledger.register.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("ledger.fields.date")}</th>
            <th scope="col">{t("ledger.fields.description")}</th>
            <th scope="col">{t("ledger.register.account")}</th>
            <th scope="col">{t("ledger.fields.category")}</th>
            <th scope="col" data-num="">
              {t("ledger.fields.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((tx) => (
            <tr key={tx.id} data-testid="register-row">
              <td data-label={t("ledger.fields.date")} className={l.nowrap}>
                {formatDay(tx.date, i18n.language)}
                {tx.date > today ? <span className={`${l.small} ${l.futureDate}`}>{t("ledger.pages.common.futureDate")}</span> : null}
              </td>
              <td data-label={t("ledger.fields.description")} className={l.userText}>
                <span>
                  {tx.description}
                  {tx.payee ? <span className={l.small}> · {tx.payee}</span> : null}
                  {tx.status === "pending" ? (
                    <>
                      {" "}
                      <span className={l.badgePending}>{t("ledger.statuses.pending")}</span>
                    </>
                  ) : null}
                  {tx.transferAccountId ? <span className={l.small}> · {t("ledger.register.transferLine", { from: accountNames.get(tx.accountId) ?? "", to: accountNames.get(tx.transferAccountId) ?? "" })}</span> : null}
                </span>
              </td>
              <td data-label={t("ledger.register.account")} className={l.userText}>
                <Link to={`/accounts/${tx.accountId}/transactions`} className={l.rowLink}>
                  {accountNames.get(tx.accountId) ?? ""}
                </Link>
              </td>
              <td data-label={t("ledger.fields.category")} className={l.userText}>
                {tx.category ? (
                  <span>
                    <span className={l.categoryDot} style={{ background: tx.category.color }} aria-hidden="true" /> {tx.category.name}
                  </span>
                ) : (
                  <span className={l.small}>{t("ledger.pages.common.uncategorised")}</span>
                )}
              </td>
              <td data-label={t("ledger.fields.amount")} data-num="">
                <Money minor={tx.amountMinor} currency={tx.currency} signed />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
