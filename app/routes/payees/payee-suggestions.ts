/** The payees used before, for the payee field's suggestions (payee-field.tsx): the API's GET /payees, passed through. */
import type { Route } from "./+types/payee-suggestions";
import { guard } from "../../server/guards.server";
import { apiFor } from "../../server/api.server";
import { requireUser } from "../../server/session.server";
import type { PayeeSuggestion } from "../../forms/payee-field";

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const result = await apiFor(request, context)
    .get<{ payees: PayeeSuggestion[] }>(`/payees${q ? `?q=${encodeURIComponent(q)}` : ""}`)
    .catch(() => null);
  // Suggestions are a help, never a wall: none when the API is out of reach.
  return Response.json({ payees: result?.ok ? result.data.payees : [] }, { headers: { "Cache-Control": "private, no-store" } });
}
