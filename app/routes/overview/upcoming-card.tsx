/** The overview's "Coming up" card (ADR 058): the next few scheduled movements, those waiting for a confirmation first. */
import { Link } from "react-router";
import type { Occurrence } from "../../../core/api-types/schedules";
import { useTranslation } from "../../i18n/use-translation";
import { Section } from "../../ui/section";
import { UpcomingList } from "../schedules/upcoming-list";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

/** At most this many on the overview; the schedules page has the rest. */
const SHOWN = 5;

export function UpcomingCard({ upcoming, nonce }: { upcoming: { today: string; occurrences: Occurrence[] } | null | undefined; nonce: string }) {
  const { t } = useTranslation();
  if (!upcoming) return null;
  return (
    <Section
      title={t("schedules.upcoming.cardTitle")}
      id="upcoming"
      actions={
        <Link to="/schedules" className={ui.button.link}>
          {t("schedules.seeAll")}
        </Link>
      }
    >
      <UpcomingList occurrences={upcoming.occurrences.slice(0, SHOWN)} today={upcoming.today} nonce={nonce} returnTo="/" testId="overview-upcoming" />
      {upcoming.occurrences.length === 0 ? (
        <p className={l.small} style={{ margin: 0 }}>
          {/* A button-sized link: a tap target, not a line of small text (the layout spec's 24 px). */}
          <Link to="/schedules?new" className={ui.button.link}>
            {t("schedules.upcoming.plan")}
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
