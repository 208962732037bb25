/** The intent `receipt-remove`: the receipt panel's Remove. */
import { apiFailure, formId } from "../../server/ledger.server";
import { replaceWithToast } from "../../server/toast.server";
import type { IntentArgs } from "./intent-args.server";

export async function removeReceiptAction({ formData, t, values, api, idempotencyKey, back }: IntentArgs) {
  const id = formId(formData, "transactionId");
  // The photo the form showed: one replaced since (another tab, the camera) is not removed (409).
  const seen = formData.get("receiptKey");
  const result = await api.delete(`/transactions/${id}/receipt`, { idempotencyKey, query: { receiptKey: typeof seen === "string" && seen ? seen : undefined } });
  if (!result.ok && result.status === 404) return replaceWithToast(back, "ledger.pages.toast.transactionGone", "error");
  if (!result.ok) return apiFailure(`receipt-remove:${id}`, result, values, t);
  return replaceWithToast(back, "ledger.pages.toast.receiptRemoved");
}
