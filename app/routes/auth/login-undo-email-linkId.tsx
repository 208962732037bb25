/**
 * The link in the notice mailed to the old address after a change of email (ADR 032): for an
 * owner who did not make the change. One press gives the account that address back, ends every
 * session (this browser's too) and goes on to choosing a new password, since whoever changed the
 * email may know the old one. A page and a button, not a change on opening: mail scanners open
 * links too.
 */
import { useTranslation } from "../../i18n/use-translation";
import { redirect } from "react-router";
import type { Route } from "./+types/login-undo-email-linkId";
import { AddressLinkPage } from "../../ui/address-link-page";
import { keepFormThroughOutage } from "../../forms/form-outage";
import { loadAddressLink, submitAddressLink } from "../../server/route-helpers.server";
import { destroySession } from "../../server/session.server";
import { flashHeader } from "../../server/toast.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadAddressLink(request, context, "/auth/email-reverts", params.linkId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const sent = await submitAddressLink<{ email: string; passwordLinkId: string }>(request, context, "/auth/email-reverts", params.linkId, "undo-email");
  if ("refused" in sent) return sent.refused;
  // Every session ended, this browser's too: without its cookie the next page is the signed-out
  // one that sets the new password (a signed-in visitor would be sent away from it).
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await flashHeader({ type: "success", key: "auth.emailRestored" }));
  throw redirect(`/login/change-password/${sent.used.passwordLinkId}`, { headers });
}

/** With JavaScript, an outage keeps the page (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, () => "undo-email");
}

export default function UndoEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AddressLinkPage
      title={t("titles.undoEmail")}
      email={loaderData.email}
      actionData={actionData}
      question={(email) => t("auth.undoEmailQuestion", { email })}
      button={t("auth.undoEmail")}
      expiredMessage={t("auth.undoEmailLinkExpired")}
      expiredLink={{ to: "/login/recover", label: t("titles.recover") }}
      footer={{ to: "/login", label: t("auth.backToSignIn") }}
    />
  );
}
