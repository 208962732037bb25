/**
 * What an action answers to a form, on every page (ADR 048): one shape, made by the constructors
 * below and read by the readers below (the React hooks that read it: use-form-answer.ts).
 *
 * A refusal names its form (`form`), carries the messages beside the fields (`errors`) and the
 * form's own (`formError`), and what was typed (`values`, never a password or the idempotency
 * key), so a page rendered without JavaScript shows it again. `outage`: the API or the app was
 * out of reach (form-outage.ts); the page words that in its language (`formErrorOf`). A form
 * that answers a success with data rather than a redirect (the camera's upload) says so with
 * `ok: true` and its own fields (`Saved`).
 *
 * A form's name is its intent, with the id of the row it belongs to where a page has one such
 * form per row (`update:<id>`, `category-edit:<id>`): `formNameOf` makes it from a submission, so
 * an outage met in the browser names the same form as the action's own refusal would.
 *
 * Free of runtime imports but react-router's `data` and form-echo: a browser-side import of
 * forms.ts (zod's helpers) would split shared chunks and add a file to first visits.
 */
import { data } from "react-router";
import { echoedValues } from "./form-echo";
import type { FieldErrors } from "./forms";

/** A refused form. `More`: fields a page adds to its refusals (a refusal met as an outage lacks them). */
export type FormRefusal<More extends object = Record<never, never>> = {
  form: string;
  ok: false;
  errors: FieldErrors;
  formError: string | null;
  outage?: true;
  values: Record<string, string>;
} & Partial<More>;

/** A form saved with an answer of its own (most forms answer a save with a redirect and no data). */
export type FormSaved<Saved extends object> = { form: string; ok: true } & Saved;

/** One form's answer: refused, or saved with `Saved`'s fields (never, for forms saved by a redirect). */
export type FormAnswer<Saved extends object = never, More extends object = Record<never, never>> = FormRefusal<More> | FormSaved<Saved>;

/** A refused form: messages beside the fields, and what was typed echoed back (no-JS keeps it). */
export function refusedAnswer<More extends object = Record<never, never>>(form: string, errors: FieldErrors, values: Record<string, string>, formError: string | null = null, status = 422, more?: More) {
  return data<FormRefusal<More>>({ form, ok: false, errors, formError, values: echoedValues(values), ...more } as FormRefusal<More>, { status });
}

/**
 * A form that met an outage, with what was typed. Status 503: it keeps React Router from reloading
 * the page's data, which would fail too. Worded by the page (`formErrorOf`): translating here
 * would import i18n into the route chunks, which splits it out of the entry chunk.
 */
export function outageAnswer(form: string, values: FormData | Record<string, string>) {
  return data<FormRefusal>({ form, ok: false, errors: {}, formError: null, outage: true, values: echoedValues(values) }, { status: 503 });
}

/** A form saved, with what the page shows of it. */
export function savedAnswer<Saved extends object>(form: string, saved: Saved) {
  return data<FormSaved<Saved>>({ form, ok: true, ...saved });
}

/**
 * A failed form's own message: the API's words, or the outage message in the page's language.
 * Takes anything shaped like an answer (`ok` may be missing), so a component's props can be loose.
 */
export function formErrorOf(answer: { ok?: boolean; formError?: string | null; outage?: true } | null | undefined, t: (key: string) => string): string | null {
  if (!answer || answer.ok) return null;
  return answer.outage ? t("errors.apiUnavailable") : (answer.formError ?? null);
}

/** The answer of one named form: from its fetcher (JavaScript) or the page's action data (no JS). */
export function answerFor<A extends { form: string }>(form: string, fetcherData: unknown, actionData: unknown): A | undefined {
  const fromFetcher = fetcherData as A | undefined;
  if (fromFetcher && typeof fromFetcher === "object" && fromFetcher.form === form) return fromFetcher;
  const fromAction = actionData as A | undefined;
  if (fromAction && typeof fromAction === "object" && fromAction.form === form) return fromAction;
  return undefined;
}

/** The form a submission answers to, where its intent names it (settings, camera). */
export function formOfIntent(formData: FormData): string {
  return String(formData.get("intent") ?? "");
}

/**
 * The form a submission answers to: its intent (or the intent it stands for, `aliases`), with the
 * id it names in `idField` when that form is one of a row's (`keyed`): `update:<id>`.
 */
export function formNameOf(idField: string, keyed: readonly string[], aliases: Record<string, string> = {}) {
  return (formData: FormData): string => {
    const intent = formOfIntent(formData);
    const form = aliases[intent] ?? intent;
    return keyed.includes(form) ? `${form}:${String(formData.get(idField) ?? "")}` : form;
  };
}

/**
 * A ledger form's refusal leaves the page's data as it is (React Router skips reloading after a
 * 4xx), except a 409: the record changed elsewhere (ADR 035), so the page and the form's copy
 * (`updatedAt`) are reloaded and saving again replaces it on purpose. For `shouldRevalidate`.
 */
export function reloadsAfterConflict({ formMethod, actionStatus }: { formMethod?: string; actionStatus?: number }): boolean {
  return formMethod !== undefined && formMethod !== "GET" && actionStatus === 409;
}
