/** An account's coming scheduled movements, on its transactions page (ADR 058): open when one waits for a confirmation, or one's edit was asked for. */
import { CalendarClock } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { Occurrence } from "../../../core/api-types/schedules";
import { useTranslation } from "../../i18n/use-translation";
import { UpcomingList } from "./upcoming-list";
import * as l from "../../styles/ledger.css";

export type UpcomingAnswer = { today: string; occurrences: Occurrence[] };

export function AccountUpcoming({ upcoming, accountId, nonce }: { upcoming: UpcomingAnswer | null | undefined; accountId: string; nonce: string }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  // Nothing coming: no section, so the list keeps its rows in view (list-layout spec); /schedules is under More.
  if (!upcoming || upcoming.occurrences.length === 0) return null;
  const waiting = upcoming.occurrences.filter((o) => o.due && o.mode === "confirm").length;
  return (
    <details className={l.details} open={waiting > 0 || searchParams.has("occurrence")} data-testid="account-upcoming">
      <summary className={l.summary}>
        <CalendarClock size={18} aria-hidden="true" />
        {t("schedules.upcoming.title")} ({upcoming.occurrences.length})
        {waiting ? <span className={l.badgePending}>{t("schedules.upcoming.toConfirm")}: {waiting}</span> : null}
      </summary>
      <div className={l.detailsBody}>
        <UpcomingList occurrences={upcoming.occurrences.slice(0, 10)} today={upcoming.today} nonce={nonce} returnTo={`/accounts/${accountId}/transactions`} showAccount={false} testId="account-upcoming-list" />
        <p className={l.small} style={{ margin: 0 }}>
          <Link to="/schedules">{t("schedules.seeAll")}</Link> · <Link to="/schedules?new">{t("schedules.upcoming.plan")}</Link>
        </p>
      </div>
    </details>
  );
}
