/**
 * The intents of the list's bulk bar (`bulk`) and of undo (`restore`), and the delete they share
 * with a row's own delete button: all through POST /transactions/bulk and /transactions/restore
 * (ADR 053). With JavaScript (`js=1`) a delete answers with the ids it deleted, for the undo toast;
 * without, the list comes back offering the undo (`?undo=`).
 */
import { data } from "react-router";
import { apiFailure } from "../../server/ledger.server";
import { replaceWithToast } from "../../server/toast.server";
import { keyFor } from "../../forms/idempotency-key";
import { refusedAnswer } from "../../forms/form-answer";
import { ID_PATTERN } from "../../../core/ids";
import { BULK_MAX_IDS } from "../../../core/schemas/bulk";
import type { IntentArgs } from "./intent-args.server";
import { withoutUndo, withUndo, type DeletedAnswer } from "./undo-url";


type BulkChange = { set: { categoryId?: string | null; status?: string } } | { delete: true };

/** Deletes `ids` (and the other legs of their transfers); the answer offers the undo. */
export async function deleteWithUndo({ formData, t, values, api, idempotencyKey, back }: IntentArgs, ids: string[], form: string) {
  return sendBulk({ formData, t, values, api, idempotencyKey, back } as IntentArgs, ids, { delete: true }, form);
}

async function sendBulk({ formData, t, values, api, idempotencyKey, back }: IntentArgs, ids: string[], change: BulkChange, form: string) {
  const result = await api.post<{ updated: string[]; deleted: string[] }>("/transactions/bulk", { body: { ids, ...change }, idempotencyKey: keyFor(idempotencyKey, keyPart(ids)) });
  // One row already gone (another tab) is what the user wanted.
  if (!result.ok && result.status === 404 && "delete" in change && ids.length === 1) return replaceWithToast(withoutUndo(back), "ledger.pages.toast.transactionDeleted");
  if (!result.ok) return apiFailure(form, result, values, t);
  if (!("delete" in change)) return replaceWithToast(withoutUndo(back), "transactionsPage.list.toast.updated");
  if (formData.get("js") === "1") return data<DeletedAnswer>({ form: "deleted", ok: true, deleted: result.data.deleted });
  return replaceWithToast(withUndo(back, result.data.deleted), result.data.deleted.length > 1 ? "ledger.pages.toast.transactionsDeleted" : "ledger.pages.toast.transactionDeleted");
}

/**
 * The part of the form's key that names what it changes: one page's delete form serves every row
 * (its button names the row), so a row's own id; several rows, their first and their count (a key
 * stays under the API's 200 characters).
 */
function keyPart(ids: string[]): string {
  return ids.length === 1 ? ids[0]! : `${ids[0]}+${ids.length}`;
}

/** The ids a form names (`ids`, one per checkbox): none, or a malformed one, is a refusal of the form. */
function idsOf(formData: FormData): string[] | null {
  const ids = formData.getAll("ids").map(String);
  if (!ids.length || ids.length > BULK_MAX_IDS || !ids.every((id) => ID_PATTERN.test(id))) return null;
  return [...new Set(ids)];
}

/** The bulk bar: `do` is `category` (with `categoryId`, empty for none), `status` (with `status`) or `delete`. */
export async function bulkAction(args: IntentArgs) {
  const { formData, t, values } = args;
  const ids = idsOf(formData);
  if (!ids) return refusedAnswer("bulk", {}, values, t("transactionsPage.list.bulk.noneChosen"));
  const action = String(formData.get("do") ?? "");
  if (action === "delete") return deleteWithUndo(args, ids, "bulk");
  if (action === "category") {
    const categoryId = String(formData.get("categoryId") ?? "");
    return sendBulk(args, ids, { set: { categoryId: categoryId || null } }, "bulk");
  }
  if (action === "status") return sendBulk(args, ids, { set: { status: String(formData.get("status") ?? "") } }, "bulk");
  return refusedAnswer("bulk", {}, values, t("ledger.bulk.action"));
}

/** Undo of a delete: the deleted rows come back as they were. */
export async function restoreAction({ formData, t, values, api, idempotencyKey, back }: IntentArgs) {
  const ids = idsOf(formData);
  if (!ids) throw new Response("Not Found", { status: 404 });
  const result = await api.post<{ restored: string[] }>("/transactions/restore", { body: { ids }, idempotencyKey: keyFor(idempotencyKey, `restore.${keyPart(ids)}`) });
  // Already back (another tab, or a second press): what the user wanted.
  if (!result.ok && result.status === 404) return replaceWithToast(withoutUndo(back), "transactionsPage.list.toast.restored");
  if (!result.ok) return apiFailure("restore", result, values, t);
  return replaceWithToast(withoutUndo(back), "transactionsPage.list.toast.restored");
}
