import type { KeyboardEvent } from "react";
import { useNavigate } from "react-router";

/**
 * Escape inside an open edit form does what its Cancel link does, as Escape closes a dialog or a
 * menu, and puts focus back on the control that opened the form (`opener`, a selector), so a
 * keyboard user carries on from where they were. A key that a native control used first (an
 * open date picker or select) or an input method composing text is left alone.
 */
export function useEscapeCloses(closeTo: string, opener: string) {
  const navigate = useNavigate();
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void Promise.resolve(navigate(closeTo, { preventScrollReset: true })).then(() => {
      // After the commit that removes the form: the opener is the same element, now focusable again.
      requestAnimationFrame(() => document.querySelector<HTMLElement>(opener)?.focus());
    });
  };
}
