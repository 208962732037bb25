import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Where keyboard focus goes when a form is saved. A successful save ends in a redirect that
 * closes the edit form (or renews the add form), and focus would fall back to <body>, the top of
 * the page: a keyboard or screen-reader user would have to find their place again. The form
 * names where it should go instead (the Edit control it was opened from, or the summary that
 * opens the add form again); the page moves focus there after the navigation, unless something
 * else has focus by then.
 */
let pending: string | null = null;

export function focusAfterSave(selector: string | null): void {
  pending = selector;
}

/** In a page whose forms save with a redirect: carries out `focusAfterSave` after each navigation. */
export function useFocusAfterSave(): void {
  const { key } = useLocation();
  useEffect(() => {
    const selector = pending;
    pending = null;
    if (!selector) return;
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      document.querySelector<HTMLElement>(selector)?.focus();
    });
  }, [key]);
}
