/** The overview's month: the one before and after as links (?month=YYYY-MM), so it works without JavaScript. */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

export function MonthPicker({ monthName, previous, next, current, thisMonth }: { monthName: string; previous: string; next: string; current: string; thisMonth: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("ledger.register.monthPicker")} className={l.actions} data-testid="month-picker">
      <Link to={`?month=${previous}`} className={ui.button.ghost} aria-label={t("ledger.register.previousMonth")} rel="prev">
        <ChevronLeft size={18} aria-hidden="true" />
      </Link>
      <strong aria-current="date" data-testid="month-name">
        {monthName}
      </strong>
      <Link to={`?month=${next}`} className={ui.button.ghost} aria-label={t("ledger.register.nextMonth")} rel="next">
        <ChevronRight size={18} aria-hidden="true" />
      </Link>
      {current !== thisMonth ? (
        <Link to="/" className={ui.button.link}>
          {t("ledger.register.backToThisMonth")}
        </Link>
      ) : null}
    </nav>
  );
}
