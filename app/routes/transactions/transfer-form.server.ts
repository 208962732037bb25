/** The intent `transfer`: the transfer form, from this page's account to another. */
import { transferSchema } from "../../../core/schemas/ledger";
import { parseForm } from "../../forms/forms";
import { refusedAnswer } from "../../forms/form-answer";
import { apiFailure, refusedWithAmounts } from "../../server/ledger.server";
import { replaceWithToast } from "../../server/toast.server";
import type { IntentArgs } from "./intent-args.server";

export async function transferAction({ accountId, formData, t, values, api, idempotencyKey, back }: IntentArgs) {
  const parsed = parseForm(transferSchema, formData, t);
  if (!parsed.ok) {
    const errors = await refusedWithAmounts(api, parsed.errors, values, t, (currencyOf) => ({ amount: currencyOf(accountId), toAmount: currencyOf(values.toAccountId) }));
    return refusedAnswer("transfer", errors, values);
  }
  // Without a description the API names the legs after the accounts ("BBVA Soles → BBVA Dólares"),
  // which reads the same in every language; a default typed here would stay in this one.
  const result = await api.post("/transfers", { body: parsed.data, idempotencyKey });
  // This page's account was just read; the one to send to was picked from a list that may be
  // older than it (deleted meanwhile) or edited: a choice to make again, where "try again"
  // could never help (QA, session 24). The API answers it as any id not the user's: 404.
  if (!result.ok && result.status === 404) return refusedAnswer("transfer", { toAccountId: t("ledger.errors.accountUnknown") }, values);
  if (!result.ok) return apiFailure("transfer", result, values, t);
  return replaceWithToast(back, "ledger.pages.toast.transferCreated");
}
