/** Quick add's loader and action (quick-add.tsx): any account's new movement, from the header or the overview. */
import type { RouterContextProvider } from "react-router";
import type { Account, Category, Transaction } from "../../../core/api-types/ledger";
import { todayInZone } from "../../../core/dates";
import { ID_PATTERN } from "../../../core/ids";
import { formValues } from "../../forms/forms";
import { refusedAnswer } from "../../forms/form-answer";
import { idempotencyKeyOf } from "../../forms/idempotency-key";
import { apiFor } from "../../server/api.server";
import { apiFailure } from "../../server/ledger.server";
import { readFormData, tOf } from "../../server/route-helpers.server";
import { requireUser } from "../../server/session.server";
import { replaceWithToast } from "../../server/toast.server";
import type { QuickAddData } from "../../forms/quick-add/quick-add-form";
import { checkedEntry, entryRefused } from "../transactions/transaction-form.server";
import { safeRedirect } from "../../utils/safe-redirect";

export type { QuickAddData };

/** A page of this app to go back to (`safeRedirect`: dot segments and backslash tricks refused too), or the overview. */
export function safeBack(value: unknown): string {
  return safeRedirect(typeof value === "string" ? value : null, "/");
}

export async function loadQuickAdd(request: Request, context: Readonly<RouterContextProvider>): Promise<QuickAddData> {
  const { user } = requireUser(context);
  const api = apiFor(request, context);
  const [accounts, categories] = await Promise.all([api.get<{ accounts: Account[] }>("/accounts"), api.get<{ categories: Category[] }>("/categories")]);
  if (!accounts.ok || !categories.ok) throw new Response("Service Unavailable", { status: 503 });
  return {
    accounts: accounts.data.accounts.filter((a) => !a.archived).map(({ id, name, currency }) => ({ id, name, currency })),
    categories: categories.data.categories.map(({ id, name, kind }) => ({ id, name, kind })),
    today: todayInZone(user.timeZone),
    back: safeBack(new URL(request.url).searchParams.get("back")),
  };
}

export async function quickAddAction(request: Request, context: Readonly<RouterContextProvider>) {
  requireUser(context);
  const formData = await readFormData(request);
  const t = tOf(context);
  const values = formValues(formData);
  const api = apiFor(request, context);
  const accountId = values.accountId ?? "";
  if (!ID_PATTERN.test(accountId)) return refusedAnswer("quick-add", { accountId: t("ledger.errors.accountUnknown") }, values);
  const checked = await checkedEntry(api, accountId, values, t, "add");
  if (!checked.ok) {
    // An account not (or no longer) the user's: named beside its field, as the API's 404 is.
    if (checked.failed?.status === 404) return refusedAnswer("quick-add", { accountId: t("ledger.errors.accountUnknown") }, values);
    return entryRefused("quick-add", checked, values, t);
  }
  const result = await api.post<{ transaction: Transaction }>(`/accounts/${accountId}/transactions`, { body: checked.body, idempotencyKey: idempotencyKeyOf(formData) });
  if (!result.ok) return apiFailure("quick-add", result, values, t);
  return replaceWithToast(safeBack(values.back), "ledger.moneyInOut.quickAdd.added");
}
