import { useTranslation } from "../i18n/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import type { Route } from "./+types/signup";
import { Field, FormAlert, NewPasswordFields, PageTitle } from "../components/ui";
import { guard } from "../guards.server";
import { apiFor } from "../lib/api.server";
import { formErrorOf, keepFormThroughOutage } from "../lib/form-outage";
import { firstInvalid, parseForm, useClientValidation } from "../lib/forms";
import { actionFailure, readPublicForm } from "../lib/route-helpers.server";
import { signupSchema } from "../lib/schemas/auth";
import { TEXT_LIMITS } from "../lib/input-limits";
import type { SessionResponse } from "../lib/types";
import { signedInRedirect } from "../session.server";
import * as ui from "../styles/ui.css";

export const middleware: Route.MiddlewareFunction[] = [guard("login")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await apiFor(request, context, { token: null }).get<{ signup: "open" | "closed" }>("/auth/config");
  return { open: result.ok ? result.data.signup === "open" : true };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, t } = await readPublicForm(request, context);
  const values = { name: String(formData.get("name") ?? ""), email: String(formData.get("email") ?? "") };
  const parsed = parseForm(signupSchema, formData, t);
  if (!parsed.ok) return data({ errors: parsed.errors, formError: null, values }, { status: 422 });
  const result = await apiFor(request, context, { token: null }).post<SessionResponse>("/auth/signup", { body: parsed.data });
  if (!result.ok) {
    const failure = actionFailure(result, t);
    return data({ ...failure.data, values }, failure.init ?? undefined);
  }
  throw await signedInRedirect(request, context, result.data, result.data.user, "/");
}

/** With JavaScript, an outage keeps the form and what was typed (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, () => "signup");
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { errors, onSubmit, onFocus } = useClientValidation(() => import("../lib/schemas/auth").then((m) => m.signupSchema), t, actionData?.errors);
  const refused = firstInvalid(actionData?.errors, ["name", "email", "password", "confirmPassword"]);
  return (
    <>
      <PageTitle title={t("titles.signup")} />
      <h1 className={ui.pageHeading}>{t("titles.signup")}</h1>
      {loaderData.open ? (
        <Form method="post" className={ui.stack} noValidate onSubmit={onSubmit} onFocus={onFocus}>
          <HoneypotInputs label={t("auth.honeypotLabel")} />
          <FormAlert message={formErrorOf(actionData, t)} />
          <Field label={t("auth.name")} name="name" autoComplete="name" required maxLength={TEXT_LIMITS.userName} error={errors.name} defaultValue={actionData?.values.name} autoFocus={refused === "name"} />
          <Field label={t("auth.email")} name="email" type="email" autoComplete="email" required error={errors.email} defaultValue={actionData?.values.email} autoFocus={refused === "email"} />
          <NewPasswordFields label={t("auth.password")} confirmLabel={t("auth.confirmPassword")} hint={t("auth.passwordHint")} errors={errors} autoFocus={refused} />
          <button type="submit" className={ui.button.primary} disabled={navigation.state === "submitting"}>
            {t("auth.createAccount")}
          </button>
        </Form>
      ) : (
        <p role="status" className={ui.alert.info}>
          {t("auth.signupClosed")}
        </p>
      )}
      <p>
        {t("auth.haveAccount")} <Link to="/login">{t("auth.signIn")}</Link>
      </p>
    </>
  );
}
