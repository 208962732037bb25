/** Which fetcher data a form shows (app/forms/latest-answer.ts), render by render. */
import { describe, expect, it } from "vitest";
import { nextWatch, shownAnswer, watchAnswers, type AnswerWatch } from "../../app/forms/latest-answer";

type Render = [busy: boolean, data: object | undefined];

/** The data shown at each render of the sequence, and the saves counted at the end. */
function play(renders: Render[]) {
  const [first, ...rest] = renders;
  let watch: AnswerWatch<object> = watchAnswers(first![0], first![1]);
  const shown = [shownAnswer(watch, first![1])];
  for (const [busy, data] of rest) {
    watch = nextWatch(watch, busy, data);
    shown.push(shownAnswer(watch, data));
  }
  return { shown, saved: watch.saved };
}

const preview = { stage: "preview" };
const done = { stage: "done" };
const refusal = { ok: false };

describe("the answer a fetcher form shows", () => {
  it("shows an answer from the render it arrives in to the end", () => {
    const { shown, saved } = play([[false, preview], [true, preview], [true, done], [false, done]]);
    expect(shown).toEqual([preview, preview, done, done]);
    expect(saved).toBe(0);
  });

  it("keeps an answer that a busy render saw before the state caught up (the data runs ahead)", () => {
    // The first busy render already reads the answer from React Router's map: it is still the answer.
    const { shown, saved } = play([[false, preview], [true, done], [true, done], [false, done]]);
    expect(shown).toEqual([preview, done, done, done]);
    expect(saved).toBe(0);
  });

  it("hides a refusal once a later submission ends without data (a redirect: saved)", () => {
    const { shown, saved } = play([[false, undefined], [true, undefined], [false, refusal], [true, refusal], [false, refusal]]);
    expect(shown).toEqual([undefined, undefined, refusal, refusal, undefined]);
    expect(saved).toBe(1);
  });

  it("shows a new refusal after a hidden one, and counts each save", () => {
    const second = { ok: false };
    const { shown, saved } = play([[false, refusal], [true, refusal], [false, refusal], [true, refusal], [false, second], [true, second], [false, second]]);
    expect(shown).toEqual([refusal, refusal, undefined, undefined, second, second, undefined]);
    expect(saved).toBe(2);
  });

  it("returns the same watch when a render changes nothing, so the hook does not render again", () => {
    const watch = watchAnswers<object>(false, preview);
    expect(nextWatch(watch, false, preview)).toBe(watch);
    const busy = nextWatch(watch, true, preview);
    expect(nextWatch(busy, true, done)).toBe(busy);
  });
});
