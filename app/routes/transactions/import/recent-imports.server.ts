/** The intent `import-undo`: Recent imports' Undo. */
import { apiFailure, formId } from "../../../server/ledger.server";
import { replaceWithToast } from "../../../server/toast.server";
import { askFirst } from "../ask-first.server";
import type { IntentArgs } from "../intent-args.server";
import { UNDO_IMPORT_FORM } from "./import-state";

export async function undoImportAction({ accountId, formData, t, values, api, idempotencyKey, back }: IntentArgs) {
  const importId = formId(formData, "importId");
  // As a delete: without JavaScript nothing has asked yet, so the list asks (`confirmUndoImport`).
  if (formData.get("confirmed") !== "yes") return askFirst(back, "confirmUndoImport", importId, "undo-import-question");
  const result = await api.delete<{ deleted: number }>(`/accounts/${accountId}/imports/${importId}`, { idempotencyKey });
  // Undone already (another tab): what the user wanted, said as it is.
  if (!result.ok && result.status === 404) return replaceWithToast(back, "transactionsPage.toast.importUndoneAlready", "info");
  if (!result.ok) return apiFailure(UNDO_IMPORT_FORM, result, values, t);
  return replaceWithToast(back, "transactionsPage.toast.importUndone");
}
