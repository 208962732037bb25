import { redirect } from "react-router";
import type { Route } from "./+types/receipts";
import { signInAddress } from "../../utils/page-address";
import { backWithToast, openedAsPage, pageAfterFileRefusal } from "../../server/route-helpers.server";
import { ID_PATTERN } from "../../../core/ids";
import { apiFor } from "../../server/api.server";
import { currentUser } from "../../server/session.server";

/**
 * A transaction's receipt image for <img src="/resources/receipts/{transactionId}">: the
 * transactions list shows it as a thumbnail and links here for full size. Owner only (the API
 * checks); anyone else, a malformed id or no receipt is a 404 (in a tab: the page it came from,
 * with a toast; signed out, or a session ended elsewhere: the sign-in page, which comes back
 * here). Revalidated with its ETag.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Opened in a tab (the thumbnail's link), a problem is told on a page, not as a bare status.
  const page = openedAsPage(request);
  if (!currentUser(context)) throw page ? redirect(signInAddress(request)) : new Response("Not Found", { status: 404 });
  if (!ID_PATTERN.test(params.transactionId)) throw page ? await backWithToast(request, "/", "ledger.pages.transactions.receiptGone") : new Response("Not Found", { status: 404 });
  const ifNoneMatch = request.headers.get("If-None-Match");
  const response = await apiFor(request, context).raw("GET", `/transactions/${params.transactionId}/receipt`, { headers: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {} });
  if (response.status !== 200 && response.status !== 304) {
    await response.body?.cancel();
    if (page) throw await pageAfterFileRefusal(request, response.status, "/", "ledger.pages.transactions.receiptGone");
    throw new Response(null, { status: response.status >= 500 ? 503 : 404 });
  }
  const headers = new Headers();
  for (const name of ["Content-Type", "Content-Length", "ETag", "Cache-Control", "Content-Disposition"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.status === 304 ? null : response.body, { status: response.status, headers });
}
