import { useEffect, useRef } from "react";
import { signupTexts } from "../../../core/i18n/page-texts/signup";
import { addPageTexts } from "../../../core/i18n/translate";
import { useTranslation } from "../../i18n/use-translation";
import { focusIfLost } from "../../forms/focus-after-save";
import { Form, Link, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import type { Route } from "./+types/signup";
import { Field, FormAlert, NewPasswordFields, PageTitle } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { apiFor } from "../../server/api.server";
import { formErrorOf, refusedAnswer, savedAnswer } from "../../forms/form-answer";
import { keepFormThroughOutage } from "../../forms/form-outage";
import { firstInvalid, parseForm, useClientValidation } from "../../forms/forms";
import { readPublicForm, refusal } from "../../server/route-helpers.server";
// eslint-disable-next-line no-restricted-imports -- read by the loader or action only, which React Router drops from the browser's build (ADR 078)
import { signupSchema } from "../../../core/schemas/auth";
import { TEXT_LIMITS } from "../../../core/input-limits";
import { cloudflareContext } from "../../server/context.server";
import * as ui from "../../styles/ui.css";

// This page's own texts come with its code, not on the first visit (ADR 033).
addPageTexts(signupTexts);

export const middleware: Route.MiddlewareFunction[] = [guard("login")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await apiFor(request, context, { token: null }).get<{ signup: "open" | "closed" }>("/auth/config");
  // Local runs keep mail in an outbox (/_dev/mail.json): the page says where the link is.
  const outbox = context.get(cloudflareContext).env.ENVIRONMENT !== "production";
  return { open: result.ok ? result.data.signup === "open" : true, outbox };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, t } = await readPublicForm(request, context);
  const values = { name: String(formData.get("name") ?? ""), email: String(formData.get("email") ?? "") };
  const parsed = parseForm(signupSchema, formData, t);
  if (!parsed.ok) return refusedAnswer("signup", parsed.errors, values);
  // No account yet: the API mails the address a link that makes it (ADR 039), and answers the
  // same whether or not the address has an account.
  const result = await apiFor(request, context, { token: null }).post<{ email: string }>("/auth/signup", { body: parsed.data });
  if (!result.ok) {
    const { errors, formError } = refusal(result, t);
    return refusedAnswer("signup", errors, values, formError, result.status);
  }
  return savedAnswer("signup", { sent: result.data.email });
}

/** With JavaScript, an outage keeps the form and what was typed (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, () => "signup");
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const { errors, onSubmit, onFocus } = useClientValidation(() => import("../../../core/schemas/auth").then((m) => m.signupSchema), t, failed?.errors);
  const refused = firstInvalid(failed?.errors, ["name", "email", "password", "confirmPassword"]);
  const sent = actionData?.ok ? actionData.sent : null;
  // The form went with the press: the keyboard and the screen reader go on from what it answered.
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) focusIfLost(answer.current);
  }, [sent]);
  return (
    <>
      <PageTitle title={t("titles.signup")} />
      <h1 className={ui.pageHeading}>{t("titles.signup")}</h1>
      {sent ? (
        <div role="status" className={`${ui.alert.success} ${ui.stack}`} ref={answer} tabIndex={-1} data-testid="signup-sent">
          <p style={{ margin: 0, fontWeight: 600 }}>{t("signup.sentTitle")}</p>
          <p style={{ margin: 0, overflowWrap: "anywhere" }}>{t("signup.sent", { email: sent })}</p>
          <p style={{ margin: 0 }}>{t("signup.sentHint")}</p>
          {loaderData.outbox ? (
            <p style={{ margin: 0 }}>
              {t("signup.sentDev")} <a href="/_dev/mail.json">/_dev/mail.json</a>
            </p>
          ) : null}
        </div>
      ) : loaderData.open ? (
        <Form method="post" className={ui.stack} noValidate onSubmit={onSubmit} onFocus={onFocus}>
          <HoneypotInputs label={t("auth.honeypotLabel")} />
          <FormAlert message={formErrorOf(actionData, t)} />
          <Field label={t("auth.name")} name="name" autoComplete="name" required maxLength={TEXT_LIMITS.userName} error={errors.name} defaultValue={failed?.values.name} autoFocus={refused === "name"} />
          <Field label={t("auth.email")} name="email" type="email" autoComplete="email" required error={errors.email} defaultValue={failed?.values.email} autoFocus={refused === "email"} />
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
