/**
 * The toasts that answer forms. Refusals stack like any toast (up to the seed's five); a success
 * answers them, so it dismisses them all as it shows: "Transaction added" never stands beside an
 * older "Some fields need attention". Browser-only state: toasts are shown from effects.
 */
import toast from "react-hot-toast";

const refusals = new Set<string>();

export function showFailureToast(message: string) {
  refusals.add(toast.error(message));
}

export function showSuccessToast(message: string, id?: string) {
  for (const refusal of refusals) toast.dismiss(refusal);
  refusals.clear();
  toast.success(message, id ? { id } : undefined);
}

/** News beside a success (the saved row is not on this list): no tick, no cross, as root's "info" flash. */
export function showInfoToast(message: string) {
  toast(message, { id: message });
}
