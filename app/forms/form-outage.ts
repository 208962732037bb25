/**
 * A form sent with JavaScript that meets an outage stays on screen (ADR 024): the ledger's forms,
 * sign-in, sign-up, password recovery and change, settings, and the camera's receipt upload.
 *
 * The outage is the API answering 5xx after the retry policy (the action turns that into a 503)
 * or the app itself unreachable. Without JavaScript the browser navigates to the 503 error page,
 * and that stays (tests/e2e/proof-faults.spec.ts). With JavaScript, the route's `clientAction`
 * passes the submission on through this. On an outage the form gets a refusal like any other
 * (form-answer.ts `outageAnswer`), marked `outage` (the page shows `errors.apiUnavailable`),
 * with what was typed and status 503.
 *
 * The form's idempotency key does not change, so trying again cannot post twice, even when the
 * first attempt reached the database.
 */
import { isRouteErrorResponse } from "react-router";
import { outageAnswer } from "./form-answer";

export function isOutage(error: unknown): boolean {
  // A fetch that never reached the app rejects with a TypeError ("Failed to fetch").
  return (isRouteErrorResponse(error) && error.status >= 500) || error instanceof TypeError;
}

/** `formOf`: the name the page reads the answer by (form-answer.ts `formNameOf`, `formOfIntent`). */
export async function keepFormThroughOutage<T>(request: Request, serverAction: () => Promise<T>, formOf: (formData: FormData) => string) {
  // A copy, because the server action sends the request's own body; read only on an outage, so
  // a normal submission (a camera photo among them) is not parsed twice.
  const copy = request.clone();
  try {
    return await serverAction();
  } catch (error) {
    if (!isOutage(error)) throw error;
    const formData = await copy.formData();
    return outageAnswer(formOf(formData), formData);
  }
}
