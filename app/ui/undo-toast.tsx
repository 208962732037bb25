/**
 * A toast that says what was done and offers to undo it (a delete, ADR 053). It stays 10 seconds,
 * longer than the plain ones, so there is time to reach its button; pressing it dismisses it.
 */
import toast from "react-hot-toast";
import * as ui from "../styles/ui.css";
import * as s from "../styles/transactions-list.css";

export const UNDO_TOAST_MS = 10_000;

/** `detail`: what was done to, on a line of its own (the deleted row's description, day and amount). */
export function showUndoToast({ message, detail, undo, onUndo, id }: { message: string; detail?: string; undo: string; onUndo: () => void; id?: string }) {
  return toast.success(
    (item) => (
      <span className={s.toastActions} data-testid="undo-toast">
        <span>
          {message}
          {detail ? (
            <>
              <br />
              <span className={s.toastDetail}>{detail}</span>
            </>
          ) : null}
        </span>
        <button
          type="button"
          className={ui.button.ghost}
          onClick={() => {
            toast.dismiss(item.id);
            onUndo();
          }}
        >
          {undo}
        </button>
      </span>
    ),
    { duration: UNDO_TOAST_MS, ...(id ? { id } : {}) },
  );
}
