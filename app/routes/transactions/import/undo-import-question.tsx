import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/use-translation";
import { FormKey } from "../../../forms/idempotency-key";
import { type FormAnswer } from "../../../forms/form-answer";
import { focusIfLost, useFocusAfterSave } from "../../../forms/focus-after-save";
import { isPlainClick } from "../../../browser/plain-click";
import type { ImportRecord } from "../../../../core/api-types/ledger";
import type { Fetcher } from "../page-data";
import { UNDO_IMPORT_FORM } from "./import-state";
import * as l from "../../../styles/ledger.css";
import * as ui from "../../../styles/ui.css";

/** Where focus goes once an import is undone: the list of the others, or the file field when none is left. */
const AFTER_UNDO_FOCUS = ["#recent-imports-title", "#import-file"] as const;

/**
 * `laterImports`: an import made after this one is listed. It may have skipped rows as duplicates
 * of this one's, which the undo takes away and nothing brings back: the question says so, and how
 * to bring them back (ADR 038).
 */
export function UndoImportQuestion(props: {
  record: ImportRecord;
  naming: { file: string; when: string };
  laterImports: boolean;
  fetcher: Fetcher;
  nonce: string;
  listUrl: string;
  refused: FormAnswer | undefined;
  onCancel: (() => void) | undefined;
}) {
  const { record, naming, laterImports, fetcher, nonce, listUrl, refused, onCancel } = props;
  const { t } = useTranslation();
  const question = t("transactionsPage.recentImports.undoQuestion", { count: record.remaining, ...naming });
  const confirm = useRef<HTMLButtonElement>(null);
  // The Undo button it replaced had focus: the keyboard goes on from the answer to give.
  useEffect(() => focusIfLost(confirm.current), []);
  const busy = fetcher.state !== "idle";
  const onSubmit = useFocusAfterSave(AFTER_UNDO_FOCUS, refused);
  return (
    <fetcher.Form
      method="post"
      id="undo-import-question"
      preventScrollReset
      className={`${ui.card} ${l.undoQuestion}`}
      aria-label={question}
      data-testid="undo-import-question"
      onSubmit={onSubmit(() => {})}
    >
      <FormKey nonce={nonce} form={`${UNDO_IMPORT_FORM}.${record.id}`} />
      <input type="hidden" name="intent" value="import-undo" />
      <input type="hidden" name="importId" value={record.id} />
      <input type="hidden" name="confirmed" value="yes" />
      <input type="hidden" name="returnTo" value={listUrl} />
      <p className={l.userText}>{question}</p>
      {laterImports ? <p>{t("transactionsPage.recentImports.undoLaterImports")}</p> : null}
      <div className={l.actions}>
        <button type="submit" ref={confirm} className={ui.button.danger} disabled={busy}>
          {busy ? t("ledger.pages.common.saving") : t("transactionsPage.recentImports.undoConfirm")}
        </button>
        <Link
          to={listUrl}
          preventScrollReset
          className={ui.button.ghost}
          onClick={(event) => {
            // Asked in place: closing the question needs no new page, and the keyboard goes back to Undo.
            if (!onCancel || !isPlainClick(event)) return;
            event.preventDefault();
            onCancel();
            requestAnimationFrame(() => document.getElementById(`undo-import-${record.id}`)?.focus());
          }}
        >
          {t("ledger.pages.common.cancel")}
        </Link>
      </div>
    </fetcher.Form>
  );
}
