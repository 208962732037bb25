import { useEffect, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import type { Route } from "./+types/login-recover";
import { Field, FormAlert, PageTitle } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { apiFor } from "../../server/api.server";
import { formErrorOf, refusedAnswer, savedAnswer } from "../../forms/form-answer";
import { keepFormThroughOutage } from "../../forms/form-outage";
import { firstInvalid, parseForm, useClientValidation } from "../../forms/forms";
import { readPublicForm, refusal } from "../../server/route-helpers.server";
// eslint-disable-next-line no-restricted-imports -- read by the loader or action only, which React Router drops from the browser's build (ADR 078)
import { recoverSchema } from "../../../core/schemas/auth";
import * as ui from "../../styles/ui.css";

export const middleware: Route.MiddlewareFunction[] = [guard("login")];

export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, t } = await readPublicForm(request, context);
  const values = { email: String(formData.get("email") ?? "") };
  const parsed = parseForm(recoverSchema, formData, t);
  if (!parsed.ok) return refusedAnswer("recover", parsed.errors, values);
  const result = await apiFor(request, context, { token: null }).post("/auth/recover", { body: parsed.data });
  if (!result.ok) {
    const { errors, formError } = refusal(result, t);
    return refusedAnswer("recover", errors, values, formError, result.status);
  }
  // The same answer whether or not the account exists.
  return savedAnswer("recover", {});
}

/** With JavaScript, an outage keeps the form and what was typed (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, () => "recover");
}

export default function Recover({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // The email typed on the sign-in form, carried by its "Forgot password?" link (login.tsx). Set
  // after hydration: the server never sees history state, which a reload keeps.
  const carried: unknown = (useLocation().state as { email?: unknown } | null)?.email;
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const field = form.current?.elements.namedItem("email");
    if (field instanceof HTMLInputElement && !field.value && typeof carried === "string") field.value = carried;
  }, [carried]);
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const { errors, onSubmit, onFocus } = useClientValidation(() => import("../../../core/schemas/auth").then((m) => m.recoverSchema), t, refused?.errors);
  return (
    <>
      <PageTitle title={t("titles.recover")} />
      <h1 className={ui.pageHeading}>{t("titles.recover")}</h1>
      {actionData?.ok ? (
        <p role="status" className={ui.alert.success}>
          {t("auth.recoverSent")}
        </p>
      ) : (
        <Form ref={form} method="post" className={ui.stack} noValidate onSubmit={onSubmit} onFocus={onFocus}>
          <p className={ui.hint}>{t("auth.recoverIntro")}</p>
          <HoneypotInputs label={t("auth.honeypotLabel")} />
          <FormAlert message={formErrorOf(actionData, t)} />
          <Field label={t("auth.email")} name="email" type="email" autoComplete="email" required error={errors.email} defaultValue={refused?.values.email} autoFocus={firstInvalid(refused?.errors, ["email"]) === "email"} />
          <button type="submit" className={ui.button.primary} disabled={navigation.state === "submitting"}>
            {t("auth.sendResetLink")}
          </button>
        </Form>
      )}
      <Link to="/login">{t("auth.backToSignIn")}</Link>
    </>
  );
}
