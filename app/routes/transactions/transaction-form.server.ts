/** The transaction form's intents: `add` (the add form) and `update` (a row's edit form). */
import type { Account, Category, Transaction } from "../../../core/api-types/ledger";
import type { Translate } from "../../../core/i18n/translate";
import { kindDisagrees, transactionEditSchema, transactionEntrySchema } from "../../../core/schemas/ledger";
import { withoutTypedSign } from "../../../core/money";
import { translateIssues, type FieldErrors } from "../../forms/forms";
import { refusedAnswer } from "../../forms/form-answer";
import type { apiFor } from "../../server/api.server";
import { apiFailure, formId } from "../../server/ledger.server";
import { replaceWithToast } from "../../server/toast.server";
import type { IntentArgs } from "./intent-args.server";
import type { KindQuestion } from "../../forms/kind-question";
import { minusWithInOf } from "./transfer-leg-entry";

type ApiClient = ReturnType<typeof apiFor>;
type ApiRefusal = Extract<Awaited<ReturnType<ApiClient["get"]>>, { ok: false }>;

/** A movement as a form entered it, checked (ADR 051): the API's body, or what to answer instead. */
export type CheckedEntry =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; errors: FieldErrors; question?: NonNullable<KindQuestion["kindQuestion"]>; failed?: ApiRefusal };

/**
 * Reads a direction and an unsigned amount with the account's currency (the shared schema), and
 * asks first when the category's kind disagrees with the direction, unless the post says it was
 * asked (`kindConfirmed`) or answered "make it the other way" (`directionAnswer`, which `values` takes).
 */
export async function checkedEntry(api: ApiClient, accountId: string, values: Record<string, string>, t: Translate, mode: "add" | "update"): Promise<CheckedEntry> {
  if (values.directionAnswer === "in" || values.directionAnswer === "out") {
    values.direction = values.directionAnswer;
    // "No, make it money in" answers for the amount's sign too: "-50" typed with money out, then
    // turned by the answer, is 50 in, not a minus against money in (ADR 085).
    if (values.directionAnswer === "in" && values.amount) values.amount = withoutTypedSign(values.amount);
  }
  delete values.directionAnswer;
  // A leg cannot turn: it is not asked the kind question, and a minus on its money-in side gets its
  // own message (ADR 090). Only what the form says; the API checks the leg's sign itself.
  const transferLeg = values.transferLeg === "1";
  const [accountResult, categoriesResult] = await Promise.all([
    api.get<{ account: Account }>(`/accounts/${accountId}`),
    values.categoryId ? api.get<{ categories: Category[] }>("/categories") : Promise.resolve(null),
  ]);
  if (!accountResult.ok) return { ok: false, errors: {}, failed: accountResult };
  const currency = accountResult.data.account.currency;
  const parsed = (mode === "add" ? transactionEntrySchema(currency) : transactionEditSchema(currency, minusWithInOf(transferLeg))).safeParse(values);
  if (!parsed.success) return { ok: false, errors: translateIssues(parsed.error, t) };
  const category = categoriesResult?.ok ? categoriesResult.data.categories.find((c) => c.id === values.categoryId) : undefined;
  const direction = String(parsed.data.amount).startsWith("-") ? "out" : "in";
  // A transfer's leg goes the transfer's way whatever its category (its "Transfers" is an expense
  // category): asking would only offer to turn a side that cannot turn (session 36 QA).
  if (category && !transferLeg && values.kindConfirmed !== "1" && kindDisagrees(category.kind, direction)) {
    const question = t("ledger.moneyInOut.kindQuestion", {
      category: category.name,
      kind: t(`ledger.moneyInOut.kinds.${category.kind}`),
      direction: t(`ledger.moneyInOut.directions.${direction}`),
    });
    return { ok: false, errors: {}, question: { question, direction, other: direction === "out" ? "in" : "out" } };
  }
  return { ok: true, body: parsed.data };
}

/** A refusal of the entry: the question (status 409, nothing saved), the fields' messages, or the API's. */
export function entryRefused(form: string, checked: Extract<CheckedEntry, { ok: false }>, values: Record<string, string>, t: Translate) {
  if (checked.failed) return apiFailure(form, checked.failed, values, t);
  delete values.kindConfirmed;
  if (checked.question) return refusedAnswer<KindQuestion>(form, {}, values, null, 409, { kindQuestion: checked.question });
  return refusedAnswer(form, checked.errors, values);
}

/** The list again, with the add form open for the next entry and the saved movement named (`saved`). */
function nextEntry(back: string, id: string): string {
  const url = new URL(back, "http://list.invalid");
  url.searchParams.set("new", "1");
  url.searchParams.set("saved", id);
  return `${url.pathname}${url.search}`;
}

export async function addTransactionAction({ accountId, t, values, api, idempotencyKey, back }: IntentArgs) {
  const checked = await checkedEntry(api, accountId, values, t, "add");
  if (!checked.ok) return entryRefused("add", checked, values, t);
  const result = await api.post<{ transaction: Transaction }>(`/accounts/${accountId}/transactions`, { body: checked.body, idempotencyKey });
  if (!result.ok) return apiFailure("add", result, values, t);
  return replaceWithToast(nextEntry(back, result.data.transaction.id), "ledger.pages.toast.transactionAdded");
}

export async function updateTransactionAction({ accountId, formData, t, values, api, idempotencyKey, back }: IntentArgs) {
  const id = formId(formData, "transactionId");
  const checked = await checkedEntry(api, accountId, values, t, "update");
  if (!checked.ok) return entryRefused(`update:${id}`, checked, values, t);
  const result = await api.patch<{ transaction: Transaction }>(`/transactions/${id}`, { body: checked.body, idempotencyKey });
  // Deleted meanwhile (another tab or device): saving again could never work, so the list
  // comes back without it and says why, instead of "something went wrong" over a stale row.
  if (!result.ok && result.status === 404) return replaceWithToast(back, "ledger.pages.toast.transactionGone", "error");
  if (!result.ok) return apiFailure(`update:${id}`, result, values, t);
  return replaceWithToast(back, "ledger.pages.toast.transactionUpdated");
}
