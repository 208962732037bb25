import { redirect } from "react-router";
import type { Route } from "./+types/accounts-accountId-transactions-csv";
import { guard } from "../../server/guards.server";
import { apiFor } from "../../server/api.server";
import { ID_PATTERN } from "../../../core/ids";
import { invalidParams, openedAsPage, pageAfterFileRefusal } from "../../server/route-helpers.server";
import { requireUser } from "../../server/session.server";

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

/** Filters and sort of the list page; the export takes the same ones (no cursor, no limit). */
const EXPORT_KEYS = ["q", "from", "to", "category", "min", "max", "status", "sort", "order"] as const;

/**
 * "Export CSV" on the transactions page: the API's CSV of the filtered list, streamed through
 * with its Content-Disposition (the API speaks Bearer tokens, the browser has a cookie).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireUser(context);
  const url = new URL(request.url);
  // A resource route cannot draw the error page. A browser that opened the export (a link in a
  // stale tab) is sent to the list it exports, which shows the translated 404 page or the
  // filters' own errors; any other refusal is `pageAfterFileRefusal`'s (sign in again, or back
  // with the outage as a toast). A script gets the bare status.
  const opened = openedAsPage(request);
  const list = `/accounts/${encodeURIComponent(params.accountId)}/transactions${url.search}`;
  const listInstead = () => redirect(list);
  if (!ID_PATTERN.test(params.accountId)) {
    if (opened) throw listInstead();
    invalidParams(request);
  }
  const query = new URLSearchParams();
  for (const key of EXPORT_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query.set(key, value);
  }
  const search = query.toString();
  const response = await apiFor(request, context).raw("GET", `/accounts/${params.accountId}/transactions/export.csv${search ? `?${search}` : ""}`);
  if (!response.ok) {
    await response.body?.cancel();
    if (opened && (response.status === 404 || response.status === 422)) throw listInstead();
    if (opened) throw await pageAfterFileRefusal(request, response.status, list, "errors.generic");
    if (response.status === 404) invalidParams(request);
    throw new Response(null, { status: response.status >= 500 ? 503 : response.status === 401 ? 404 : 400, statusText: response.status >= 500 ? "Service Unavailable" : "" });
  }
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const name of ["Content-Type", "Content-Disposition", "Content-Length"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}
