/**
 * Which of a fetcher's data is the answer to its latest submission, worked out one render at a
 * time (`useLatestAnswer` in use-form-answer.ts keeps the state in React).
 *
 * React Router keeps a fetcher's data until new data replaces it, and a successful post answers
 * with a redirect, which brings none: a submission that ends without new data leaves the previous
 * answer (say a refusal) in `data`, and showing it again over the saved change invites the user to
 * post the money twice. Such data is "outdated".
 *
 * The data and the state do not move together: React Router writes a fetcher's data into a map
 * as soon as the answer arrives, while the state (`submitting`, `loading`, `idle`) reaches React
 * in a transition, which a busy machine renders later. So a render can see the state still
 * "submitting" with the answer already in (a concurrent render reads the map mid-way). Taking the
 * data of the first busy render as "what the submission began with" then took a real answer for no
 * answer: the import summary that came and went on a loaded machine (session 32). What a
 * submission is compared with here is the data of the last render before it that saw the fetcher
 * idle. An answer reaches that render only if the render runs outside the router's transitions
 * between the answer and the busy state; then the answer is hidden, never an old refusal shown.
 */
export type AnswerWatch<T> = {
  /** Whether the fetcher was busy at the last render. */
  busy: boolean;
  /** The data at the last render that saw the fetcher idle. */
  settled: T | undefined;
  /** Data left from before a submission that ended without an answer of its own. */
  outdated: T | undefined;
  /** How many submissions ended without an answer: saved, by the action's redirect. */
  saved: number;
};

export function watchAnswers<T>(busy: boolean, data: T | undefined): AnswerWatch<T> {
  return { busy, settled: data, outdated: undefined, saved: 0 };
}

/** The watch after a render that sees `busy` and `data`; the same object when nothing changed. */
export function nextWatch<T>(watch: AnswerWatch<T>, busy: boolean, data: T | undefined): AnswerWatch<T> {
  if (busy) return watch.busy ? watch : { ...watch, busy };
  if (!watch.busy && data === watch.settled) return watch;
  // A submission ended with the data it began with: it was answered without data, by the
  // action's redirect, that is, saved.
  const unanswered = watch.busy && data === watch.settled;
  return {
    busy,
    settled: data,
    outdated: unanswered ? data : watch.outdated,
    saved: unanswered ? watch.saved + 1 : watch.saved,
  };
}

/** The data to show: none while it is what an answered-by-redirect submission left behind. */
export function shownAnswer<T>(watch: AnswerWatch<T>, data: T | undefined): T | undefined {
  return watch.outdated !== undefined && data === watch.outdated ? undefined : data;
}
