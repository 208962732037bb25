import { useEffect, type FormEvent } from "react";
import { useLocation } from "react-router";

/**
 * Where keyboard focus goes after a form closes by a navigation: a save (its redirect closes the
 * edit form or the add disclosure) or Escape (which navigates as Cancel does). Focus would fall
 * back to <body>, the top of the page, and a keyboard or screen-reader user would have to find
 * their place again. The form names where it should go instead (the Edit control it was opened
 * from, or the summary that opens the add form again); the page moves focus there after the
 * navigation, unless something else has focus by then.
 */
let pending: { selectors: readonly string[]; onArrival: (() => void) | undefined } | null = null;

/**
 * `selector`: where focus goes; several, the first found (a row's Edit, else its list when the row
 * left it). `onArrival` runs once the page has drawn the navigation's answer (to tell the user what
 * it shows).
 */
export function focusAfterNavigation(selector: string | readonly string[] | null, onArrival?: () => void): void {
  pending = selector === null ? null : { selectors: typeof selector === "string" ? [selector] : selector, onArrival };
}

/** Whether focus was lost: it fell back to <body>, or its element left the page. */
export function focusWasLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Focuses `target` only if focus was lost. */
export function focusIfLost(target: HTMLElement | null | undefined): void {
  if (focusWasLost()) target?.focus();
}

/** In a page whose forms close by navigating: carries out `focusAfterNavigation` after each navigation. */
export function useFocusAfterNavigation(): void {
  const { key } = useLocation();
  useEffect(() => {
    const next = pending;
    pending = null;
    if (!next) return;
    requestAnimationFrame(() => {
      focusIfLost(next.selectors.map((selector) => document.querySelector<HTMLElement>(selector)).find(Boolean));
      next.onArrival?.();
    });
  }, [key]);
}

/**
 * For a form: focus goes to `target` once its save succeeds. Wraps the form's submit handler; a
 * refusal (`refused`: the form's failure, kept on the page) cancels it, and focus stays on the
 * field in error. `onSent` runs as the form is sent and may return what to do once the answer is
 * drawn. Nothing is set up for a submit the form's own checks stopped (they send again once they
 * pass), so it never waits for a later, unrelated navigation.
 */
export function useFocusAfterSave(target: string | readonly string[] | null, refused: unknown, onSent?: () => (() => void) | undefined) {
  useEffect(() => {
    if (refused) focusAfterNavigation(null);
  }, [refused]);
  return (submit: (event: FormEvent<HTMLFormElement>) => void) => (event: FormEvent<HTMLFormElement>) => {
    submit(event);
    if (!event.defaultPrevented) focusAfterNavigation(target, onSent?.());
  };
}
