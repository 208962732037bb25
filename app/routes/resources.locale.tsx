import { redirect } from "react-router";
import type { Route } from "./+types/resources.locale";
import { isLocale } from "../i18n/config";
import { localeCookie } from "../i18n/i18n.server";
import { apiFor } from "../lib/api.server";
import { safeRedirect } from "../lib/safe-redirect";
import { currentUser } from "../session.server";
import { readFormData } from "../lib/route-helpers.server";

/** The language switch: kept in a cookie, and on the account when signed in (so mail follows it). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const lng = formData.get("lng");
  if (!isLocale(lng)) throw new Response("Unknown language", { status: 400 });
  if (currentUser(context)) {
    await apiFor(request, context).patch("/users/me", { body: { locale: lng }, idempotencyKey: crypto.randomUUID() });
  }
  throw redirect(safeRedirect(formData.get("redirectTo")), { headers: { "Set-Cookie": await localeCookie.serialize(lng) } });
}

export function loader() {
  throw redirect("/");
}
