import { Download } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { withParams } from "./list-urls";
import type { PageList } from "./page-data";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

/** Under the table: which page this is, the way to the others, and the listed set as a CSV file. */
export function Pager({ list, page, accountId, filters }: { list: PageList; page: number; accountId: string; filters: Record<string, string> }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const exportQuery = new URLSearchParams(Object.entries(filters)).toString();
  const firstPageHref = withParams(searchParams, { cursor: null, page: null, edit: null, new: null });
  return (
    <nav aria-label={t("ledger.pages.transactions.pages")} className={l.pager}>
      <span className={l.small}>{t("ledger.pages.transactions.pageOf", { page })}</span>
      <span className={l.actions}>
        {list.prevCursor ? (
          <Link to={firstPageHref} className={ui.button.ghost}>
            {t("ledger.pages.transactions.first")}
          </Link>
        ) : null}
        {list.hasPrevious ? (
          <Link
            to={list.prevCursor ? withParams(searchParams, { cursor: list.prevCursor, page: String(Math.max(2, page - 1)), edit: null, new: null }) : firstPageHref}
            className={ui.button.ghost}
            rel="prev"
          >
            {t("ledger.pages.transactions.previous")}
          </Link>
        ) : null}
        {list.nextCursor ? (
          <Link to={withParams(searchParams, { cursor: list.nextCursor, page: String(page + 1), edit: null, new: null })} className={ui.button.ghost} rel="next">
            {t("ledger.pages.transactions.next")}
          </Link>
        ) : null}
        {/* No `download` attribute: the file comes as an attachment, and a session that has ended
            must lead to the sign-in page, not to a saved copy of it. */}
        <a
          href={`/accounts/${accountId}/transactions.csv${exportQuery ? `?${exportQuery}` : ""}`}
          className={ui.button.ghost}
          title={t("ledger.pages.transactions.exportHint")}
          data-testid="export"
        >
          <Download size={16} aria-hidden="true" />
          {t("ledger.pages.transactions.export")}
        </a>
      </span>
    </nav>
  );
}
