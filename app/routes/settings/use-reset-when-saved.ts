import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import type { Intent } from "./intents";

/**
 * A form reset to its defaults once its save went through (the answer was the redirect, not a
 * refusal); a refusal keeps what was typed. The page stays, and with it the fields: a form that
 * holds passwords is emptied (a second press sent the old password again, which was refused and
 * counted toward the sign-in lockout), and the name form shows the name as saved (trimmed, spaces
 * joined), read again by the loader, rather than as typed.
 */
export function useResetWhenSaved(intent: Intent, answered: string | undefined) {
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle" && navigation.formData?.get("intent") === intent) sending.current = true;
    else if (navigation.state === "idle" && sending.current) {
      sending.current = false;
      if (answered !== intent) form.current?.reset();
    }
  }, [navigation.state, navigation.formData, answered, intent]);
  return form;
}
