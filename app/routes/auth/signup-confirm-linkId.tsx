/**
 * The link a sign-up mails to its address (ADR 039): it shows the address and asks for one press
 * to create the account, which then signs in. A page and a button rather than an account made on
 * opening, because mail scanners and link previews open links too.
 */
import { signupTexts } from "../../../core/i18n/page-texts/signup";
import { addPageTexts } from "../../../core/i18n/translate";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "./+types/signup-confirm-linkId";
import { AddressLinkPage } from "../../ui/address-link-page";
import { guard } from "../../server/guards.server";
import { keepFormThroughOutage } from "../../forms/form-outage";
import { loadAddressLink, submitAddressLink } from "../../server/route-helpers.server";
import type { SessionResponse } from "../../../core/api-types/user";
import { signedInRedirect } from "../../server/session.server";

// This page's own texts come with its code, not on the first visit (ADR 033).
addPageTexts(signupTexts);

export const middleware: Route.MiddlewareFunction[] = [guard("login")];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadAddressLink(request, context, "/auth/signup-links", params.linkId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const sent = await submitAddressLink<SessionResponse>(request, context, "/auth/signup-links", params.linkId, "signup-confirm");
  if ("refused" in sent) return sent.refused;
  // The overview greets a new account itself (its empty state), so no toast says it again.
  throw await signedInRedirect(request, context, sent.used, sent.used.user, "/");
}

/** With JavaScript, an outage keeps the page (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, () => "signup-confirm");
}

export default function SignupConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AddressLinkPage
      title={t("signup.title")}
      email={loaderData.email}
      taken={loaderData.taken}
      actionData={actionData}
      question={(email) => t("signup.confirmQuestion", { email })}
      button={t("signup.confirm")}
      expiredMessage={t("signup.linkExpired")}
      takenMessage={t("signup.linkTaken")}
      expiredLink={{ to: "/signup", label: t("signup.again") }}
      footer={{ to: "/login", label: t("auth.backToSignIn") }}
    />
  );
}
