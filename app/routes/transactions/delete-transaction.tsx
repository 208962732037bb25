/**
 * Deleting a row (intent `delete`): with JavaScript the row's button asks (a dialog) and sends
 * through the row's own fetcher, whose answer `DeleteOutcome` watches; without it the list asks
 * (`DeleteQuestion`), its server side in delete-transaction.server.ts.
 */
import { useEffect, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { Translate } from "../../../core/i18n/translate";
import { FormKey } from "../../forms/idempotency-key";
import { useFailureToast, useFormAnswer } from "../../forms/use-form-answer";
import { type FormAnswer } from "../../forms/form-answer";
import type { PageTransaction, TransactionsAnswer } from "./page-data";
import type { DeletedAnswer } from "./undo-url";
import { showUndoToast } from "../../ui/undo-toast";
import { deleteQuestionText, rowNaming } from "./row-naming";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

export const DELETE_FORM_ID = "transaction-delete";

/** The dialog's question as the page asks it, for a delete sent without JavaScript: delete, or go back to the list. */
export function DeleteQuestion({ tx, listUrl, nonce, t, language }: { tx: PageTransaction; listUrl: string; nonce: string; t: Translate; language: string }) {
  const naming = rowNaming(tx, language);
  const question = deleteQuestionText(t, tx, naming);
  // The amount stays on one line: a line that ends in its minus would read as money in (Money does the same).
  const { amount } = naming;
  const at = question.lastIndexOf(amount);
  return (
    <Form method="post" id="delete-question" preventScrollReset className={`${ui.card} ${l.deleteQuestion}`} aria-label={question} data-testid="delete-question">
      <FormKey nonce={nonce} form="delete" />
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="transactionId" value={tx.id} />
      <input type="hidden" name="confirmed" value="yes" />
      <input type="hidden" name="returnTo" value={listUrl} />
      <p className={l.userText}>
        {at < 0 ? (
          question
        ) : (
          <>
            {question.slice(0, at)}
            <span className={l.nowrap}>{amount}</span>
            {question.slice(at + amount.length)}
          </>
        )}
      </p>
      <div className={l.actions}>
        <button type="submit" className={ui.button.danger}>
          {t("ledger.pages.common.delete")}
        </button>
        <Link to={listUrl} preventScrollReset className={ui.button.ghost}>
          {t("ledger.pages.common.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/**
 * The answer to one delete sent from this page: a toast that offers the undo (ADR 053), or a toast
 * saying why the API refused it (the row is back).
 */
export function DeleteOutcome({ id, naming, t, onSettled, onUndo }: { id: string; naming: string; t: Translate; onSettled: (id: string) => void; onUndo: (ids: string[]) => void }) {
  const fetcher = useFetcher<TransactionsAnswer | DeletedAnswer>({ key: `tx-delete-${id}` });
  useFailureToast(useFormAnswer<FormAnswer>(`delete:${id}`, fetcher as { state: string; data: unknown }, undefined), t);
  const answer = fetcher.data;
  const deleted = answer && "form" in answer && answer.form === "deleted" && answer.ok ? (answer as DeletedAnswer).deleted : null;
  useEffect(() => {
    if (!deleted) return;
    showUndoToast({
      id: `undo-${id}`,
      message: t(deleted.length > 1 ? "ledger.pages.toast.transactionsDeleted" : "ledger.pages.toast.transactionDeleted"),
      detail: naming,
      undo: t("transactionsPage.list.undo"),
      onUndo: () => onUndo(deleted),
    });
    // Once per answer: the ids are new for each.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deleted?.join(",")]);
  // Settled when the fetcher is idle again after its submission, whether a refusal brought data or
  // a success answered with a redirect, which brings none.
  const [sent, setSent] = useState(false);
  if (fetcher.state !== "idle" && !sent) setSent(true);
  const settled = sent && fetcher.state === "idle";
  useEffect(() => {
    if (settled) onSettled(id);
  }, [settled, id, onSettled]);
  return null;
}
