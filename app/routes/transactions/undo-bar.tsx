/**
 * The undo of a delete made without JavaScript (ADR 053): the list comes back with the deleted ids
 * in its address (`?undo=`), and this form, where a toast would be, brings them back.
 */
import { Form } from "react-router";
import type { Translate } from "../../../core/i18n/translate";
import { FormKey } from "../../forms/idempotency-key";
import { undoIds, withoutUndo } from "./undo-url";
import * as ui from "../../styles/ui.css";
import * as s from "../../styles/transactions-list.css";

export function UndoBar({ t, searchParams, listUrl, nonce }: { t: Translate; searchParams: URLSearchParams; listUrl: string; nonce: string }) {
  const ids = undoIds(searchParams);
  if (!ids.length) return null;
  return (
    <Form method="post" className={s.undoBar} role="status" preventScrollReset data-testid="undo-bar">
      <FormKey nonce={nonce} form="restore" />
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="returnTo" value={withoutUndo(listUrl)} />
      {ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <span>{t(ids.length > 1 ? "ledger.pages.toast.transactionsDeleted" : "ledger.pages.toast.transactionDeleted")}</span>
      <button type="submit" className={ui.button.ghost}>
        {t("transactionsPage.list.undo")}
      </button>
    </Form>
  );
}
