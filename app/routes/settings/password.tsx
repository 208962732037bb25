/** Settings → Security → Change password (intent `password`). */
import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { Field, FormAlert, NewPasswordFields } from "../../ui/ui";
import { parseForm, useClientValidation } from "../../forms/forms";
import type { IntentHandler } from "./intents";
import { useResetWhenSaved } from "./use-reset-when-saved";
import type { SettingsAnswer } from "./use-settings-answer";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";

// The form's schema, for its action and its check in the browser: imported when needed, so that zod
// comes to the browser when the form is first focused or sent, not with the page (ADR 078).
const loadPasswordSchema = () => import("../../../core/schemas/auth").then((m) => m.changePasswordSchema);

export const passwordAction: IntentHandler = async ({ formData, t, api, key, invalid, failure, done }) => {
  const parsed = parseForm(await loadPasswordSchema(), formData, t);
  if (!parsed.ok) return invalid("password", parsed.errors);
  const result = await api.post("/auth/password", { body: parsed.data, idempotencyKey: key });
  return result.ok ? done("settings.saved.password") : failure("password", result);
};

export function PasswordForm({ email, answer }: { email: string; answer: SettingsAnswer }) {
  const { t } = useTranslation();
  const passwordForm = useClientValidation(loadPasswordSchema, t, answer.serverErrors("password"));
  const passwordFormRef = useResetWhenSaved("password", answer.answered);
  const passwordRefused = answer.refused("password", ["currentPassword", "password", "confirmPassword"]);
  return (
    <Form ref={passwordFormRef} method="post" className={ui.stack} noValidate onSubmit={passwordForm.onSubmit} onFocus={passwordForm.onFocus} aria-label={t("settings.security.changePassword")}>
      <input type="hidden" name="intent" value="password" />
      <h3 className={s.subTitle}>{t("settings.security.changePassword")}</h3>
      <FormAlert message={answer.formError("password")} />
      {/* Lets password managers match the form to the account. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <Field label={t("settings.security.currentPassword")} name="currentPassword" id="settings-current-password" type="password" autoComplete="current-password" required error={passwordForm.errors.currentPassword} autoFocus={passwordRefused === "currentPassword"} />
      <NewPasswordFields
        label={t("settings.security.newPassword")}
        confirmLabel={t("settings.security.confirmPassword")}
        hint={t("settings.security.passwordHint")}
        errors={passwordForm.errors}
        ids={{ password: "settings-new-password", confirmPassword: "settings-confirm-password" }}
        autoFocus={passwordRefused}
      />
      <div>
        <button type="submit" className={ui.button.primary} disabled={answer.busy("password")}>
          {t("settings.security.changePassword")}
        </button>
      </div>
    </Form>
  );
}
