/**
 * The link in the notice mailed to the old address after a change of email (ADR 032): for an
 * owner who did not make the change. One press gives the account that address back, ends every
 * session (this browser's too) and goes on to choosing a new password, since whoever changed the
 * email may know the old one. A page and a button, not a change on opening: mail scanners open
 * links too.
 */
import { useTranslation } from "../i18n/use-translation";
import { Form, Link, redirect, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import type { Route } from "./+types/login-undo-email-linkId";
import { FormAlert, PageTitle } from "../components/ui";
import { apiFor } from "../lib/api.server";
import { formErrorOf, keepFormThroughOutage } from "../lib/form-outage";
import { addressLinkRefusal, invalidParams, loadAddressLink, readPublicForm } from "../lib/route-helpers.server";
import { LINK_ID_PATTERN } from "../lib/schemas/auth";
import { destroySession } from "../session.server";
import { flashHeader } from "../toast.server";
import * as ui from "../styles/ui.css";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!LINK_ID_PATTERN.test(params.linkId)) invalidParams(request);
  return loadAddressLink(request, context, `/auth/email-reverts/${params.linkId}`);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!LINK_ID_PATTERN.test(params.linkId)) invalidParams(request);
  const { t } = await readPublicForm(request, context);
  const result = await apiFor(request, context, { token: null }).post<{ email: string; passwordLinkId: string }>(`/auth/email-reverts/${params.linkId}`);
  if (!result.ok) return addressLinkRefusal(result, t);
  // Every session ended, this browser's too: without its cookie the next page is the signed-out
  // one that sets the new password (a signed-in visitor would be sent away from it).
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await flashHeader({ type: "success", key: "auth.emailRestored" }));
  throw redirect(`/login/change-password/${result.data.passwordLinkId}`, { headers });
}

/** With JavaScript, an outage keeps the page (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, () => "undo-email");
}

export default function UndoEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const expired = !loaderData.email || (actionData && "expired" in actionData && actionData.expired);
  return (
    <>
      <PageTitle title={t("titles.undoEmail")} />
      <h1 className={ui.pageHeading}>{t("titles.undoEmail")}</h1>
      {expired ? (
        <>
          <p role="alert" className={ui.alert.warning}>
            {t("auth.undoEmailLinkExpired")}
          </p>
          <Link to="/login/recover" className={ui.button.primary}>
            {t("titles.recover")}
          </Link>
        </>
      ) : (
        <Form method="post" className={ui.stack}>
          <HoneypotInputs label={t("auth.honeypotLabel")} />
          <FormAlert message={formErrorOf(actionData, t)} />
          <p style={{ margin: 0, overflowWrap: "anywhere" }}>{t("auth.undoEmailQuestion", { email: loaderData.email })}</p>
          <button type="submit" className={ui.button.primary} disabled={navigation.state === "submitting"}>
            {t("auth.undoEmail")}
          </button>
        </Form>
      )}
      <Link to="/login">{t("auth.backToSignIn")}</Link>
    </>
  );
}
