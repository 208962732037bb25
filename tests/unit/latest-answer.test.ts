/** Which fetcher data a form shows (app/forms/latest-answer.ts), render by render, as React Router's state moves. */
import { describe, expect, it } from "vitest";
import { nextWatch, ownEntry, shownAnswer, watchAnswers, type FetcherEntry } from "../../app/forms/latest-answer";

/**
 * One render: the fetcher's state as `useFetcher()` gives it, its entry in React Router's state
 * while busy (`useFetchers()`), and the data of React Router's map, which may run ahead.
 */
type Render = { state: string; entry?: FetcherEntry; mapData: unknown; sending?: FormData };

/** The data shown and the saves counted after each render, as `useLatestAnswer` works them out. */
function play(renders: Render[]) {
  let watch = watchAnswers(renders[0]!.state !== "idle", renders[0]!.mapData);
  return renders.map(({ state, entry, mapData, sending }) => {
    watch = nextWatch(watch, state !== "idle", entry, mapData, sending);
    return { data: shownAnswer(watch, mapData), saved: watch.saved };
  });
}

const preview = { stage: "preview" };
const done = { stage: "done" };
const refusal = { ok: false };
const submitting = (data?: unknown): FetcherEntry => ({ state: "submitting", data });
const loading = (data?: unknown): FetcherEntry => ({ state: "loading", data });

describe("the answer a fetcher form shows", () => {
  it("keeps an answer that the map had before the state said so (a loaded machine): the summary stays", () => {
    const shown = play([
      { state: "idle", mapData: preview },
      // Still "submitting", but the map already holds the answer.
      { state: "submitting", entry: submitting(), mapData: done },
      { state: "loading", entry: loading(done), mapData: done },
      { state: "idle", mapData: done },
    ]);
    expect(shown.map((render) => render.data)).toEqual([preview, done, done, done]);
    expect(shown.at(-1)!.saved).toBe(0);
  });

  it("keeps such an answer even when no render saw the fetcher loading", () => {
    const shown = play([
      { state: "idle", mapData: preview },
      { state: "submitting", entry: submitting(), mapData: done },
      { state: "idle", mapData: done },
    ]);
    expect(shown.map((render) => render.data)).toEqual([preview, done, done]);
    expect(shown.at(-1)!.saved).toBe(0);
  });

  it("hides the last refusal once a submission ends with a redirect (saved), and counts the save", () => {
    const shown = play([
      { state: "idle", mapData: refusal },
      { state: "submitting", entry: submitting(), mapData: refusal },
      { state: "loading", entry: loading(undefined), mapData: refusal },
      { state: "idle", mapData: refusal },
    ]);
    expect(shown.map((render) => render.data)).toEqual([refusal, refusal, refusal, undefined]);
    expect(shown.at(-1)!.saved).toBe(1);
  });

  it("tells a redirect by the map's data unchanged when no render saw the fetcher loading", () => {
    const shown = play([
      { state: "idle", mapData: refusal },
      { state: "submitting", entry: submitting(), mapData: refusal },
      { state: "idle", mapData: refusal },
    ]);
    expect(shown.map((render) => render.data)).toEqual([refusal, refusal, undefined]);
    expect(shown.at(-1)!.saved).toBe(1);
  });

  it("believes the entry over the map: a render that saw the answer while idle does not make it a redirect", () => {
    const shown = play([
      { state: "idle", mapData: preview },
      // A render outside the router's transitions: the answer is in, the state not yet busy.
      { state: "idle", mapData: done },
      { state: "submitting", entry: submitting(), mapData: done },
      { state: "loading", entry: loading(done), mapData: done },
      { state: "idle", mapData: done },
    ]);
    expect(shown.at(-1)).toEqual({ data: done, saved: 0 });
  });

  it("shows a new refusal after a hidden one, and counts each save", () => {
    const second = { ok: false };
    const shown = play([
      { state: "idle", mapData: refusal },
      { state: "loading", entry: loading(undefined), mapData: refusal },
      { state: "idle", mapData: refusal },
      { state: "submitting", entry: submitting(), mapData: refusal },
      { state: "loading", entry: loading(second), mapData: second },
      { state: "idle", mapData: second },
      { state: "loading", entry: loading(undefined), mapData: second },
      { state: "idle", mapData: second },
    ]);
    expect(shown.map((render) => render.data)).toEqual([refusal, refusal, undefined, undefined, second, second, second, undefined]);
    expect(shown.at(-1)!.saved).toBe(2);
  });

  it("starts over when a second submission follows the first with no idle render between: the first's refusal is not the second's answer", () => {
    const first = new FormData();
    const second = new FormData();
    const shown = play([
      { state: "idle", mapData: undefined },
      { state: "submitting", entry: submitting(), mapData: undefined, sending: first },
      { state: "loading", entry: loading(refusal), mapData: refusal, sending: first },
      // The second post, its answer a redirect that no loading render shows.
      { state: "submitting", entry: submitting(), mapData: refusal, sending: second },
      { state: "idle", mapData: refusal },
    ]);
    expect(shown.map((render) => render.data)).toEqual([undefined, undefined, refusal, refusal, undefined]);
    expect(shown.at(-1)!.saved).toBe(1);
  });

  it("finds its entry by the submission it sends, among the others", () => {
    const mine = new FormData();
    const entries = [{ state: "submitting", formData: new FormData() }, { state: "loading", formData: mine, data: done }];
    expect(ownEntry(entries, mine)).toBe(entries[1]);
    expect(ownEntry(entries, undefined)).toBeUndefined();
  });

  it("returns the same watch when a render changes nothing, so the hook does not render again", () => {
    const watch = watchAnswers(false, preview);
    expect(nextWatch(watch, false, undefined, preview)).toBe(watch);
    const busy = nextWatch(watch, true, loading(done), done);
    expect(nextWatch(busy, true, loading(done), done)).toBe(busy);
  });
});
