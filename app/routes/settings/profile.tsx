/** Settings → Profile: the name (intent `name`) and, below it, the email address (email.tsx). */
import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { Field, FormAlert } from "../../ui/ui";
import { parseForm, useClientValidation } from "../../forms/forms";
import { TEXT_LIMITS } from "../../../core/input-limits";
import type { ApiUser } from "../../../core/api-types/user";
import { EmailForm, type PendingEmail } from "./email";
import type { IntentHandler } from "./intents";
import { useResetWhenSaved } from "./use-reset-when-saved";
import type { SettingsAnswer } from "./use-settings-answer";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";

// The form's schema, for its action and its check in the browser: imported when needed, so that zod
// comes to the browser when the form is first focused or sent, not with the page (ADR 078).
const loadProfileSchema = () => import("../../../core/schemas/settings").then((m) => m.profileSchema);

export const profileAction: IntentHandler = async ({ formData, t, api, key, invalid, failure, done }) => {
  const parsed = parseForm(await loadProfileSchema(), formData, t);
  if (!parsed.ok) return invalid("name", parsed.errors);
  const result = await api.patch("/users/me", { body: parsed.data, idempotencyKey: key });
  return result.ok ? done("settings.saved.name") : failure("name", result);
};

export function ProfileSection({ user, pendingEmail, answer }: { user: ApiUser; pendingEmail: PendingEmail | null; answer: SettingsAnswer }) {
  const { t } = useTranslation();
  const nameForm = useClientValidation(loadProfileSchema, t, answer.serverErrors("name"));
  const nameFormRef = useResetWhenSaved("name", answer.answered);
  return (
    <section id="profile" aria-labelledby="profile-title" className={`${ui.card} ${s.section}`}>
      <h2 id="profile-title" className={s.sectionTitle}>
        {t("settings.profile.title")}
      </h2>
      <Form ref={nameFormRef} method="post" className={ui.stack} noValidate onSubmit={nameForm.onSubmit} onFocus={nameForm.onFocus}>
        <input type="hidden" name="intent" value="name" />
        <FormAlert message={answer.formError("name")} />
        <Field label={t("settings.profile.name")} name="name" id="settings-name" autoComplete="name" required maxLength={TEXT_LIMITS.userName} defaultValue={answer.typed("name", "name") ?? user.name} error={nameForm.errors.name} autoFocus={answer.refused("name", ["name"]) === "name"} />
        <div>
          <button type="submit" className={ui.button.primary} disabled={answer.busy("name")}>
            {t("settings.profile.saveName")}
          </button>
        </div>
      </Form>
      <hr className={s.divider} />
      <EmailForm user={user} pendingEmail={pendingEmail} answer={answer} />
    </section>
  );
}
