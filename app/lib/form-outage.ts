/**
 * A ledger form sent with JavaScript that meets an outage stays on screen (ADR 024).
 *
 * The outage is the API answering 5xx after the retry policy (the action turns that into a 503)
 * or the app itself unreachable. Without JavaScript the browser navigates to the 503 error page,
 * and that stays (tests/e2e/proof-faults.spec.ts). With JavaScript, the route's `clientAction`
 * passes the submission on through this. On an outage the form gets a failure like a refused
 * one: a message, what was typed, and status 503. The 503 keeps React Router from reloading
 * the page's data, which would fail too.
 *
 * The form's idempotency key does not change, so trying again cannot post twice, even when the
 * first attempt reached the database.
 */
import i18next from "i18next";
import { data, isRouteErrorResponse } from "react-router";
import type { FieldErrors } from "./forms";
import { formValues } from "./forms";

/** Fields a failure never echoes back (ledger.server formFailure drops the same). */
const NOT_ECHOED = new Set(["idempotencyKey", "intent", "returnTo"]);

export type OutageFailure = { form: string; ok: false; errors: FieldErrors; formError: string; values: Record<string, string> };

export function isOutage(error: unknown): boolean {
  // A fetch that never reached the app rejects with a TypeError ("Failed to fetch").
  return (isRouteErrorResponse(error) && error.status >= 500) || error instanceof TypeError;
}

export async function keepFormThroughOutage<T>(request: Request, serverAction: () => Promise<T>, formOf: (formData: FormData) => string) {
  // Read from a copy: the server action sends the request's own body.
  const formData = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (!isOutage(error)) throw error;
    const values = Object.fromEntries(Object.entries(formValues(formData)).filter(([key]) => !NOT_ECHOED.has(key)));
    return data<OutageFailure>({ form: formOf(formData), ok: false, errors: {}, formError: i18next.t("errors.apiUnavailable"), values }, { status: 503 });
  }
}

/** The form a ledger submission answers to: its intent, with the id it names (`update:<id>`). */
export function ledgerFormOf(idField: string, keyed: readonly string[], aliases: Record<string, string> = {}) {
  return (formData: FormData): string => {
    const intent = String(formData.get("intent") ?? "");
    const form = aliases[intent] ?? intent;
    return keyed.includes(form) ? `${form}:${String(formData.get(idField) ?? "")}` : form;
  };
}
