/** Settings → Profile → Email: a new address, confirmed by a link mailed to it (intent `email`, ADR 032). */
import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { Field, FormAlert, WithEmail } from "../../ui/ui";
import { parseForm, useClientValidation } from "../../forms/forms";
import { formatInstant } from "../../../core/dates";
import type { ApiUser } from "../../../core/api-types/user";
import type { IntentHandler } from "./intents";
import { useResetWhenSaved } from "./use-reset-when-saved";
import type { SettingsAnswer } from "./use-settings-answer";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";

// The form's schema, for its action and its check in the browser: imported when needed, so that zod
// comes to the browser when the form is first focused or sent, not with the page (ADR 078).
const loadEmailSchema = () => import("../../../core/schemas/settings").then((m) => m.changeEmailSchema);

/** A change of email waiting for the link mailed to the new address. */
export type PendingEmail = { email: string; expiresAt: number; taken: boolean };

export const emailAction: IntentHandler = async ({ formData, t, api, key, invalid, failure, done }) => {
  const parsed = parseForm(await loadEmailSchema(), formData, t);
  if (!parsed.ok) return invalid("email", parsed.errors);
  const result = await api.post("/users/me/email", { body: parsed.data, idempotencyKey: key });
  // 202: a link went to the new address, which changes nothing until it is opened.
  return result.ok ? done(result.status === 202 ? "settings.saved.emailPending" : "settings.saved.email") : failure("email", result);
};

export function EmailForm({ user, pendingEmail, answer }: { user: ApiUser; pendingEmail: PendingEmail | null; answer: SettingsAnswer }) {
  const { t, i18n } = useTranslation();
  const emailForm = useClientValidation(loadEmailSchema, t, answer.serverErrors("email"));
  const emailFormRef = useResetWhenSaved("email", answer.answered);
  const emailRefused = answer.refused("email", ["email", "password"]);
  return (
    <Form ref={emailFormRef} method="post" className={ui.stack} noValidate onSubmit={emailForm.onSubmit} onFocus={emailForm.onFocus} aria-labelledby="settings-email-title">
      <input type="hidden" name="intent" value="email" />
      <h3 id="settings-email-title" className={s.subTitle}>
        {t("settings.profile.email")}
      </h3>
      <p className={s.small} data-testid="current-email">
        <WithEmail text={t("settings.profile.currentEmail", { email: user.email })} email={user.email} />
      </p>
      {pendingEmail ? (
        <p className={pendingEmail.taken ? ui.alert.warning : ui.alert.info} data-testid="pending-email">
          <WithEmail
            text={
              pendingEmail.taken
                ? t("settings.profile.pendingEmailTaken", { email: pendingEmail.email })
                : t("settings.profile.pendingEmail", { email: pendingEmail.email, until: formatInstant(pendingEmail.expiresAt, i18n.language, user.timeZone) })
            }
            email={pendingEmail.email}
          />
        </p>
      ) : null}
      <FormAlert message={answer.formError("email")} />
      <Field label={t("settings.profile.newEmail")} name="email" id="settings-email" type="email" autoComplete="email" required defaultValue={answer.typed("email", "email")} error={emailForm.errors.email} autoFocus={emailRefused === "email"} />
      <Field
        label={t("settings.profile.emailPassword")}
        name="password"
        id="settings-email-password"
        type="password"
        autoComplete="current-password"
        required
        hint={t("settings.profile.emailPasswordHint")}
        error={emailForm.errors.password}
        autoFocus={emailRefused === "password"}
      />
      <div>
        <button type="submit" className={ui.button.primary} disabled={answer.busy("email")}>
          {t("settings.profile.saveEmail")}
        </button>
      </div>
    </Form>
  );
}
