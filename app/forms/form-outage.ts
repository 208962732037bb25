/**
 * A form sent with JavaScript that meets an outage stays on screen (ADR 024): the ledger's forms,
 * sign-in, sign-up, password recovery and change, settings, and the camera's receipt upload.
 *
 * The outage is the API answering 5xx after the retry policy (the action turns that into a 503)
 * or the app itself unreachable. Without JavaScript the browser navigates to the 503 error page,
 * and that stays (tests/e2e/proof-faults.spec.ts). With JavaScript, the route's `clientAction`
 * passes the submission on through this. On an outage the form gets a failure like a refused
 * one, marked `outage` (the page shows `errors.apiUnavailable`), with what was typed and status
 * 503. The 503 keeps React Router from reloading the page's data, which would fail too.
 *
 * The form's idempotency key does not change, so trying again cannot post twice, even when the
 * first attempt reached the database.
 */
import { data, isRouteErrorResponse } from "react-router";
import { echoedValues } from "./form-echo";
import type { FieldErrors } from "./forms";

export type OutageFailure = { form: string; ok: false; errors: FieldErrors; formError: null; outage: true; values: Record<string, string> };

export function isOutage(error: unknown): boolean {
  // A fetch that never reached the app rejects with a TypeError ("Failed to fetch").
  return (isRouteErrorResponse(error) && error.status >= 500) || error instanceof TypeError;
}

export async function keepFormThroughOutage<T>(request: Request, serverAction: () => Promise<T>, formOf: (formData: FormData) => string) {
  // A copy, because the server action sends the request's own body; read only on an outage, so
  // a normal submission (a camera photo among them) is not parsed twice.
  const copy = request.clone();
  try {
    return await serverAction();
  } catch (error) {
    if (!isOutage(error)) throw error;
    const formData = await copy.formData();
    const values = echoedValues(formData);
    // The page words `outage` in its language (components/ledger formErrorOf). Translating here
    // would import i18n into the route chunks, which splits it out of the entry chunk: more
    // files on every first visit.
    return data<OutageFailure>({ form: formOf(formData), ok: false, errors: {}, formError: null, outage: true, values }, { status: 503 });
  }
}

/** A failed form's own message: the API's words, or the outage message in the page's language. */
export function formErrorOf(result: { ok?: boolean; formError?: string | null; outage?: true } | null | undefined, t: (key: string) => string): string | null {
  if (!result || result.ok) return null;
  return result.outage ? t("errors.apiUnavailable") : (result.formError ?? null);
}

/** Which form an answer belongs to, for pages whose own failures name it `intent`. */
export function intentOf(result: { intent?: string; form?: string; outage?: true } | null | undefined): string | undefined {
  return result?.outage ? result.form : result?.intent;
}

/** The form a submission answers to, where its intent names it (settings, camera). */
export function formOfIntent(formData: FormData): string {
  return String(formData.get("intent") ?? "");
}

/** The form a ledger submission answers to: its intent, with the id it names (`update:<id>`). */
export function ledgerFormOf(idField: string, keyed: readonly string[], aliases: Record<string, string> = {}) {
  return (formData: FormData): string => {
    const intent = formOfIntent(formData);
    const form = aliases[intent] ?? intent;
    return keyed.includes(form) ? `${form}:${String(formData.get(idField) ?? "")}` : form;
  };
}
