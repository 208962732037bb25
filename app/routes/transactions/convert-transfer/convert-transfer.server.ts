/**
 * The intents of a row's "Convert to transfer" (ADR 052): `convert-candidates` (the movements of
 * other accounts that could be its other leg: the form's answer, so it shows without JavaScript
 * too), `convert-transfer` (link one, or create the other leg in a chosen account) and
 * `transfer-unlink` ("Not a transfer": two plain movements again).
 */
import { convertToTransferSchema } from "../../../../core/schemas/ledger-links";
import { parseForm } from "../../../forms/forms";
import { keyFor } from "../../../forms/idempotency-key";
import { refusedAnswer, savedAnswer } from "../../../forms/form-answer";
import { apiFailure, formId } from "../../../server/ledger.server";
import { replaceWithToast } from "../../../server/toast.server";
import type { IntentArgs } from "../intent-args.server";
import { CANDIDATES_INTENT, CONVERT_INTENT, formOf, type TransferCandidates } from "./convert-data";

export async function convertTransferAction({ formData, t, intent, values, api, idempotencyKey, back }: IntentArgs) {
  const id = formId(formData, "transactionId");
  const form = formOf(intent, id);
  if (intent === CANDIDATES_INTENT) {
    const result = await api.get<TransferCandidates>(`/transactions/${id}/transfer-candidates`);
    if (!result.ok) return apiFailure(form, result, values, t);
    return savedAnswer(form, { found: result.data });
  }
  if (intent === CONVERT_INTENT) {
    const parsed = parseForm(convertToTransferSchema, formData, t);
    if (!parsed.ok) return refusedAnswer(form, parsed.errors, values);
    // One form serves the row's candidates (each button names one): the key is made the choice's own.
    const result = await api.post(`/transactions/${id}/transfer`, { body: parsed.data, idempotencyKey: keyFor(idempotencyKey, parsed.data.counterpartId ?? parsed.data.accountId ?? "") });
    if (!result.ok) return apiFailure(form, result, values, t);
    return replaceWithToast(back, "transactionsPage.convertTransfer.toast.converted");
  }
  const transferId = formId(formData, "transferId");
  const result = await api.post<{ deleted?: string[] }>(`/transfers/${transferId}/unlink`, { idempotencyKey });
  if (!result.ok) return apiFailure(form, result, values, t);
  // A leg that convert created is deleted by the unlink (ADR 062): the user is told.
  return replaceWithToast(back, result.data.deleted?.length ? "importFlow.followUp.unlink.deleted" : "transactionsPage.convertTransfer.toast.unlinked");
}
