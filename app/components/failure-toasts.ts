/**
 * The refusal toasts on screen. They stack like any toast (up to the seed's five), and a saved
 * change answers them: a success dismisses them all, so "Transaction added" never shows beside an
 * older "Some fields need attention". Browser-only state: toasts are shown from effects.
 */
import toast from "react-hot-toast";

const shown = new Set<string>();

export function showFailureToast(message: string) {
  shown.add(toast.error(message));
}

export function dismissFailureToasts() {
  for (const id of shown) toast.dismiss(id);
  shown.clear();
}
