/**
 * The link mailed to a new address (Settings → change email): it shows the address and asks for
 * one press to confirm. A page and a button rather than a change on opening, because mail
 * scanners and link previews open links too. Works signed in or out (the link id is the
 * credential, ADR 032): signed in it returns to Settings, signed out to the sign-in page.
 */
import { useTranslation } from "../../i18n/use-translation";
import { data } from "react-router";
import type { Route } from "./+types/login-confirm-email-linkId";
import { AddressLinkPage } from "../../ui/address-link-page";
import { keepFormThroughOutage } from "../../forms/form-outage";
import { loadAddressLink, submitAddressLink } from "../../server/route-helpers.server";
import { apiFor } from "../../server/api.server";
import type { ApiUser } from "../../../core/api-types/user";
import { currentUser } from "../../server/session.server";
import { redirectWithToast } from "../../server/toast.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await loadAddressLink(request, context, "/auth/email-links", params.linkId);
  return data({ ...page.data, signedIn: Boolean(currentUser(context)) }, page.init ?? undefined);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const sent = await submitAddressLink<{ email: string }>(request, context, "/auth/email-links", params.linkId, "confirm-email");
  if ("refused" in sent) return sent.refused;
  if (!currentUser(context)) throw await redirectWithToast("/login", "auth.emailConfirmed");
  // The link is the credential, so one signed in to another account can use it too: say that
  // the account it was sent for changed, not "your email", when it was not this one's.
  const me = await apiFor(request, context).get<{ user: ApiUser }>("/users/me");
  const key = !me.ok ? "settings.saved.linkEmail" : me.data.user.email.toLowerCase() === sent.used.email.toLowerCase() ? "settings.saved.email" : "settings.saved.otherAccountEmail";
  throw await redirectWithToast("/settings", key);
}

/** With JavaScript, an outage keeps the page (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, () => "confirm-email");
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const back = loaderData.signedIn ? { to: "/settings", label: t("auth.goToSettings") } : { to: "/login", label: t("auth.backToSignIn") };
  return (
    <AddressLinkPage
      title={t("titles.confirmEmail")}
      email={loaderData.email}
      taken={loaderData.taken}
      actionData={actionData}
      question={(email) => t("auth.confirmEmailQuestion", { email })}
      button={t("auth.confirmEmail")}
      expiredMessage={t("auth.emailLinkExpired")}
      takenMessage={t("auth.emailLinkTaken")}
      // Asking again happens in Settings; signed out, the way there starts at sign-in, and says so.
      expiredLink={loaderData.signedIn ? { to: "/settings", label: t("auth.goToSettings") } : { to: "/login?redirectTo=%2Fsettings", label: t("auth.signInForSettings") }}
      footer={back}
    />
  );
}
