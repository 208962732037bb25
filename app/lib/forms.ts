/**
 * One way to validate a form on both sides: the same zod schema runs in the browser (before
 * submit) and in the action (before calling the API). Issue messages are i18n keys.
 */
import { useState, type FormEvent } from "react";
import type { TFunction } from "i18next";
import type { z } from "zod";
import { issuesByField } from "./schemas/auth";

export type FieldErrors = Record<string, string>;

/** FormData → plain object; repeated names keep the last value, files are dropped. */
export function formValues(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of formData.entries()) if (typeof value === "string") out[key] = value;
  return out;
}

export function translateIssues(error: z.ZodError, t: TFunction): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, keys] of Object.entries(issuesByField(error))) if (keys[0]) out[field] = t(keys[0]);
  return out;
}

export function parseForm<S extends z.ZodType>(schema: S, formData: FormData, t: TFunction): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(formValues(formData));
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: translateIssues(result.error, t) };
}

/**
 * Client-side check with the action's schema: blocks the submit and shows the messages beside the
 * fields; without JavaScript the action does the same check and answers with the same messages.
 */
export function useClientValidation<S extends z.ZodType>(schema: S, t: TFunction, serverErrors: FieldErrors | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  if (serverErrors !== lastServerErrors) {
    setLastServerErrors(serverErrors);
    setClientErrors(null);
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = parseForm(schema, new FormData(event.currentTarget), t);
    if (result.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(result.errors);
    const first = Object.keys(result.errors)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
  }
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit };
}
