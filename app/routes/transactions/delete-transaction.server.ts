/** The intent `delete`: one row, or both legs of a transfer, kept for undo (ADR 053). */
import { formId } from "../../server/ledger.server";
import { askFirst } from "./ask-first.server";
import { deleteWithUndo } from "./bulk-actions.server";
import type { IntentArgs } from "./intent-args.server";

export async function deleteTransactionAction(args: IntentArgs) {
  const id = formId(args.formData, "transactionId");
  // With JavaScript the row's button deletes at once and the toast offers the undo. Without it
  // the list asks first (`confirmDelete`), and its own form sends the answer; the list then
  // comes back offering the undo.
  if (args.formData.get("confirmed") !== "yes") return askFirst(args.back, "confirmDelete", id, "delete-question");
  return deleteWithUndo(args, [id], `delete:${id}`);
}
