import { Download } from "lucide-react";
import { Suspense } from "react";
import { Await, Link, useSearchParams } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { withParams } from "./list-urls";
import type { ListTotals } from "../../../core/api-types/ledger";
import type { PageList } from "./page-data";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

/** How many the listed set holds: known, in totals on their way (a search's, streamed), or unknown (null). */
export type ListCount = number | null | Pick<ListTotals, "count"> | Promise<Pick<ListTotals, "count"> | null>;

/** "Page N of M" when the set's count is known (M at least N: rows added since the first page), else "Page N". */
function PageLabel({ page, count, pageSize }: { page: number; count: number | null; pageSize: number }) {
  const { t } = useTranslation();
  const pages = count === null ? null : Math.max(page, Math.ceil(count / pageSize));
  return <span className={l.small} data-testid="page-of">{pages === null ? t("transactionsPage.page.pageOf", { page }) : t("transactionsPage.register.pageOfTotal", { page, pages })}</span>;
}

/**
 * Under the table: which page this is (of how many), the way to the others, and the listed set as
 * a CSV file (an account's list only: `accountId`).
 */
export function Pager({
  list,
  page,
  accountId,
  filters,
  count = null,
  pageSize,
}: {
  list: Pick<PageList, "nextCursor" | "prevCursor" | "hasPrevious">;
  page: number;
  accountId?: string;
  filters: Record<string, string>;
  count?: ListCount;
  pageSize: number;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const exportQuery = new URLSearchParams(Object.entries(filters)).toString();
  const firstPageHref = withParams(searchParams, { cursor: null, page: null, edit: null, new: null });
  return (
    <nav aria-label={t("transactionsPage.page.pages")} className={l.pager}>
      {count instanceof Promise ? (
        <Suspense fallback={<PageLabel page={page} count={null} pageSize={pageSize} />}>
          <Await resolve={count} errorElement={<PageLabel page={page} count={null} pageSize={pageSize} />}>
            {(resolved) => <PageLabel page={page} count={resolved?.count ?? null} pageSize={pageSize} />}
          </Await>
        </Suspense>
      ) : (
        <PageLabel page={page} count={typeof count === "number" || count === null ? count : count.count} pageSize={pageSize} />
      )}
      <span className={l.actions}>
        {list.prevCursor ? (
          <Link to={firstPageHref} className={ui.button.ghost}>
            {t("transactionsPage.page.first")}
          </Link>
        ) : null}
        {list.hasPrevious ? (
          <Link
            to={list.prevCursor ? withParams(searchParams, { cursor: list.prevCursor, page: String(Math.max(2, page - 1)), edit: null, new: null }) : firstPageHref}
            className={ui.button.ghost}
            rel="prev"
          >
            {t("transactionsPage.page.previous")}
          </Link>
        ) : null}
        {list.nextCursor ? (
          <Link to={withParams(searchParams, { cursor: list.nextCursor, page: String(page + 1), edit: null, new: null })} className={ui.button.ghost} rel="next">
            {t("transactionsPage.page.next")}
          </Link>
        ) : null}
        {/* No `download` attribute: the file comes as an attachment, and a session that has ended
            must lead to the sign-in page, not to a saved copy of it. */}
        {accountId ? (
        <a
          href={`/accounts/${accountId}/transactions.csv${exportQuery ? `?${exportQuery}` : ""}`}
          className={ui.button.ghost}
          title={t("transactionsPage.page.exportHint")}
          data-testid="export"
        >
          <Download size={16} aria-hidden="true" />
          {t("transactionsPage.page.export")}
        </a>
        ) : null}
      </span>
    </nav>
  );
}

