/** The table of the listed transactions: its sortable header, the row being added, and the rows. */
import { Lock, Pencil, Receipt, Trash2 } from "lucide-react";
import { Form, Link, useActionData, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { FormKey } from "../../forms/idempotency-key";
import { IconSprite } from "../../ui/icon-sprite";
import { isPlainClick } from "../../browser/plain-click";
import { DELETE_FORM_ID, DeleteOutcome, DeleteQuestion } from "./delete-transaction";
import { useListUrls, withParams } from "./list-urls";
import type { Fetcher, PageData, PageList, TransactionsAnswer } from "./page-data";
import { TransactionRow } from "./transaction-row";
import { typedAmount, typedDay } from "./typed-values";
import { useRowFetchers } from "./use-row-fetchers";
import { useRowShared } from "./use-row-shared";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";
import * as s from "../../styles/transactions-list.css";
import { BulkBar } from "./bulk-bar";

export function TransactionTable({ loaderData, list, filtered, addFetcher }: { loaderData: PageData; list: PageList; filtered: boolean; addFetcher: Fetcher }) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  // Another page or filter of this list is on its way: say so, and dim the rows that will change.
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname && navigation.location.search !== location.search;
  const { account } = loaderData;
  const sort = list.sort;
  const order = list.order;
  const sortHref = (column: "date" | "amount") =>
    withParams(searchParams, { sort: column, order: sort === column && order === "desc" ? "asc" : "desc", cursor: null, page: null, edit: null });
  const ariaSort = (column: "date" | "amount") => (sort === column ? (order === "asc" ? "ascending" : "descending") : undefined);
  const pending = addFetcher.state !== "idle" && addFetcher.formData?.get("intent") === "add" ? addFetcher.formData : null;
  const caption = filtered ? t("transactionsPage.page.captionFiltered", { name: account.name }) : t("transactionsPage.page.caption", { name: account.name });
  const actionData = useActionData<TransactionsAnswer>();
  const { list: listUrl, keepingEdit: listUrlKeepingEdit } = useListUrls();
  const { shared, deleted, forgetDelete } = useRowShared({ t, language: i18n.language, searchParams, actionData, listUrl, listUrlKeepingEdit, loaderData });
  const { columns } = shared;
  const confirmDelete = searchParams.get("confirmDelete");
  const confirming = confirmDelete && shared.changeable ? list.transactions.find((tx) => tx.id === confirmDelete && !shared.locked(tx)) : undefined;
  const inFlight = useRowFetchers();
  const navigate = useNavigate();
  // Rows hold plain links (a <Link> per row is several router hooks, 50 times): one handler here
  // makes a plain left click on a row's edit link a client-side navigation, as <Link> would.
  const onTableClick = (event: React.MouseEvent<HTMLTableElement>) => {
    const link = (event.target as Element).closest?.("a[data-row-link]");
    if (!(link instanceof HTMLAnchorElement) || !isPlainClick(event) || event.defaultPrevented) return;
    event.preventDefault();
    // The href is a query only ("?edit=…"): the browser's resolved URL is the page to go to.
    const to = new URL(link.href);
    void navigate(to.pathname + to.search + to.hash, { preventScrollReset: true });
  };

  if (list.transactions.length === 0 && !pending) {
    return (
      <p id="transactions-empty" tabIndex={-1} className={`${ui.card} ${l.empty}`} data-testid="transactions-empty">
        {/* A later page left empty (its rows deleted or moved) is not an empty account: the pager below leads back. */}
        {list.hasPrevious
          ? t("transactionsPage.page.emptyPage")
          : filtered
            ? t("transactionsPage.page.emptyFiltered")
            : // An archived account offers no add or import: its notice above says how to restore it.
              t(loaderData.account.archived ? "transactionsPage.page.emptyArchived" : "transactionsPage.page.empty")}
      </p>
    );
  }
  return (
    <div className={`${l.tableWrap}${loading ? ` ${l.rowBusy}` : ""}`} aria-busy={loading || undefined}>
      <p role="status" className="visually-hidden">
        {loading ? t("ledger.pages.common.loading") : ""}
      </p>
      <IconSprite icons={ROW_ICONS} />
      {/* Without JavaScript each row's delete button submits this form with its transaction's id. */}
      <Form method="post" id={DELETE_FORM_ID} preventScrollReset hidden>
        <FormKey nonce={loaderData.nonce} form="delete" />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="returnTo" value={listUrl} />
      </Form>
      {confirming ? <DeleteQuestion tx={confirming} listUrl={listUrl} nonce={loaderData.nonce} t={t} language={shared.language} /> : null}
      {shared.changeable ? <BulkBar t={t} categories={loaderData.categories} nonce={loaderData.nonce} listUrl={listUrl} searchParams={searchParams} onUndo={shared.restoreRows} /> : null}
      <table className={`${l.table} ${s.compactTable}`} style={shared.columnLabels} data-testid="transactions" onClick={onTableClick}>
        {/* Said by the heading above too: read out, not shown, so the rows start higher. */}
        <caption id="transactions-caption" className="visually-hidden" tabIndex={-1}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={s.selectCell}>
              <span className="visually-hidden">{columns.select}</span>
            </th>
            <th scope="col" aria-sort={ariaSort("date")}>
              <Link to={sortHref("date")} className={l.sortLink}>
                {columns.date}
                {sort === "date" ? (order === "asc" ? " ↑" : " ↓") : ""}
              </Link>
            </th>
            <th scope="col" className={l.descriptionColumn}>
              {columns.description}
            </th>
            <th scope="col">{columns.category}</th>
            <th scope="col" data-num="" aria-sort={ariaSort("amount")}>
              <Link to={sortHref("amount")} className={l.sortLink}>
                {columns.amount}
                {sort === "amount" ? (order === "asc" ? " ↑" : " ↓") : ""}
              </Link>
            </th>
            <th scope="col" data-num="">
              {columns.runningBalance}
            </th>
            <th scope="col">{columns.status}</th>
            <th scope="col">
              {/* An icon: the column holds a small thumbnail or nothing, and its word took the description's room. */}
              <span aria-hidden="true" title={columns.receipt}>
                <Receipt size={16} />
              </span>
              <span className="visually-hidden">{columns.receipt}</span>
            </th>
            {shared.changeable ? (
              <th scope="col">
                <span className="visually-hidden">{columns.actions}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {pending ? (
            <tr className={l.rowBusy} aria-busy="true" data-testid="pending-row">
              <td />
              <td className={l.nowrap}>{typedDay(pending.get("date"), shared.language)}</td>
              <th scope="row" className={l.rowHeader}>
                {String(pending.get("description") ?? "")}
              </th>
              <td />
              <td data-num="">{typedAmount(pending.get("amount"), account.currency)}</td>
              <td data-num="" />
              <td>{t("transactionsPage.page.pending")}</td>
              <td data-empty="" />
              <td />
            </tr>
          ) : null}
          {list.transactions.map((tx) =>
            // Optimistic: a deleted row leaves at once (it comes back, with a toast, if the API refuses).
            inFlight.deleting.has(tx.id) ? null : <TransactionRow key={tx.id} tx={tx} shared={shared} saving={inFlight.saving.get(tx.id) ?? null} />,
          )}
        </tbody>
      </table>
      {[...deleted].map(([id, naming]) => (
        <DeleteOutcome key={id} id={id} naming={naming} t={t} onSettled={forgetDelete} onUndo={shared.restoreRows} />
      ))}
    </div>
  );
}

const ROW_ICONS = { pencil: Pencil, trash: Trash2, lock: Lock };
