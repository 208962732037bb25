/**
 * One movement as a table row across accounts (the overview's latest, the register): date, description
 * with its pending badge, the account it sits in (a link to that account's movements), any extra cells,
 * and the amount. The callers keep their own table, header and the few words they add to a description.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDay } from "../../core/dates";
import { useTranslation } from "../i18n/use-translation";
import * as l from "../styles/ledger.css";

export type MovementRowProps = {
  testId?: string;
  date: string;
  today: string;
  description: string;
  pending: boolean;
  /** Beside the description, before the pending badge (a payee, a receipt clip). */
  beforeBadge?: ReactNode;
  /** After the pending badge (the transfer line). */
  afterBadge?: ReactNode;
  accountId: string;
  accountLabel: string;
  /** The account column's header, repeated as each cell's label on phones. */
  accountHeader: string;
  /** Cells between the account and the amount (the register's category). */
  extraCells?: ReactNode;
  amount: ReactNode;
};

export function MovementRow(props: MovementRowProps) {
  const { t, i18n } = useTranslation();
  return (
    <tr data-testid={props.testId}>
      <td data-label={t("ledger.fields.date")} className={l.nowrap}>
        {formatDay(props.date, i18n.language)}
        {props.date > props.today ? <span className={`${l.small} ${l.futureDate}`}>{t("ledger.pages.common.futureDate")}</span> : null}
      </td>
      <td data-label={t("ledger.fields.description")} className={l.userText}>
        {/* One flex item on phones (the cell is a flex row there): the badge stays a pill beside the text, not a stretched block. */}
        <span>
          {props.description}
          {props.beforeBadge}
          {props.pending ? (
            <>
              {" "}
              <span className={l.badgePending}>{t("ledger.statuses.pending")}</span>
            </>
          ) : null}
          {props.afterBadge}
        </span>
      </td>
      <td data-label={props.accountHeader} className={l.userText}>
        <Link to={`/accounts/${props.accountId}/transactions`} className={l.rowLink}>
          {props.accountLabel}
        </Link>
      </td>
      {props.extraCells}
      <td data-label={t("ledger.fields.amount")} data-num="">
        {props.amount}
      </td>
    </tr>
  );
}
