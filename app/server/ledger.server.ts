/**
 * Server helpers shared by the ledger pages (overview, accounts, transactions): reading the API
 * with the error policy of a page, and failed forms' answers (forms/form-answer.ts; the
 * redirect-after-post with a toast is toast.server's redirectWithToast, or replaceWithToast for
 * a form posted in place). Form keys: forms/idempotency-key.tsx.
 */
import { redirect } from "react-router";
import type { Translate } from "../../core/i18n/translate";
import { amountChecks } from "../forms/amount-checks";
import type { ApiClient, ApiResult } from "../utils/api-client";
import type { Account } from "../../core/api-types/ledger";
import { ID_PATTERN } from "../../core/ids";
import { signInAddress } from "../utils/page-address";
import { invalidParams, refusal } from "./route-helpers.server";
import { refusedAnswer } from "../forms/form-answer";
import { withMoreErrors, type FieldErrors } from "../forms/forms";

/** A page's read of the API: 404 → the seed's 404, 401 → sign in again, 5xx → 503 page. */
export function unwrap<T>(result: ApiResult<T>, request: Request): T {
  if (result.ok) return result.data;
  return readFailed(result, request);
}

/** unwrap's answer to a failed read: always throws (the 404 page, the sign-in redirect or a 503). */
export function readFailed(result: { status: number }, request: Request): never {
  if (result.status === 404) invalidParams(request);
  if (result.status === 401) {
    throw redirect(signInAddress(request));
  }
  throw new Response(null, { status: 503, statusText: "Service Unavailable" });
}

/** A same-page address from a hidden `returnTo` field; anything else falls back to `path`. */
export function returnTo(formData: FormData, path: string): string {
  const value = formData.get("returnTo");
  if (typeof value !== "string") return path;
  if (value === path || value.startsWith(`${path}?`)) return value;
  return path;
}

/**
 * The errors a refused form answers with, its amounts' included. Without JavaScript a form is
 * checked only by its action, and the schema reads an amount's format only; its decimals and range
 * depend on a currency the form does not carry. So when the schema refuses the form, the amounts
 * are checked too (`amountChecks`), with the currencies of the user's accounts read from the API,
 * and one answer names every field's problem, as the browser's own check does. Before, the
 * amount's problem came a round later, from the API (QA, session 14). Only a refused form pays
 * for the read; if it fails, the schema's errors are answered alone.
 */
export async function refusedWithAmounts(api: ApiClient, errors: FieldErrors, values: Record<string, string>, t: Translate, fields: (currencyOf: (accountId: string | undefined) => string | undefined) => Record<string, string | undefined>): Promise<FieldErrors> {
  const result = await api.get<{ accounts: Account[] }>("/accounts").catch(() => null);
  if (!result?.ok) return errors;
  const currencies = new Map(result.data.accounts.map((account) => [account.id, account.currency]));
  return withMoreErrors(errors, amountChecks(fields((accountId) => (accountId ? currencies.get(accountId) : undefined)))(values, t));
}

/** An API refusal of a form (route-helpers `refusal`), with what was typed echoed back. */
export function apiFailure(form: string, result: Extract<ApiResult<unknown>, { ok: false }>, values: Record<string, string>, t: (key: string) => string) {
  const { errors, formError } = refusal(result, t);
  return refusedAnswer(form, errors, values, formError, result.status);
}

/** The id a form names (`transactionId`, `accountId`): a malformed one is a 404, as in a URL. */
export function formId(formData: FormData, name: string): string {
  const id = String(formData.get(name) ?? "");
  if (!ID_PATTERN.test(id)) throw new Response("Not Found", { status: 404 });
  return id;
}
