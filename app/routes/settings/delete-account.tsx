/** Settings → Your data → Delete the account (intent `delete`): asked again with the password and a tick, then once more by the browser. */
import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { Field, FormAlert } from "../../ui/ui";
import { parseForm, useClientValidation } from "../../forms/forms";
import type { IntentHandler } from "./intents";
import type { SettingsAnswer } from "./use-settings-answer";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";

// The form's schema, for its action and its check in the browser: imported when needed, so that zod
// comes to the browser when the form is first focused or sent, not with the page (ADR 078).
const loadDeleteSchema = () => import("../../../core/schemas/settings").then((m) => m.deleteAccountSchema);

export const deleteAccountAction: IntentHandler = async ({ formData, t, api, key, invalid, failure, done, destroySession }) => {
  const parsed = parseForm(await loadDeleteSchema(), formData, t);
  if (!parsed.ok) return invalid("delete", parsed.errors);
  const result = await api.delete("/users/me", { body: parsed.data, idempotencyKey: key });
  if (!result.ok) return failure("delete", result);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession());
  return done("settings.saved.deleted", headers, "/login");
};

export function DeleteAccountForm({ email, answer }: { email: string; answer: SettingsAnswer }) {
  const { t } = useTranslation();
  const deleteForm = useClientValidation(loadDeleteSchema, t, answer.serverErrors("delete"));
  const deleteRefused = answer.refused("delete", ["password", "confirm"]);
  return (
    <Form
      method="post"
      className={ui.stack}
      noValidate
      aria-label={t("settings.data.deleteTitle")}
      onFocus={deleteForm.onFocus}
      onSubmit={(event) => {
        deleteForm.onSubmit(event);
        if (!event.defaultPrevented && !window.confirm(t("settings.data.deleteAreYouSure"))) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <h3 className={s.subTitle}>{t("settings.data.deleteTitle")}</h3>
      <p role="note" className={ui.alert.warning}>
        {t("settings.data.deleteIntro")}
      </p>
      <FormAlert message={answer.formError("delete")} />
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <Field label={t("settings.data.deletePassword")} name="password" id="settings-delete-password" type="password" autoComplete="current-password" required error={deleteForm.errors.password} autoFocus={deleteRefused === "password"} />
      <div className={ui.field}>
        <label className={ui.checkboxRow}>
          <input type="checkbox" name="confirm" autoFocus={deleteRefused === "confirm"} aria-invalid={deleteForm.errors.confirm ? true : undefined} aria-describedby={deleteForm.errors.confirm ? "settings-confirm-error" : undefined} />
          {t("settings.data.deleteConfirm")}
        </label>
        {deleteForm.errors.confirm ? (
          <p id="settings-confirm-error" className={ui.fieldError}>
            {deleteForm.errors.confirm}
          </p>
        ) : null}
      </div>
      <div>
        <button type="submit" className={ui.button.danger} disabled={answer.busy("delete")}>
          {t("settings.data.deleteButton")}
        </button>
      </div>
    </Form>
  );
}
