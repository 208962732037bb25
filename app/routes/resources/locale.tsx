import { redirect } from "react-router";
import type { Route } from "./+types/locale";
import { isLocale } from "../../../core/i18n/config";
import { localeCookie } from "../../i18n/i18n.server";
import { apiFor } from "../../server/api.server";
import { safeRedirect } from "../../utils/safe-redirect";
import { currentUser } from "../../server/session.server";
import { readFormData } from "../../server/route-helpers.server";
import { redirectWithToast } from "../../server/toast.server";
import { newIdempotencyKey } from "../../forms/idempotency-key";

/**
 * The language switch: on the account when signed in (so mail and the user's other devices follow
 * it, ADR 008), and in a cookie. When the account cannot be changed, neither is the cookie: the
 * account's language wins on the next page, so a cookie alone would be undone there; the user is
 * told instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const lng = formData.get("lng");
  if (!isLocale(lng)) throw new Response("Unknown language", { status: 400 });
  const to = safeRedirect(formData.get("redirectTo"));
  if (currentUser(context)) {
    const saved = await apiFor(request, context).patch("/users/me", { body: { locale: lng }, idempotencyKey: newIdempotencyKey() });
    if (!saved.ok) throw await redirectWithToast(to, "app.languageNotSaved", "error");
  }
  throw redirect(to, { headers: { "Set-Cookie": await localeCookie.serialize(lng) } });
}

export function loader() {
  throw redirect("/");
}
