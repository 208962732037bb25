import { useTranslation } from "../../i18n/use-translation";
import { useRef, type MouseEvent } from "react";
import { Form, Link, useNavigate, useNavigation, useSearchParams } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import type { Route } from "./+types/login";
import { Field, FormAlert, PageTitle } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { apiFor } from "../../server/api.server";
import { formErrorOf, refusedAnswer } from "../../forms/form-answer";
import { keepFormThroughOutage } from "../../forms/form-outage";
import { parseForm, useClientValidation } from "../../forms/forms";
import { readPublicForm, refusal } from "../../server/route-helpers.server";
import { safeRedirect } from "../../utils/safe-redirect";
// eslint-disable-next-line no-restricted-imports -- read by the loader or action only, which React Router drops from the browser's build (ADR 078)
import { loginSchema } from "../../../core/schemas/auth";
import type { SessionResponse } from "../../../core/api-types/user";
import { signedInRedirect } from "../../server/session.server";
import * as ui from "../../styles/ui.css";
import { isPlainClick } from "../../browser/plain-click";

export const middleware: Route.MiddlewareFunction[] = [guard("login")];

// A loader, so client navigations here reach the server and the guard runs (STACK-NOTES trap 8).
export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, t } = await readPublicForm(request, context);
  // Echoed back so a re-rendered form (no JavaScript) keeps what was typed; never the password.
  const values = { email: String(formData.get("email") ?? ""), remember: formData.get("remember") === "on" ? "on" : "" };
  const parsed = parseForm(loginSchema, formData, t);
  if (!parsed.ok) return refusedAnswer("login", parsed.errors, values);
  const result = await apiFor(request, context, { token: null }).post<SessionResponse>("/auth/login", { body: parsed.data });
  if (!result.ok) {
    // 400, not 401: a document answered 401 without WWW-Authenticate is dropped by browsers (no-JS sign-in).
    if (result.status === 401) return refusedAnswer("login", {}, values, t("auth.invalidCredentials"), 400);
    const { errors, formError } = refusal(result, t);
    return refusedAnswer("login", errors, values, formError, result.status);
  }
  throw await signedInRedirect(request, context, result.data, result.data.user, safeRedirect(formData.get("redirectTo")));
}

/** With JavaScript, an outage keeps the form and what was typed (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, () => "login");
}

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const { errors, onSubmit, onFocus } = useClientValidation(() => import("../../../core/schemas/auth").then((m) => m.loginSchema), t, actionData?.errors);
  const busy = navigation.state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  // The email in the form (typed or filled in by the browser) goes along to "Forgot password?" in
  // the history entry's state, never in the address, so it need not be typed twice. A click that
  // opens a new tab or window is left to the link.
  const carryEmail = (event: MouseEvent<HTMLAnchorElement>) => {
    const email = form.current?.elements.namedItem("email");
    const typed = email instanceof HTMLInputElement ? email.value.trim() : "";
    if (!typed || !isPlainClick(event)) return;
    event.preventDefault();
    void navigate("/login/recover", { state: { email: typed } });
  };
  return (
    <>
      <PageTitle title={t("titles.login")} />
      <h1 className={ui.pageHeading}>{t("titles.login")}</h1>
      <Form ref={form} method="post" className={ui.stack} noValidate onSubmit={onSubmit} onFocus={onFocus}>
        <HoneypotInputs label={t("auth.honeypotLabel")} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <FormAlert message={formErrorOf(actionData, t)} />
        <Field label={t("auth.email")} name="email" type="email" autoComplete="email" required error={errors.email} defaultValue={actionData?.values.email} autoFocus />
        <Field label={t("auth.password")} name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <label className={ui.checkboxRow}>
          {/* Still ticked after a refused try without JavaScript (the page is drawn again). */}
          <input type="checkbox" name="remember" defaultChecked={actionData?.values.remember === "on"} />
          {t("auth.rememberMe")}
        </label>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {t("auth.signIn")}
        </button>
      </Form>
      <div className={ui.row} style={{ justifyContent: "space-between" }}>
        <Link to="/login/recover" onClick={carryEmail}>{t("auth.forgotPassword")}</Link>
        <Link to="/signup">{t("auth.createAccount")}</Link>
      </div>
    </>
  );
}
