/**
 * The link mailed to a new address (Settings → change email): it shows the address and asks for
 * one press to confirm. A page and a button rather than a change on opening, because mail
 * scanners and link previews open links too. Works signed in or out (the link id is the
 * credential, ADR 032): signed in it returns to Settings, signed out to the sign-in page.
 */
import { useTranslation } from "../i18n/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import type { Route } from "./+types/login-confirm-email-linkId";
import { FormAlert, PageTitle } from "../components/ui";
import { apiFor } from "../lib/api.server";
import { formErrorOf, keepFormThroughOutage } from "../lib/form-outage";
import { addressLinkRefusal, invalidParams, loadAddressLink, readPublicForm } from "../lib/route-helpers.server";
import { LINK_ID_PATTERN } from "../lib/schemas/auth";
import { currentUser } from "../session.server";
import { redirectWithToast } from "../toast.server";
import * as ui from "../styles/ui.css";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!LINK_ID_PATTERN.test(params.linkId)) invalidParams(request);
  const page = await loadAddressLink(request, context, `/auth/email-links/${params.linkId}`);
  return data({ ...page.data, signedIn: Boolean(currentUser(context)) }, page.init ?? undefined);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!LINK_ID_PATTERN.test(params.linkId)) invalidParams(request);
  const { t } = await readPublicForm(request, context);
  const result = await apiFor(request, context, { token: null }).post(`/auth/email-links/${params.linkId}`);
  if (!result.ok) return addressLinkRefusal(result, t);
  throw currentUser(context) ? await redirectWithToast("/settings", "settings.saved.email") : await redirectWithToast("/login", "auth.emailConfirmed");
}

/** With JavaScript, an outage keeps the page (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, () => "confirm-email");
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const expired = !loaderData.email || (actionData && "expired" in actionData && actionData.expired);
  return (
    <>
      <PageTitle title={t("titles.confirmEmail")} />
      <h1 className={ui.pageHeading}>{t("titles.confirmEmail")}</h1>
      {expired ? (
        <>
          <p role="alert" className={ui.alert.warning}>
            {t("auth.emailLinkExpired")}
          </p>
          <Link to="/settings" className={ui.button.primary}>
            {t("auth.goToSettings")}
          </Link>
        </>
      ) : (
        <Form method="post" className={ui.stack}>
          <HoneypotInputs label={t("auth.honeypotLabel")} />
          <FormAlert message={formErrorOf(actionData, t)} />
          <p style={{ margin: 0, overflowWrap: "anywhere" }}>{t("auth.confirmEmailQuestion", { email: loaderData.email })}</p>
          <button type="submit" className={ui.button.primary} disabled={navigation.state === "submitting"}>
            {t("auth.confirmEmail")}
          </button>
        </Form>
      )}
      {loaderData.signedIn ? <Link to="/settings">{t("auth.goToSettings")}</Link> : <Link to="/login">{t("auth.backToSignIn")}</Link>}
    </>
  );
}
