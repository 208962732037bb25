/**
 * The bulk bar above the rows: the checked rows (each row's box belongs to this form by its `form`
 * attribute) get a category or a status, or are deleted with an undo (ADR 053). A plain POST
 * without JavaScript; with it, a fetcher, and "select all" is a box instead of a link.
 */
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import type { Translate } from "../../../core/i18n/translate";
import type { Category } from "../../../core/api-types/ledger";
import { TRANSACTION_STATUSES } from "../../../core/ledger-values";
import { useHydrated } from "../../browser/use-hydrated";
import { FormKey } from "../../forms/idempotency-key";
import { useFailureToast, useFormAnswer } from "../../forms/use-form-answer";
import type { FormAnswer } from "../../forms/form-answer";
import { showUndoToast } from "../../ui/undo-toast";
import { withParams } from "./list-urls";
import type { DeletedAnswer } from "./undo-url";
import * as ui from "../../styles/ui.css";
import * as s from "../../styles/transactions-list.css";

export const BULK_FORM_ID = "transactions-bulk";

/** Every row's box of this page. */
function rowBoxes(): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="ids"][form="${BULK_FORM_ID}"]`)];
}

function selectAllBoxes(): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>('[data-testid="select-all"]')];
}

export function BulkBar({ t, categories, nonce, listUrl, searchParams, onUndo }: { t: Translate; categories: Category[]; nonce: string; listUrl: string; searchParams: URLSearchParams; onUndo: (ids: string[]) => void }) {
  const fetcher = useFetcher<FormAnswer | DeletedAnswer>({ key: "tx-bulk" });
  const hydrated = useHydrated();
  useFailureToast(useFormAnswer<FormAnswer>("bulk", fetcher as { state: string; data: unknown }, undefined), t);
  const answer = fetcher.data;
  const deleted = answer && answer.form === "deleted" && answer.ok ? (answer as DeletedAnswer).deleted : null;
  // A change sent and answered (a redirect brings no data): the boxes start empty again, unless refused.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (!deleted) return;
    showUndoToast({
      id: "undo-bulk",
      message: t(deleted.length > 1 ? "ledger.pages.toast.transactionsDeleted" : "ledger.pages.toast.transactionDeleted"),
      undo: t("transactionsPage.list.undo"),
      onUndo: () => onUndo(deleted),
    });
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deleted?.join(",")]);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    if ((answer as { ok?: boolean } | undefined)?.ok !== false) for (const box of [...rowBoxes(), ...selectAllBoxes()]) box.checked = false;
  }, [fetcher.state, answer]);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" id={BULK_FORM_ID} className={s.bulkBar} preventScrollReset aria-label={t("transactionsPage.list.bulk.label")} data-testid="bulk-bar">
      <FormKey nonce={nonce} form="bulk" />
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="returnTo" value={listUrl} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {hydrated ? (
        <label className={ui.row}>
          <input type="checkbox" onChange={(event) => rowBoxes().forEach((box) => (box.checked = event.currentTarget.checked))} data-testid="select-all" />
          {t("transactionsPage.list.bulk.selectAll")}
        </label>
      ) : (
        <Link to={withParams(searchParams, { select: searchParams.get("select") === "all" ? null : "all" })} preventScrollReset>
          {t(searchParams.get("select") === "all" ? "transactionsPage.list.bulk.selectNone" : "transactionsPage.list.bulk.selectAll")}
        </Link>
      )}
      <span className={s.bulkChanges}>
      <span className={ui.row}>
        <label htmlFor="bulk-category" className="visually-hidden">
          {t("ledger.fields.category")}
        </label>
        <select id="bulk-category" name="categoryId" className={`${ui.select} ${s.bulkSelect}`} defaultValue="">
          <option value="">{t("transactionsPage.list.bulk.noCategory")}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
        <button type="submit" name="do" value="category" className={ui.button.ghost} disabled={busy}>
          {t("transactionsPage.list.bulk.setCategory")}
        </button>
      </span>
      <span className={ui.row}>
        <label htmlFor="bulk-status" className="visually-hidden">
          {t("ledger.fields.status")}
        </label>
        <select id="bulk-status" name="status" className={`${ui.select} ${s.bulkSelect}`} defaultValue="posted">
          {TRANSACTION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`ledger.statuses.${status}`)}
            </option>
          ))}
        </select>
        <button type="submit" name="do" value="status" className={ui.button.ghost} disabled={busy}>
          {t("transactionsPage.list.bulk.setStatus")}
        </button>
      </span>
      <button type="submit" name="do" value="delete" className={ui.button.ghost} disabled={busy}>
        {t("transactionsPage.list.bulk.delete")}
      </button>
      </span>
    </fetcher.Form>
  );
}
