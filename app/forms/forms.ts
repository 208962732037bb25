/**
 * One way to validate a form on both sides: the same zod schema runs in the browser (before
 * submit) and in the action (before calling the API). Issue messages are i18n keys.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Translate } from "../../core/i18n/translate";
import type { z } from "zod";
import { issuesByField } from "../../core/schemas/validation-issues";

export type FieldErrors = Record<string, string>;

/** FormData → plain object; repeated names keep the last value, files are dropped. */
export function formValues(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of formData.entries()) if (typeof value === "string") out[key] = value;
  return out;
}

/**
 * The field a page rendered after a refusal should focus (`autoFocus`), in the form's order. It
 * matters without JavaScript, where the answer is a new page and focus would start at its top;
 * with JavaScript the fields are already there and `useClientValidation` moves focus instead.
 */
export function firstInvalid(errors: FieldErrors | undefined, order: readonly string[]): string | undefined {
  return errors ? order.find((name) => errors[name]) : undefined;
}

export function translateIssues(error: z.ZodError, t: Translate): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, keys] of Object.entries(issuesByField(error))) if (keys[0]) out[field] = t(keys[0]);
  return out;
}

/** Checks beside a schema's, for rules it cannot see (an amount's currency: lib/amount-checks.ts). */
export type ExtraChecks = (values: Record<string, string>, t: Translate) => FieldErrors;

/** The schema's errors and the extra checks' together (a field keeps its schema error), so one submit shows them all. */
export function parseForm<S extends z.ZodType>(schema: S, formData: FormData, t: Translate, extra?: ExtraChecks): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const values = formValues(formData);
  const result = schema.safeParse(values);
  const more = extra?.(values, t) ?? {};
  if (result.success && !Object.keys(more).length) return { ok: true, data: result.data };
  return { ok: false, errors: withMoreErrors(result.success ? {} : translateIssues(result.error, t), more) };
}

/** A form's errors and those of more checks; a field keeps the problem found for it first. */
export function withMoreErrors(errors: FieldErrors, more: FieldErrors): FieldErrors {
  const merged = { ...errors };
  for (const [field, message] of Object.entries(more)) merged[field] ??= message;
  return merged;
}

/**
 * Client-side check with the action's schema: blocks the submit and shows the messages beside the
 * fields; without JavaScript the action does the same check and answers with the same messages.
 *
 * Pass a loader (`() => import("./schemas/x").then((m) => m.schema)`) to keep the schema, and zod
 * with it, out of the page's first load: it is fetched when the user first focuses the form, and
 * a submit waits for it if needed, then goes on by itself. A schema passed directly also works.
 * A schema built per currency is loaded again when its source changes (keep a loader stable with
 * useCallback, or it is asked for again at each use: cheap, the module is already there).
 */
export function useClientValidation<S extends z.ZodType>(schemaOrLoader: S | (() => Promise<S>), t: Translate, serverErrors: FieldErrors | undefined, extra?: ExtraChecks) {
  const loadSchema = "safeParse" in schemaOrLoader ? () => Promise.resolve(schemaOrLoader) : schemaOrLoader;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  // The schema loaded for this source: a new one (another currency's) is loaded when first needed.
  const loaded = useRef<{ source: S | (() => Promise<S>); schema: Promise<S> } | null>(null);
  const passed = useRef(false);
  // A check on its way (the schema still loading): another submit meanwhile is the same one.
  const checking = useRef(false);
  if (serverErrors !== lastServerErrors) {
    setLastServerErrors(serverErrors);
    setClientErrors(null);
  }
  const load = () => {
    if (loaded.current?.source !== schemaOrLoader) {
      const entry = { source: schemaOrLoader, schema: loadSchema() };
      // A load that failed (offline) is not kept: the next focus or submit asks again.
      entry.schema.catch(() => {
        if (loaded.current === entry) loaded.current = null;
      });
      loaded.current = entry;
    }
    return loaded.current.schema;
  };
  // The form last sent from here: when the server answers it with field errors (rules only the
  // server can check, such as a transfer's currencies), focus goes to the first one, as it does
  // for the errors found in the browser. (A refusal of the whole form, a wrong password, keeps
  // focus where it was: useFocusKeptThroughSubmits in the root.)
  const sentForm = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    if (!serverErrors || !Object.keys(serverErrors).length || !sentForm.current?.isConnected) return;
    sentForm.current.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    sentForm.current = null;
  }, [serverErrors]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Second pass, after our own check passed: let React Router take the submit.
    if (passed.current) {
      passed.current = false;
      sentForm.current = event.currentTarget;
      return;
    }
    event.preventDefault();
    if (checking.current) return;
    checking.current = true;
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // A new task: a submit requested while this submit event is still dispatching is ignored.
    const submitAgain = () =>
      setTimeout(() => {
        passed.current = true;
        form.requestSubmit(submitter);
      }, 0);
    void load().then(
      (loaded) => {
        checking.current = false;
        const result = parseForm(loaded, new FormData(form), t, extra);
        if (result.ok) {
          setClientErrors(null);
          submitAgain();
          return;
        }
        setClientErrors(result.errors);
        const first = Object.keys(result.errors)[0];
        if (first) form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
      },
      // The schema chunk did not load: the server checks the same rules.
      () => {
        checking.current = false;
        submitAgain();
      },
    );
  }
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit, onFocus: () => void load() };
}
