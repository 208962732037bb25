/** The intent `delete`: one row, or both legs of a transfer. */
import { apiFailure, formId } from "../../server/ledger.server";
import { replaceWithToast } from "../../server/toast.server";
import { keyFor } from "../../forms/idempotency-key";
import { askFirst } from "./ask-first.server";
import type { IntentArgs } from "./intent-args.server";

export async function deleteTransactionAction({ formData, t, values, api, idempotencyKey, back }: IntentArgs) {
  const id = formId(formData, "transactionId");
  // With JavaScript the row's button asked first (a dialog) and says so. Without it nothing
  // has asked yet: the list asks (`confirmDelete`), and its own form sends the answer.
  if (formData.get("confirmed") !== "yes") return askFirst(back, "confirmDelete", id, "delete-question");
  // One delete form serves the whole table (the row's button names the transaction), so the
  // form's key is made the row's own here.
  const result = await api.delete<{ deleted: string[] }>(`/transactions/${id}`, { idempotencyKey: keyFor(idempotencyKey, id) });
  // Already gone (another tab) is what the user wanted.
  if (!result.ok && result.status === 404) return replaceWithToast(back, "ledger.pages.toast.transactionDeleted");
  if (!result.ok) return apiFailure(`delete:${id}`, result, values, t);
  return replaceWithToast(back, result.data.deleted.length > 1 ? "ledger.pages.toast.transactionsDeleted" : "ledger.pages.toast.transactionDeleted");
}
