import { useEffect, useRef } from "react";
import { useFetchers, useLocation, useNavigation } from "react-router";
import { focusWasLost } from "./focus-after-save";

/**
 * For the whole app (root): focus is not lost by sending a form. A submit button is disabled while
 * its answer is awaited, and an optimistic change can move it (an archived account's card moves to
 * the Archived group), and either drops focus on <body>, the top of the page. Once every navigation
 * and fetcher is idle again, if focus is still on <body> and the page is the same, it goes back to
 * the element that sent the form, or to the element that now has its id (the card's Restore
 * button has the Archive button's id). A sender hidden by its disclosure closing after the save, or
 * gone with its form (a form made anew, blank, after its save), hands focus to that disclosure's
 * summary, which opens it again (session 36 QA: budgets, schedules). Forms that close on success name their own target
 * (`useFocusAfterSave` in focus-after-save.ts); a field refused by the server is focused by `useClientValidation`; this
 * acts only where neither did.
 */
export function useFocusKeptThroughSubmits(): void {
  const sender = useRef<{ element: HTMLElement; id: string; path: string; details: HTMLDetailsElement | null } | null>(null);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  useEffect(() => {
    function onSubmit(event: SubmitEvent) {
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      const active = document.activeElement;
      // Safari does not focus a clicked button, so the button that sent the form stands in.
      const element = active instanceof HTMLElement && form?.contains(active) ? active : (event.submitter as HTMLElement | null);
      // `data-focus-as`: the id of the element that stands for this one once it is gone (a question's
      // "Yes, archive it" hands focus on to the card's Restore button, whose id its summary has).
      sender.current = element ? { element, id: element.id || element.dataset.focusAs || "", path: location.pathname, details: form?.closest("details") ?? null } : null;
    }
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);
  useEffect(() => {
    if (busy) return;
    const sent = sender.current;
    sender.current = null;
    if (!sent || sent.path !== pathname) return;
    requestAnimationFrame(() => {
      if (!focusWasLost()) return;
      // The same element is where the user just was: focused without scrolling, so a message the
      // page scrolled into view stays there. An element that moved (same id) is scrolled to.
      // Inside a closed <details> an element still has boxes (its content is only not drawn): asked
      // outright. A removed element has none.
      const shown = (element: HTMLElement | null) => !!element && !element.closest("details:not([open]) > :not(summary)") && element.getClientRects().length > 0;
      // An element with the sender's id counts only if it shows (a form made anew inside a closed
      // disclosure has the same ids, and focusing them does nothing: Enter in a field sent it;
      // review, session 36). Else the disclosure's own summary (the first in it).
      const byId = document.getElementById(sent.id);
      if (shown(sent.element)) sent.element.focus({ preventScroll: true });
      else if (shown(byId)) byId!.focus();
      else sent.details?.querySelector("summary")?.focus();
    });
  }, [busy, pathname]);
}
