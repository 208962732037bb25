/**
 * Which data is the answer to a fetcher form's latest submission (`useLatestAnswer` in
 * use-form-answer.ts keeps the state in React; these steps are pure, to be tested).
 *
 * `useFetcher()` gives two things that do not move together. Its `state` comes from React Router's
 * state, which reaches React in a transition; its `data` comes from a map React Router writes as
 * soon as an answer arrives, and keeps when a submission brings none (a successful post answers
 * with a redirect). So after a redirect the previous answer (say a refusal) stays in `data`: shown
 * again over the saved change, it would invite the user to post the money twice. And a render can
 * see "submitting" with the answer already in the map: taking that data for what the submission
 * began with took the real answer for none on a loaded machine (the import summary that came and
 * went, session 32).
 *
 * While a fetcher is busy, React Router's state (`useFetchers()`) holds its entry, whose data moves
 * with its state: while loading after the action, the action's answer, or none when the action
 * redirected. (An idle fetcher leaves that list, so the map's data is all there is then.) The entry
 * is found by the submission it is sending, the same FormData object `useFetcher()` gives; it says
 * whether the submission was answered, whatever the map held at the time. Only if no render saw
 * it loading (React may skip a state) is that guessed: answered if the map's data changed since the
 * last render that saw the fetcher idle.
 */
export type FetcherEntry = { state: string; formData?: FormData; data?: unknown };

/** Not seen: no render showed the entry in that state. */
const UNSEEN: unique symbol = Symbol("unseen");

export type AnswerWatch = {
  busy: boolean;
  /** The submission the busy fetcher is sending (a second one may follow with no idle render between). */
  sending: FormData | undefined;
  /** The map's data at the last render that saw the fetcher idle. */
  settled: unknown;
  /** Whether the action answered with data, from the entry while loading after it. */
  answered: boolean | typeof UNSEEN;
  /** The map's data when a submission ended without an answer: not shown. */
  outdated: unknown;
  /** Submissions that ended without an answer: saved, by the action's redirect. */
  saved: number;
};

export function watchAnswers(busy: boolean, mapData: unknown): AnswerWatch {
  return { busy, sending: undefined, settled: mapData, answered: UNSEEN, outdated: undefined, saved: 0 };
}

/** Our entry in React Router's state: the one sending our submission. */
export function ownEntry<E extends FetcherEntry>(entries: readonly E[], formData: FormData | undefined): E | undefined {
  return formData ? entries.find((entry) => entry.formData === formData) : undefined;
}

/** The watch after a render; the same object when nothing changed. */
export function nextWatch(watch: AnswerWatch, busy: boolean, entry: FetcherEntry | undefined, mapData: unknown, sending?: FormData): AnswerWatch {
  if (busy) {
    // A submission begins, or another follows the last with no idle render between: what was seen of
    // the last is not this one's, and its data is what this one began with.
    const next = !watch.busy || (sending !== undefined && sending !== watch.sending);
    const fresh: AnswerWatch = !next ? watch : { ...watch, busy, sending, answered: UNSEEN, settled: watch.busy ? mapData : watch.settled };
    if (entry?.state !== "loading" || fresh.answered === (entry.data !== undefined)) return fresh;
    return { ...fresh, answered: entry.data !== undefined };
  }
  if (!watch.busy) return mapData === watch.settled ? watch : { ...watch, settled: mapData };
  // The submission ended: answered as its entry said while loading, else if the map's data changed.
  const answered = watch.answered !== UNSEEN ? watch.answered : mapData !== watch.settled;
  return answered ? { ...watch, busy, sending: undefined, settled: mapData } : { ...watch, busy, sending: undefined, settled: mapData, outdated: mapData, saved: watch.saved + 1 };
}

/** The data to show: none while it is what an answered-by-redirect submission left behind. */
export function shownAnswer(watch: AnswerWatch, mapData: unknown): unknown {
  return watch.outdated !== undefined && mapData === watch.outdated ? undefined : mapData;
}
