/**
 * Server helpers shared by the ledger pages (overview, accounts, transactions): reading the API
 * with the error policy of a page, the per-form idempotency keys, and failed forms' answers (the
 * redirect-after-post with a toast is toast.server's redirectWithToast, or replaceWithToast for
 * a form posted in place).
 */
import { data, redirect } from "react-router";
import type { Translate } from "../../core/i18n/translate";
import { amountChecks } from "../forms/amount-checks";
import type { ApiClient, ApiResult } from "../utils/api-client";
import type { Account } from "../../core/api-types/ledger";
import { ID_PATTERN, OPAQUE_TOKEN_PATTERN } from "../../core/ids";
import { signInAddress } from "../utils/page-address";
import { invalidParams, refusal } from "./route-helpers.server";
import { echoedValues } from "../forms/form-echo";
import { withMoreErrors, type FieldErrors } from "../forms/forms";


/**
 * The key a form carried (rendered once per form instance, see `useFormKey`), so a double
 * submit or a retried POST is answered from the API's record instead of posting twice. A post
 * without one (a script) still gets a fresh key for the API client's own retry.
 */
export function idempotencyKeyOf(formData: FormData): string {
  const value = formData.get("idempotencyKey");
  return typeof value === "string" && OPAQUE_TOKEN_PATTERN.test(value) ? value : crypto.randomUUID();
}

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

export type FormFailure<F extends string> = {
  form: F;
  ok: false;
  errors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
};

/** A failed form: messages beside the fields, and what was typed echoed back (no-JS keeps it). */
export function formFailure<F extends string>(form: F, errors: FieldErrors, values: Record<string, string>, formError: string | null = null, status = 422) {
  return data<FormFailure<F>>({ form, ok: false, errors, formError, values: echoedValues(values) }, { status });
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
export function apiFailure<F extends string>(form: F, result: Extract<ApiResult<unknown>, { ok: false }>, values: Record<string, string>, t: (key: string) => string) {
  const { errors, formError } = refusal(result, t);
  return formFailure(form, errors, values, formError, result.status);
}

/** The id a form names (`transactionId`, `accountId`): a malformed one is a 404, as in a URL. */
export function formId(formData: FormData, name: string): string {
  const id = String(formData.get(name) ?? "");
  if (!ID_PATTERN.test(id)) throw new Response("Not Found", { status: 404 });
  return id;
}
