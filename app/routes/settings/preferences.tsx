/** Settings → Preferences: language, time zone and theme (intent `preferences`). */
import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { Field, FormAlert } from "../../ui/ui";
import { parseForm, useClientValidation } from "../../forms/forms";
import { formatInstant, isValidTimeZone } from "../../../core/dates";
import type { ApiUser } from "../../../core/api-types/user";
import type { IntentHandler } from "./intents";
import type { SettingsAnswer } from "./use-settings-answer";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";

// The form's schema, for its action and its check in the browser: imported when needed, so that zod
// comes to the browser when the form is first focused or sent, not with the page (ADR 078).
const loadPreferencesSchema = () => import("../../../core/schemas/settings").then((m) => m.preferencesFormSchema);

export const preferencesAction: IntentHandler = async ({ formData, t, api, key, invalid, failure, done, localeCookie, redirectInLanguage }) => {
  const parsed = parseForm(await loadPreferencesSchema(), formData, t);
  if (!parsed.ok) return invalid("preferences", parsed.errors);
  // Only what was changed on this form: a copy drawn before another tab or device saved a new
  // theme or time zone would otherwise put the old one back (session 21 QA). The form says
  // what it was drawn from (`was.*`); a field without it is sent as it is.
  const changes = Object.fromEntries(Object.entries(parsed.data).filter(([name, value]) => formData.get(`was.${name}`) !== value));
  const result = Object.keys(changes).length ? await api.patch<{ user: ApiUser }>("/users/me", { body: changes, idempotencyKey: key }) : null;
  if (result && !result.ok) return failure("preferences", result);
  // The page language follows the cookie: keep it in step with the account.
  const headers = new Headers();
  if (changes.locale) headers.append("Set-Cookie", await localeCookie(changes.locale));
  return done("settings.saved.preferences", headers, "/settings", redirectInLanguage(parsed.data.locale));
};

export function PreferencesSection({ user, timeZones, now, answer }: { user: ApiUser; timeZones: string[]; now: number; answer: SettingsAnswer }) {
  const { t, i18n } = useTranslation();
  const prefsForm = useClientValidation(loadPreferencesSchema, t, answer.serverErrors("preferences"));
  const zoneNow = isValidTimeZone(user.timeZone) ? formatInstant(now, i18n.language, user.timeZone) : "";
  return (
    <section id="preferences" aria-labelledby="preferences-title" className={`${ui.card} ${s.section}`}>
      <h2 id="preferences-title" className={s.sectionTitle}>
        {t("settings.preferences.title")}
      </h2>
      <p className={s.small}>{t("settings.preferences.appliesEverywhere")}</p>
      {/* Sent like the other forms, so an outage keeps it (ADR 024); a new language loads the next page whole (redirectInLanguage). */}
      <Form method="post" className={ui.stack} noValidate onSubmit={prefsForm.onSubmit} onFocus={prefsForm.onFocus} aria-label={t("settings.preferences.title")}>
        <input type="hidden" name="intent" value="preferences" />
        {/* What this form was drawn from: only fields changed from it are saved. */}
        <input type="hidden" name="was.locale" value={user.locale} />
        <input type="hidden" name="was.timeZone" value={user.timeZone} />
        <input type="hidden" name="was.theme" value={user.theme} />
        <FormAlert message={answer.formError("preferences")} />
        <div className={ui.field}>
          <label className={ui.label} htmlFor="settings-locale">
            {t("settings.preferences.language")}
          </label>
          <select id="settings-locale" name="locale" className={s.select} defaultValue={answer.typed("preferences", "locale") ?? user.locale}>
            <option value="en" lang="en">
              English
            </option>
            <option value="es" lang="es">
              Español
            </option>
          </select>
        </div>
        <Field
          // Saved, the field shows the zone's own spelling ("america/lima" becomes "America/Lima").
          key={user.timeZone}
          label={t("settings.preferences.timeZone")}
          name="timeZone"
          id="settings-time-zone"
          list="settings-time-zones"
          autoComplete="off"
          spellCheck={false}
          required
          defaultValue={answer.typed("preferences", "timeZone") ?? user.timeZone}
          hint={`${t("settings.preferences.timeZoneHint")} ${zoneNow ? t("settings.preferences.timeZoneNow", { zone: user.timeZone, time: zoneNow }) : ""}`}
          error={prefsForm.errors.timeZone}
          autoFocus={answer.refused("preferences", ["locale", "timeZone"]) === "timeZone"}
        />
        <datalist id="settings-time-zones">
          {timeZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <fieldset className={s.fieldset}>
          <legend className={ui.label}>{t("settings.preferences.theme")}</legend>
          <div className={s.radios}>
            {(["system", "light", "dark"] as const).map((theme) => (
              <label key={theme} className={s.radio}>
                <input type="radio" name="theme" value={theme} defaultChecked={(answer.typed("preferences", "theme") ?? user.theme) === theme} />
                {t(`settings.preferences.themes.${theme}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <button type="submit" className={ui.button.primary}>
            {t("settings.preferences.save")}
          </button>
        </div>
      </Form>
    </section>
  );
}
