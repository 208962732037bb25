/** The receipt panel of a row being edited: intent `receipt-remove`, answered by receipt-panel.server.ts. */
import { Link, useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { FormKey } from "../../forms/idempotency-key";
import { useFormAnswer } from "../../forms/use-form-answer";
import { type FormAnswer, formErrorOf } from "../../forms/form-answer";
import { useFocusAfterSave } from "../../forms/focus-after-save";
import { hasTypedChanges } from "../../forms/typed-through-language-switch";
import { FormAlert } from "../../ui/ui";
import { receiptSrc } from "../../../core/receipt-image";
import { useListUrls } from "./list-urls";
import type { PageTransaction, TransactionsAnswer } from "./page-data";
import type { RowShared } from "./use-row-shared";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

type ReceiptPanelProps = { tx: PageTransaction; accountId: string; nonce: string; actionData: RowShared["actionData"]; receiptOf: string };

/**
 * The receipt photo of the transaction being edited: seen full size, replaced or added through the
 * camera page opened for this transaction (any transaction, not only the latest few there), and
 * removed. Removing asks first in a disclosure, which works without JavaScript too; the API
 * deletes the image from R2 (trash queue, migration 0003). The edit form stays open (`keepingEdit`).
 */
export function ReceiptPanel({ tx, accountId, nonce, actionData, receiptOf }: ReceiptPanelProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TransactionsAnswer>({ key: `tx-receipt-${tx.id}` });
  const result = useFormAnswer<FormAnswer>(`receipt-remove:${tx.id}`, fetcher, actionData);
  const { keepingEdit } = useListUrls();
  const addId = `receipt-add-${tx.id}`;
  // Removed, the disclosure and its button are gone: the keyboard goes on from "Add a receipt photo".
  const focusWhenRemoved = useFocusAfterSave(`#${addId}`, result);
  // `back`: the camera page's way back to this list, with this edit form open.
  const cameraHref = `/camera?${new URLSearchParams({ account: accountId, transaction: tx.id, back: keepingEdit })}`;
  // The camera is another page: what is typed in the edit form above would be lost without asking.
  const confirmLeaving = (event: React.MouseEvent) => {
    const form = document.querySelector<HTMLFormElement>(`form[data-edit-of="${tx.id}"]`);
    if (form && hasTypedChanges(form) && !window.confirm(t("transactionsPage.page.leaveUnsaved"))) event.preventDefault();
  };
  const busy = fetcher.state !== "idle";
  return (
    <section className={l.receiptPanel} aria-labelledby={`receipt-title-${tx.id}`} data-testid="receipt-panel">
      <h4 className={l.subTitle} id={`receipt-title-${tx.id}`}>
        {t("transactionsPage.page.receiptPhoto")}
      </h4>
      <FormAlert message={formErrorOf(result, t)} />
      {tx.receiptKey ? (
        <div className={l.receiptActions}>
          <a href={`/resources/receipts/${tx.id}`} target="_blank" rel="noopener">
            <img src={receiptSrc(tx.id, tx.receiptKey)} alt={receiptOf} className={l.receiptPreview} width={96} height={96} />
          </a>
          <Link to={cameraHref} className={ui.button.ghost} onClick={confirmLeaving}>
            {t("transactionsPage.page.receiptReplace")}
          </Link>
          <details className={l.receiptRemove}>
            <summary className={ui.button.ghost}>{t("transactionsPage.page.receiptRemove")}</summary>
            <fetcher.Form method="post" preventScrollReset className={ui.stack} onSubmit={focusWhenRemoved(() => undefined)}>
              <FormKey nonce={nonce} form={`receipt-remove.${tx.id}`} />
              <input type="hidden" name="intent" value="receipt-remove" />
              <input type="hidden" name="transactionId" value={tx.id} />
              <input type="hidden" name="receiptKey" value={tx.receiptKey} />
              <input type="hidden" name="returnTo" value={keepingEdit} />
              <p className={l.small}>{t("transactionsPage.page.receiptRemoveQuestion")}</p>
              <div>
                <button type="submit" className={ui.button.danger} disabled={busy}>
                  {t("transactionsPage.page.receiptRemoveConfirm")}
                </button>
              </div>
            </fetcher.Form>
          </details>
        </div>
      ) : (
        <p className={l.small}>
          {t("transactionsPage.page.receiptNone")}{" "}
          <Link id={addId} to={cameraHref} onClick={confirmLeaving}>
            {t("transactionsPage.page.receiptAdd")}
          </Link>
        </p>
      )}
    </section>
  );
}
