import type { KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { escapeClosedATooltip } from "./tooltip";
import { focusAfterNavigation } from "../forms/focus-after-save";

/**
 * Escape inside an open edit form does what its Cancel link does, as Escape closes a dialog or a
 * menu, and puts focus back on the control that opened the form (`opener`, a selector, through
 * the page's `useFocusAfterNavigation`), so a keyboard user carries on from where they were. Left
 * alone: a key that a native control used first, an input method composing text (Safari ends the
 * composition before the keydown, so its key code 229 is checked too), an Escape that is
 * dismissing a tooltip, and a form whose save is on its way (closing it would hide the answer,
 * and a refusal with it).
 */
export function useEscapeCloses(closeTo: string, opener: string, { busy, onClose }: { busy: boolean; onClose?: () => void }) {
  const navigate = useNavigate();
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented || event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (busy || escapeClosedATooltip(event.nativeEvent)) return;
    event.preventDefault();
    focusAfterNavigation(opener);
    onClose?.();
    void navigate(closeTo, { preventScrollReset: true });
  };
}
