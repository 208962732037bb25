/**
 * What every intent of the transactions page's action reads from its post, read once by the
 * route's `action` before it hands the post to the intent's handler (beside the part that posts it).
 */
import type { RouterContextProvider } from "react-router";
import { formValues } from "../../forms/forms";
import { apiFor } from "../../server/api.server";
import { idempotencyKeyOf } from "../../forms/idempotency-key";
import { returnTo } from "../../server/ledger.server";
import { readFormData, tOf } from "../../server/route-helpers.server";

export type IntentArgs = Awaited<ReturnType<typeof readIntentArgs>>;

/** `accountId`: the page's account, its id already checked. */
export async function readIntentArgs(request: Request, context: Readonly<RouterContextProvider>, accountId: string) {
  const formData = await readFormData(request);
  const t = tOf(context);
  const intent = String(formData.get("intent") ?? "");
  const values = formValues(formData);
  const api = apiFor(request, context);
  const idempotencyKey = idempotencyKeyOf(formData);
  const path = `/accounts/${accountId}/transactions`;
  // Where the answer leads: the list as the form saw it (its filters and page), or the bare list.
  const back = returnTo(formData, path);
  return { accountId, formData, t, intent, values, api, idempotencyKey, back };
}
