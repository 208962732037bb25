import type { Route } from "./+types/export";
import { guard } from "../../server/guards.server";
import { apiFor } from "../../server/api.server";
import { backWithToast, openedAsPage, pageAfterFileRefusal } from "../../server/route-helpers.server";
// eslint-disable-next-line no-restricted-imports -- read by the loader or action only, which React Router drops from the browser's build (ADR 078)
import { exportQuerySchema } from "../../../core/schemas/settings";
import { requireUser } from "../../server/session.server";

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

/** "Export everything" from /settings: the API's JSON or zip, streamed through as a download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context);
  // The download is opened as a page; a problem is told on the settings page, not as a bare status.
  const page = openedAsPage(request);
  const parsed = exportQuerySchema.safeParse({ format: new URL(request.url).searchParams.get("format") ?? undefined });
  if (!parsed.success) {
    if (page) throw await backWithToast(request, "/settings", "settings.data.exportUnknownFormat");
    throw new Response("Unknown format", { status: 400 });
  }
  const response = await apiFor(request, context).raw("GET", `/users/me/export?format=${parsed.data.format}`);
  if (!response.ok) {
    await response.body?.cancel();
    if (page) throw await pageAfterFileRefusal(request, response.status, "/settings", "errors.generic");
    throw new Response(null, { status: response.status >= 500 ? 503 : response.status, statusText: response.status >= 500 ? "Service Unavailable" : "" });
  }
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const name of ["Content-Type", "Content-Disposition", "Content-Length"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}
