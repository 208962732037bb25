/**
 * The intents `reconcile-preview` (compare the bank's balance on a day with the account's: the
 * preview is the form's answer, so it shows without JavaScript too) and `reconcile` (mark the
 * movements up to that day reconciled and keep the checkpoint). ADR 052.
 */
import { reconcileQuerySchema, reconcileSchema } from "../../../../core/schemas/ledger-links";
import { parseForm } from "../../../forms/forms";
import { refusedAnswer, savedAnswer } from "../../../forms/form-answer";
import { apiFailure } from "../../../server/ledger.server";
import { replaceWithToast } from "../../../server/toast.server";
import type { IntentArgs } from "../intent-args.server";
import { PREVIEW_FORM, RECONCILE_FORM, type ReconcilePreview } from "./reconcile-data";

export async function reconcileAction({ accountId, formData, t, intent, values, api, idempotencyKey, back }: IntentArgs) {
  if (intent === PREVIEW_FORM) {
    const parsed = parseForm(reconcileQuerySchema, formData, t);
    if (!parsed.ok) return refusedAnswer(PREVIEW_FORM, parsed.errors, values);
    const result = await api.get<ReconcilePreview>(`/accounts/${accountId}/reconciliation`, { query: { date: parsed.data.date, balance: parsed.data.balance } });
    if (!result.ok) return apiFailure(PREVIEW_FORM, result, values, t);
    return savedAnswer(PREVIEW_FORM, { preview: result.data, values });
  }
  const parsed = parseForm(reconcileSchema, formData, t);
  if (!parsed.ok) return refusedAnswer(RECONCILE_FORM, parsed.errors, values);
  const result = await api.post(`/accounts/${accountId}/reconciliation`, { body: parsed.data, idempotencyKey });
  if (!result.ok) return apiFailure(RECONCILE_FORM, result, values, t);
  return replaceWithToast(back, "transactionsPage.reconcile.toast.done");
}
