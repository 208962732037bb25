import { useNavigation } from "react-router";
import { formErrorOf, type FormAnswer } from "../../forms/form-answer";
import { firstInvalid } from "../../forms/forms";
import type { Translate } from "../../../core/i18n/translate";
import type { Echoed, Intent } from "./intents";

/**
 * The action's last answer (or an outage met with JavaScript), read per form: each section asks
 * for its own intent's errors, typed values and message, and whether its post is on its way.
 */
export function useSettingsAnswer(actionData: FormAnswer | undefined, t: Translate) {
  const navigation = useNavigation();
  // The form answered: an intent, or one category's form (`category-edit:<id>`, intents.ts settingsFormOf).
  const answered = actionData?.form;
  const busy = (intent: Intent) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const serverErrors = (intent: Intent) => (answered === intent ? actionData?.errors : undefined);
  const typed = (intent: Intent, field: Echoed) => (answered === intent ? actionData?.values[field] : undefined);
  const formError = (intent: Intent) => (answered === intent ? formErrorOf(actionData, t) : null);
  // Without JavaScript a refusal is a new page that starts at its top: its first refused field takes focus.
  const refused = (intent: Intent, order: readonly string[]) => firstInvalid(serverErrors(intent), order);
  return { answered, busy, serverErrors, typed, formError, refused };
}

export type SettingsAnswer = ReturnType<typeof useSettingsAnswer>;
