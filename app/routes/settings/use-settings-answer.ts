import { useNavigation } from "react-router";
import { formErrorOf, intentOf, type OutageFailure } from "../../forms/form-outage";
import { firstInvalid } from "../../forms/forms";
import type { Translate } from "../../../core/i18n/translate";
import type { ActionData, Echoed, Intent } from "./intents";

/**
 * The action's last answer (or an outage met with JavaScript), read per form: each section asks
 * for its own intent's errors, typed values and message, and whether its post is on its way.
 */
export function useSettingsAnswer(actionData: ActionData | OutageFailure | undefined, t: Translate) {
  const navigation = useNavigation();
  const answered = intentOf(actionData);
  const busy = (intent: Intent) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const serverErrors = (intent: Intent) => (answered === intent ? actionData?.errors : undefined);
  const typed = (intent: Intent, field: Echoed) => (answered === intent ? actionData?.values?.[field] : undefined);
  const formError = (intent: Intent) => (answered === intent ? formErrorOf(actionData, t) : null);
  // Without JavaScript a refusal is a new page that starts at its top: its first refused field takes focus.
  const refused = (intent: Intent, order: readonly string[]) => firstInvalid(serverErrors(intent), order);
  return { answered, busy, serverErrors, typed, formError, refused };
}

export type SettingsAnswer = ReturnType<typeof useSettingsAnswer>;
