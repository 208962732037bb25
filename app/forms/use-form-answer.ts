/**
 * The React side of a form's answer (form-answer.ts): which answer a fetcher form shows, the
 * failure toast, and a disclosure that closes after its own save.
 */
import { useEffect, useRef, useState } from "react";
import { useFetchers } from "react-router";
import { answerFor, formErrorOf } from "./form-answer";
import { nextWatch, ownEntry, shownAnswer, watchAnswers } from "./latest-answer";
import { showFailureToast } from "./form-toasts";

/**
 * A fetcher's data while it is the answer to the latest submission; none once a later submission
 * ended with a redirect, which brings none (latest-answer.ts says how it tells). And how many
 * submissions ended so: saved.
 *
 * Worked out during render, not in an effect: the render that ends the submission is the one that
 * remounts the form with its fresh key, and its effects (the failure toast) run before any effect
 * of this component could.
 */
function useLatestAnswer<T>(fetcher: { state: string; data: T | undefined; formData?: FormData }): { data: T | undefined; saved: number } {
  const busy = fetcher.state !== "idle";
  const entry = ownEntry(useFetchers(), fetcher.formData);
  const [watch, setWatch] = useState(() => watchAnswers(busy, fetcher.data));
  const next = nextWatch(watch, busy, entry, fetcher.data, fetcher.formData);
  // React's "state from the previous render" pattern: this component renders again at once.
  if (next !== watch) setWatch(next);
  return { data: shownAnswer(next, fetcher.data) as T | undefined, saved: next.saved };
}

/**
 * The answer of a form posted through `fetcher`: its latest answer (`useLatestAnswer`) or, without
 * JavaScript, the page's action data, whichever names `form`. Every fetcher form reads its answer
 * here, so none can show an answer a later submission has replaced.
 */
export function useFormAnswer<A extends { form: string }>(form: string, fetcher: { state: string; data: unknown; formData?: FormData }, actionData: unknown): A | undefined {
  return answerFor<A>(form, useLatestAnswer(fetcher).data, actionData);
}

/**
 * `useFormAnswer`, and how many of the fetcher's posts were saved. A form keyed by that count
 * starts empty again after its own save only; keyed by the page's nonce, which every save on the
 * page renews, it lost what was typed in it whenever another row was saved or deleted (session 21 QA).
 */
export function useFormAnswerAndSaves<A extends { form: string }>(form: string, fetcher: { state: string; data: unknown; formData?: FormData }, actionData: unknown): [A | undefined, number] {
  const { data, saved } = useLatestAnswer(fetcher);
  return [answerFor<A>(form, data, actionData), saved];
}

/**
 * A form's disclosure (`<details>`) that closes again after its own successful post (a new
 * `saved` count, `useFormAnswerAndSaves`), unless `keepOpen` (a refusal to show, or an address that asks
 * for the form open). The user may have opened it by hand, so the `open` attribute alone would
 * not close it. Returns the ref for the `<details>`.
 */
export function useClosedAfterPost(saved: number, keepOpen: boolean) {
  const details = useRef<HTMLDetailsElement>(null);
  const lastSaved = useRef(saved);
  useEffect(() => {
    if (lastSaved.current === saved) return;
    lastSaved.current = saved;
    if (details.current && !keepOpen) details.current.open = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new save closes it
  }, [saved]);
  return details;
}

/**
 * A failure toast once per failed answer (the messages themselves sit beside the fields). Takes
 * the caller's `t`: a list calls this once per row, and useTranslation per row is costly on the server.
 */
export function useFailureToast(answer: Parameters<typeof formErrorOf>[0], t: (key: string) => string) {
  useEffect(() => {
    if (!answer || answer.ok || toasted.has(answer)) return;
    toasted.add(answer);
    showFailureToast(formErrorOf(answer, t) ?? t("ledger.pages.common.formErrors"));
  }, [answer, t]);
}

/**
 * Answers already toasted, across mounts: a form that remounts with the same answer (its list
 * reloaded after a 409) does not toast it twice. A new answer, even with the same text, toasts.
 */
const toasted = new WeakSet<object>();
