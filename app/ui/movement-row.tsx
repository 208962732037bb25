/**
 * One movement as a table row across accounts (the overview's latest, the register): date, description
 * with its pending badge, the account it sits in (a link to that account's movements), any extra cells,
 * and the amount. The callers keep their own table, header and the few words they add to a description.
 *
 * A row calls no hook (50 rows hydrate on a page): the words every row repeats are read once per
 * table (`useMovementRowLabels`), and the account is a plain link that the table's
 * `useRowLinkClicks` (app/browser/row-link-clicks.ts) turns into a client-side navigation.
 */
import type { ReactNode } from "react";
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
  /** Cells between the account and the amount (the register's category). */
  extraCells?: ReactNode;
  amount: ReactNode;
  labels: MovementRowLabels;
};

export type MovementRowLabels = { language: string; pending: string; futureDate: string };

/** The words every row repeats, in the page's language: read by the table, once. */
export function useMovementRowLabels(): MovementRowLabels {
  const { t, i18n } = useTranslation();
  return {
    language: i18n.language,
    pending: t("ledger.statuses.pending"),
    futureDate: t("ledger.pages.common.futureDate"),
  };
}

export function MovementRow(props: MovementRowProps) {
  const { labels } = props;
  return (
    <tr data-testid={props.testId}>
      <td className={l.nowrap}>
        {formatDay(props.date, labels.language)}
        {props.date > props.today ? <span className={`${l.small} ${l.futureDate}`}>{labels.futureDate}</span> : null}
      </td>
      <td className={l.userText}>
        <span>
          {props.description}
          {props.beforeBadge}
          {props.pending ? (
            <>
              {" "}
              <span className={l.badgePending}>{labels.pending}</span>
            </>
          ) : null}
          {props.afterBadge}
        </span>
      </td>
      <td className={l.userText}>
        <a href={`/accounts/${props.accountId}/transactions`} className={l.rowLink} data-row-link="">
          {props.accountLabel}
        </a>
      </td>
      {props.extraCells}
      <td data-num="">
        {props.amount}
      </td>
    </tr>
  );
}
