import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from "react";
import { useSubmit } from "react-router";
import type { Translate } from "../../../core/i18n/translate";
import type { Transaction } from "../../../core/api-types/ledger";
import { TRANSACTION_STATUSES } from "../../../core/ledger-values";
import { columnLabelVars } from "../../ui/column-labels";
import { formKey } from "../../forms/idempotency-key";
import { useFailureToast } from "../../forms/use-form-answer";
import { type FormAnswer } from "../../forms/form-answer";
import type { PageData, PageTransaction, TransactionsAnswer } from "./page-data";
import { transferRateTexts } from "./transfer-rates";
import { editHrefsOf } from "./list-urls";

/**
 * Everything the rows have in common, worked out once per table rather than once per row: a page
 * holds 50 rows, and translating the same labels (and subscribing to the same router state) 50
 * times was most of the page's server render time.
 */
export function useRowShared(inputs: RowInputs) {
  const { t, language, searchParams, actionData, listUrl, listUrlKeepingEdit, loaderData } = inputs;
  const submit = useSubmit();
  // Deletes sent from this page (JavaScript only): each one's answer is watched for a failure toast.
  // Each with the words that name its row in the undo toast.
  const [deleted, setDeleted] = useState<ReadonlyMap<string, string>>(() => new Map());
  // Without JavaScript a refused delete comes back as the page's action data.
  const refusedDelete = typeof actionData === "object" && actionData && "form" in actionData && String(actionData.form).startsWith("delete:");
  useFailureToast(refusedDelete ? (actionData as FormAnswer) : undefined, t);
  // A settled delete's answer has been read (and any failure toasted): its watcher goes, and so
  // does its fetcher, instead of one idle fetcher per delete for the life of the page.
  const forgetDelete = useCallback((id: string) => {
    setDeleted((ids) => {
      if (!ids.has(id)) return ids;
      const rest = new Map(ids);
      rest.delete(id);
      return rest;
    });
  }, []);
  // The same object while its inputs are the same, so that the rows (memo) skip a render that
  // changes nothing of theirs: after hydration the router patches in the routes the page's links
  // lead to (lazy route discovery) and re-renders the whole tree, which doubled the rows' fibers.
  // The deletes in flight are the table's (their outcome toasts), not the rows': a delete starting
  // or settling does not render the other rows again.
  const shared = useMemo(
    () => rowShared({ t, language, searchParams, actionData, listUrl, listUrlKeepingEdit, loaderData, submit, setDeleted }),
    [t, language, searchParams, actionData, listUrl, listUrlKeepingEdit, loaderData, submit],
  );
  return { shared, deleted, forgetDelete };
}

/** What the table knows that the rows' shared object is made of. */
type RowInputs = {
  t: Translate;
  language: string;
  searchParams: URLSearchParams;
  actionData: TransactionsAnswer | undefined;
  listUrl: string;
  listUrlKeepingEdit: string;
  loaderData: PageData;
};

function rowShared({
  t,
  language,
  searchParams,
  actionData,
  listUrl,
  listUrlKeepingEdit,
  loaderData,
  submit,
  setDeleted,
}: RowInputs & { submit: ReturnType<typeof useSubmit>; setDeleted: Dispatch<SetStateAction<ReadonlyMap<string, string>>> }) {
  const accountsById = new Map(loaderData.accounts.map((a) => [a.id, a]));
  const otherSideOf = (tx: PageTransaction) => (tx.transferAccountId ? accountsById.get(tx.transferAccountId) : undefined);
  const rateTexts = transferRateTexts(t, loaderData.transferRates);
  // The table's columns, in their order: the header row's names.
  const columns = {
    select: t("transactionsPage.list.select"),
    date: t("ledger.fields.date"),
    description: t("ledger.fields.description"),
    category: t("ledger.fields.category"),
    amount: t("ledger.fields.amount"),
    runningBalance: t("ledger.fields.runningBalance"),
    status: t("ledger.fields.status"),
    receipt: t("ledger.pages.transactions.receipt"),
    actions: t("ledger.pages.common.actions"),
  };
  return {
    /** With JavaScript a delete goes through the row's own fetcher (optimistic, several at once). */
    deleteRow(id: string, naming: string) {
      const form = new FormData();
      form.set("idempotencyKey", formKey(loaderData.nonce, "delete"));
      form.set("intent", "delete");
      form.set("confirmed", "yes");
      // Answer with the deleted ids (for the undo toast) rather than the list.
      form.set("js", "1");
      form.set("transactionId", id);
      // Another row's edit form stays open; this row's goes with it.
      form.set("returnTo", searchParams.get("edit") === id ? listUrl : listUrlKeepingEdit);
      setDeleted((ids) => new Map(ids).set(id, naming));
      void submit(form, { method: "post", navigate: false, fetcherKey: `tx-delete-${id}`, preventScrollReset: true });
    },
    /** Undo of a delete (the toast's button): the rows come back, and the list with them. */
    restoreRows(ids: string[]) {
      const form = new FormData();
      form.set("idempotencyKey", formKey(loaderData.nonce, "restore"));
      form.set("intent", "restore");
      for (const id of ids) form.append("ids", id);
      form.set("returnTo", listUrlKeepingEdit);
      void submit(form, { method: "post", navigate: false, fetcherKey: "tx-restore", preventScrollReset: true });
    },
    t,
    language,
    searchParams,
    actionData,
    listUrl,
    loaderData,
    // A transfer's other side: its name, and whether it is archived.
    otherSideOf,
    // A transfer between currencies: what it got beside BCRP's rate of its day.
    transferRateOf: (tx: PageTransaction) => (tx.transferId ? rateTexts.get(tx.transferId) : undefined),
    // A transfer whose other side is in an archived account cannot change (ADR 035): its row says why instead.
    locked: (tx: PageTransaction) => otherSideOf(tx)?.archived === true,
    // Each row's edit link (the list's address with `edit` set), its common part built once.
    editHrefOf: editHrefsOf(searchParams),
    // An archived account's transactions cannot change (the API refuses with 409): no control offers to.
    changeable: !loaderData.account.archived,
    columns,
    // The columns' names, in order, also label an opened row's cells on phones (the actions' needs none).
    columnLabels: columnLabelVars(Object.values(columns).slice(0, -1)),
    // "Select all" without JavaScript: the page comes back with every row's box checked.
    allSelected: searchParams.get("select") === "all",
    labels: {
      uncategorised: t("ledger.pages.common.uncategorised"),
      noReceipt: t("transactionsPage.page.noReceipt"),
      futureDate: t("ledger.pages.common.futureDate"),
      anotherAccount: t("transactionsPage.page.anotherAccount"),
      otherSideArchived: t("transactionsPage.page.otherSideArchived"),
      pending: t("transactionsPage.page.pending"),
      statuses: Object.fromEntries(TRANSACTION_STATUSES.map((status) => [status, t(`ledger.statuses.${status}`)])) as Record<Transaction["status"], string>,
    },
    editLabel: template(t, "transactionsPage.page.editLabel", ["description", "date", "amount"]),
    deleteLabel: template(t, "transactionsPage.page.deleteLabel", ["description", "date", "amount"]),
    deletedRow: template(t, "transactionsPage.list.deletedRow", ["description", "date", "amount"]),
    selectLabel: template(t, "transactionsPage.list.selectRow", ["description", "date", "amount"]),
    detailsLabel: template(t, "transactionsPage.list.rowDetails", ["description", "date", "amount"]),
    receiptOf: template(t, "transactionsPage.page.receiptOf", ["description"]),
    transferTo: template(t, "transactionsPage.page.transferTo", ["account"]),
    transferFrom: template(t, "transactionsPage.page.transferFrom", ["account"]),
    lockedTransfer: template(t, "transactionsPage.page.lockedTransfer", ["account"]),
  };
}
export type RowShared = ReturnType<typeof rowShared>;

/**
 * A translation translated once and filled per row: the same text as `t(key, values)` for values
 * of the named placeholders, which it takes in the order of `names`.
 */
function template<Name extends string>(t: Translate, key: string, names: readonly Name[]): (values: Readonly<Record<Name, string>>) => string {
  // Each placeholder becomes a marker that no text contains: a control character and its index.
  const marked = t(key, Object.fromEntries(names.map((name, index) => [name, `\u0000${index}\u0000`])));
  const pieces = marked.split("\u0000");
  return (values) => pieces.map((piece, at) => (at % 2 === 0 ? piece : values[names[Number(piece)]!])).join("");
}
