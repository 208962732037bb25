import { useTranslation } from "../../i18n/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import type { Route } from "./+types/login-change-password-linkId";
import { FormAlert, NewPasswordFields, PageTitle } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { apiFor } from "../../server/api.server";
import { formErrorOf, refusedAnswer } from "../../forms/form-answer";
import { keepFormThroughOutage } from "../../forms/form-outage";
import { firstInvalid, parseForm, useClientValidation } from "../../forms/forms";
import { invalidParams, readPublicForm, refusal } from "../../server/route-helpers.server";
// eslint-disable-next-line no-restricted-imports -- read by the loader or action only, which React Router drops from the browser's build (ADR 078)
import { LINK_ID_PATTERN, resetPasswordSchema } from "../../../core/schemas/auth";
import { currentUser } from "../../server/session.server";
import { redirectWithToast } from "../../server/toast.server";
import * as ui from "../../styles/ui.css";

/**
 * Signed in, the sign-in pages' guard would send a reset link to the overview without a word, the
 * link unused. Settings is where a signed-in user changes the password, and the toast says why the
 * link was not used (it still works once signed out). A malformed id is still a 404.
 */
const signedInGoesToSettings: Route.MiddlewareFunction = async ({ request, params, context }) => {
  if (!currentUser(context)) return;
  if (!LINK_ID_PATTERN.test(params.linkId)) invalidParams(request);
  throw await redirectWithToast("/settings#security", "auth.resetLinkWhileSignedIn", "info");
};

export const middleware: Route.MiddlewareFunction[] = [signedInGoesToSettings, guard("login")];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!LINK_ID_PATTERN.test(params.linkId)) invalidParams(request);
  const result = await apiFor(request, context, { token: null }).get(`/auth/links/${params.linkId}`);
  if (result.ok) return { usable: true };
  if (result.status === 410) return data({ usable: false }, { status: 410 });
  if (result.status >= 500) throw new Response(null, { status: 503, statusText: "Service Unavailable" });
  return invalidParams(request);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!LINK_ID_PATTERN.test(params.linkId)) invalidParams(request);
  const { formData, t } = await readPublicForm(request, context);
  const parsed = parseForm(resetPasswordSchema, formData, t);
  if (!parsed.ok) return refusedAnswer("change-password", parsed.errors, {});
  const result = await apiFor(request, context, { token: null }).post(`/auth/links/${params.linkId}/password`, { body: parsed.data });
  if (!result.ok) {
    // The link was used or ran out meanwhile: the page says so instead of the form.
    if (result.status === 410) return refusedAnswer("change-password", {}, {}, null, 410, { expired: true });
    const { errors, formError } = refusal(result, t);
    return refusedAnswer("change-password", errors, {}, formError, result.status);
  }
  // Every session ended with the change; the sign-in page says so.
  throw await redirectWithToast("/login", "auth.passwordChanged");
}

/** With JavaScript, an outage keeps the form and what was typed (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, () => "change-password");
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { errors, onSubmit, onFocus } = useClientValidation(() => import("../../../core/schemas/auth").then((m) => m.resetPasswordSchema), t, actionData?.errors);
  const expired = !loaderData.usable || (actionData !== undefined && "expired" in actionData && actionData.expired === true);
  return (
    <>
      <PageTitle title={t("titles.changePassword")} />
      <h1 className={ui.pageHeading}>{t("titles.changePassword")}</h1>
      {expired ? (
        <>
          <p role="alert" className={ui.alert.warning}>
            {t("auth.linkExpired")}
          </p>
          <Link to="/login/recover" className={ui.button.primary}>
            {t("auth.requestNewLink")}
          </Link>
        </>
      ) : (
        <Form method="post" className={ui.stack} noValidate onSubmit={onSubmit} onFocus={onFocus}>
          <HoneypotInputs label={t("auth.honeypotLabel")} />
          <FormAlert message={formErrorOf(actionData, t)} />
          <NewPasswordFields label={t("auth.newPassword")} confirmLabel={t("auth.confirmNewPassword")} hint={t("auth.passwordHint")} errors={errors} autoFocus={firstInvalid(actionData?.errors, ["password", "confirmPassword"])} />
          <button type="submit" className={ui.button.primary} disabled={navigation.state === "submitting"}>
            {t("auth.changePassword")}
          </button>
        </Form>
      )}
      <Link to="/login">{t("auth.backToSignIn")}</Link>
    </>
  );
}
