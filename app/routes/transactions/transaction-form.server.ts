/** The transaction form's intents: `add` (the add form) and `update` (a row's edit form). */
import type { Transaction } from "../../../core/api-types/ledger";
import { transactionCreateSchema, transactionUpdateSchema } from "../../../core/schemas/ledger";
import { parseForm } from "../../forms/forms";
import { refusedAnswer } from "../../forms/form-answer";
import { apiFailure, formId, refusedWithAmounts } from "../../server/ledger.server";
import { replaceWithToast } from "../../server/toast.server";
import type { IntentArgs } from "./intent-args.server";

export async function addTransactionAction({ accountId, formData, t, values, api, idempotencyKey, back }: IntentArgs) {
  const parsed = parseForm(transactionCreateSchema, formData, t);
  if (!parsed.ok) return refusedAnswer("add", await refusedWithAmounts(api, parsed.errors, values, t, (currencyOf) => ({ amount: currencyOf(accountId) })), values);
  const result = await api.post<{ transaction: Transaction }>(`/accounts/${accountId}/transactions`, { body: parsed.data, idempotencyKey });
  if (!result.ok) return apiFailure("add", result, values, t);
  return replaceWithToast(back, "ledger.pages.toast.transactionAdded");
}

export async function updateTransactionAction({ accountId, formData, t, values, api, idempotencyKey, back }: IntentArgs) {
  const id = formId(formData, "transactionId");
  const parsed = parseForm(transactionUpdateSchema, formData, t);
  if (!parsed.ok) return refusedAnswer(`update:${id}`, await refusedWithAmounts(api, parsed.errors, values, t, (currencyOf) => ({ amount: currencyOf(accountId) })), values);
  const result = await api.patch<{ transaction: Transaction }>(`/transactions/${id}`, { body: parsed.data, idempotencyKey });
  // Deleted meanwhile (another tab or device): saving again could never work, so the list
  // comes back without it and says why, instead of "something went wrong" over a stale row.
  if (!result.ok && result.status === 404) return replaceWithToast(back, "ledger.pages.toast.transactionGone", "error");
  if (!result.ok) return apiFailure(`update:${id}`, result, values, t);
  return replaceWithToast(back, "ledger.pages.toast.transactionUpdated");
}
