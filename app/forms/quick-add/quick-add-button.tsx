/**
 * Quick add's opener (the header, the overview): a link to /quick-add, which with JavaScript
 * opens a dialog instead, its data loaded as it opens. A save leads back to this page (a toast
 * says it) and closes the dialog; Escape or Close close it without saving.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Plus } from "lucide-react";
import { useTranslation } from "../../i18n/use-translation";
import type { FormAnswer } from "../form-answer";
import { newIdempotencyKey } from "../idempotency-key";
import type { QuickAddData } from "./quick-add-form";
import * as ui from "../../styles/ui.css";

// Loaded as the dialog first opens: the form brings zod and the schemas, which every page's header need not.
const QuickAddForm = lazy(() => import("./quick-add-form").then((module) => ({ default: module.QuickAddForm })));

export function QuickAddButton({ className, testId }: { className?: string; testId: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const back = `${pathname}${search}`;
  const dialog = useRef<HTMLDialogElement>(null);
  const loader = useFetcher<QuickAddData>();
  const [open, setOpen] = useState(false);
  const [nonce, setNonce] = useState("");
  // One fetcher per opening: a refusal met before is not shown again in a dialog opened anew.
  const saver = useFetcher<FormAnswer>({ key: `quick-add-${testId}-${nonce}` });
  const sent = useRef(false);
  // Saved (the action redirected, so no answer): the dialog closes; a refusal keeps it open.
  useEffect(() => {
    if (saver.state !== "idle") sent.current = true;
    else if (sent.current) {
      sent.current = false;
      if (!saver.data) dialog.current?.close();
    }
  }, [saver.state, saver.data]);
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);
  const href = `/quick-add?back=${encodeURIComponent(back)}`;
  return (
    <>
      <a
        href={href}
        className={className ?? ui.button.secondary}
        data-testid={testId}
        onClick={(event) => {
          event.preventDefault();
          setNonce(newIdempotencyKey());
          setOpen(true);
          void loader.load(href);
        }}
      >
        <Plus size={18} aria-hidden="true" />
        <span>{t("ledger.moneyInOut.quickAdd.open")}</span>
      </a>
      {/* In the page only while open: a closed dialog's controls would sit in the header at 0×0. */}
      {open ? (
        <dialog ref={dialog} aria-labelledby={`${testId}-title`} onClose={() => setOpen(false)} data-testid={`${testId}-dialog`} style={{ maxWidth: "min(32rem, calc(100vw - 2rem))", width: "100%", borderRadius: "12px" }}>
          <div className={ui.stack}>
            <div className={ui.row} style={{ justifyContent: "space-between" }}>
              <h2 id={`${testId}-title`} style={{ margin: 0, fontSize: "1.25rem" }}>
                {t("ledger.moneyInOut.quickAdd.title")}
              </h2>
              <button type="button" className={ui.button.ghost} onClick={() => dialog.current?.close()}>
                {t("ledger.moneyInOut.quickAdd.close")}
              </button>
            </div>
            {loader.data ? (
              <Suspense fallback={null}>
                <QuickAddForm key={nonce} data={{ ...loader.data, back }} fetcher={saver} result={saver.data} nonce={nonce} autoFocus />
              </Suspense>
            ) : null}
          </div>
        </dialog>
      ) : null}
    </>
  );
}
