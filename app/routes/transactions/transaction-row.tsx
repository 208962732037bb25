/** One transaction's row, and below it, while it is edited, its edit form and receipt panel. */
import { memo } from "react";
import { answerFor, type FormAnswer } from "../../forms/form-answer";
import { Money } from "../../ui/money";
import { SpriteIcon } from "../../ui/icon-sprite";
import { Tooltip } from "../../ui/tooltip";
import { receiptSrc } from "../../../core/receipt-image";
import { DELETE_FORM_ID } from "./delete-transaction";
import { BULK_FORM_ID } from "./bulk-bar";
import type { PageTransaction } from "./page-data";
import { ReceiptPanel } from "./receipt-panel";
import { ConvertToTransfer } from "./convert-transfer/convert-to-transfer";
import { rowNaming } from "./row-naming";
import { EditTransaction } from "./transaction-form";
import { typedAmount, typedDay } from "./typed-values";
import type { RowShared } from "./use-row-shared";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";
import * as s from "../../styles/transactions-list.css";

const PENCIL_ICON = <SpriteIcon id="pencil" />;
const TRASH_ICON = <SpriteIcon id="trash" />;
const LOCK_ICON = <SpriteIcon id="lock" />;

/**
 * A row is a plain function of its data: no hooks, so 50 of them cost little to render; and memo,
 * so a render of the page that changes nothing of a row's (a route patch, another row's save)
 * skips it.
 */
export const TransactionRow = memo(function TransactionRow({ tx, shared, saving }: { tx: PageTransaction; shared: RowShared; saving: FormData | null }) {
  const { t, labels, searchParams, actionData, loaderData } = shared;
  const otherSide = shared.otherSideOf(tx);
  // Locked means this other side exists (and is archived).
  const locked = shared.locked(tx);
  const editing = shared.changeable && !locked && (searchParams.get("edit") === tx.id || Boolean(answerFor<FormAnswer>(`update:${tx.id}`, undefined, actionData)));
  const otherName = tx.transferAccountId ? (otherSide?.name ?? labels.anotherAccount) : null;
  const description = saving ? String(saving.get("description") ?? tx.description) : tx.description;
  // A query only ("?edit=…"): the browser resolves it against this list's own path, 50 bytes fewer in each row.
  const editHref = shared.editHrefOf(tx.id);
  const naming = rowNaming(tx, shared.language);
  const rateText = shared.transferRateOf(tx);

  return (
    <>
      <tr className={saving ? l.rowBusy : undefined} aria-busy={saving ? true : undefined} data-testid="transaction-row" data-id={tx.id}>
        <td className={s.selectCell}>
          {shared.changeable && !locked ? (
            <input
              type="checkbox"
              name="ids"
              value={tx.id}
              form={BULK_FORM_ID}
              className={s.rowCheck}
              defaultChecked={shared.allSelected}
              aria-label={shared.selectLabel(naming)}
              data-testid="row-select"
            />
          ) : null}
        </td>
        <td className={l.nowrap}>
          {saving ? typedDay(saving.get("date") ?? tx.date, shared.language) : <time dateTime={tx.date}>{naming.date}</time>}
          {/* Counted in the balance already (ADR 013): said, so today's balance is not a puzzle. */}
          {!saving && tx.date > loaderData.today ? <span className={`${l.small} ${l.futureDate}`}>{labels.futureDate}</span> : null}
        </td>
        <th scope="row" className={l.rowHeader}>
          {/* On a phone the line is this label: a tap opens the row (its other cells), without a script. The box is inside its
              label, so no id and `for` (two row ids more in each row's HTML) tie them; its name stays its own aria-label. */}
          <label className={s.expanderLabel}>
            <input type="checkbox" className={s.expander} aria-label={shared.detailsLabel(naming)} data-testid="row-open" />
            <span className={l.rowTitle}>{description}</span>
            {tx.payee ? <span className={l.small}>{` · ${tx.payee}`}</span> : null}
            {otherName ? (
              <>
                <br />
                <span className={l.small}>
                  {tx.amountMinor < 0 ? shared.transferTo({ account: otherName }) : shared.transferFrom({ account: otherName })}
                  {locked ? ` · ${labels.otherSideArchived}` : null}
                </span>
                {rateText ? (
                  <>
                    <br />
                    <span className={l.small} data-testid="transfer-rate">
                      {rateText}
                    </span>
                  </>
                ) : null}
              </>
            ) : null}
            {/* Notes, on one line: a search also matches them, and this shows why a row came up. */}
            {tx.notes ? (
              <span className={`${l.small} ${l.noteLine}`} data-testid="notes">
                {tx.notes}
              </span>
            ) : null}
          </label>
        </th>
        <td>
          {tx.category ? (
            <span className={l.categoryLabel}>
              <span className={l.categoryDot} style={{ background: tx.category.color }} aria-hidden="true" />
              {tx.category.name}
            </span>
          ) : (
            <span className={l.small}>{labels.uncategorised}</span>
          )}
        </td>
        <td data-num="" data-testid="amount">
          {saving ? typedAmount(saving.get("amount") ?? tx.amount, tx.currency) : <Money minor={tx.amountMinor} currency={tx.currency} signed />}
        </td>
        <td data-num="">{tx.runningBalanceMinor !== null ? <Money minor={tx.runningBalanceMinor} currency={tx.currency} /> : <span aria-hidden="true">—</span>}</td>
        <td>{saving ? labels.pending : <span className={tx.status === "pending" ? l.badgePending : l.badge}>{labels.statuses[tx.status]}</span>}</td>
        <td data-empty={tx.receiptKey ? undefined : ""}>
          {tx.receiptKey ? (
            <a href={`/resources/receipts/${tx.id}`} target="_blank" rel="noopener" data-testid="receipt-link">
              <img src={receiptSrc(tx.id, tx.receiptKey)} alt={shared.receiptOf(naming)} className={l.receiptThumb} loading="lazy" width={36} height={36} />
            </a>
          ) : (
            <span className="visually-hidden">{labels.noReceipt}</span>
          )}
        </td>
        {shared.changeable && locked ? (
          <td>
            <span className={l.rowActions}>
              {/* Focusable so that the keyboard, too, can show the reason (the tooltip is its label). */}
              <Tooltip>
                <span role="img" tabIndex={0} className={l.rowLocked} aria-label={shared.lockedTransfer({ account: otherSide!.name })} data-testid="locked-transfer">
                  {LOCK_ICON}
                </span>
              </Tooltip>
            </span>
          </td>
        ) : shared.changeable ? (
          <td>
            <span className={l.rowActions}>
              <Tooltip>
                <a href={editHref} data-row-link="" className={`${ui.button.ghost} ${l.rowAction}`} aria-label={shared.editLabel(naming)}>
                  {PENCIL_ICON}
                </a>
              </Tooltip>
              <Tooltip>
              <button
                type="submit"
                form={DELETE_FORM_ID}
                name="transactionId"
                value={tx.id}
                className={`${ui.button.ghost} ${l.rowAction}`}
                aria-label={shared.deleteLabel(naming)}
                onClick={(event) => {
                  event.preventDefault();
                  // No question: the toast that follows offers the undo (ADR 053). The row and its button go at once: the keyboard continues on the next row's
                  // delete button (or the previous row's, or the page's main region), not from the top of the page.
                  const row = event.currentTarget.closest("tr");
                  const nextFocus = neighbourDeleteButton(row, "nextElementSibling") ?? neighbourDeleteButton(row, "previousElementSibling") ?? document.getElementById("main");
                  shared.deleteRow(tx.id, shared.deletedRow(naming));
                  nextFocus?.focus();
                }}
              >
                {TRASH_ICON}
              </button>
              </Tooltip>
            </span>
          </td>
        ) : null}
      </tr>
      {editing ? (
        <tr className={l.editRow}>
          <td colSpan={9} data-full="">
            <div className={ui.stack} style={{ padding: "8px 0" }}>
              <h3 className={l.subTitle} id={`edit-${tx.id}`}>
                {t("transactionsPage.page.editTitle", { description: tx.description })}
              </h3>
              <EditTransaction tx={tx} loaderData={loaderData} actionData={actionData} />
              <ConvertToTransfer tx={tx} accountId={loaderData.account.id} accounts={loaderData.accounts} nonce={loaderData.nonce} actionData={actionData} />
              <ReceiptPanel tx={tx} accountId={loaderData.account.id} nonce={loaderData.nonce} actionData={actionData} receiptOf={shared.receiptOf(naming)} />
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
});

/** The delete button of the nearest row in one direction that has one (an edit form's row has none). */
function neighbourDeleteButton(row: Element | null, direction: "nextElementSibling" | "previousElementSibling"): HTMLElement | null {
  for (let at = row?.[direction] ?? null; at; at = at[direction]) {
    const button = at.querySelector<HTMLElement>('button[name="transactionId"]');
    if (button) return button;
  }
  return null;
}
