/** Small shared pieces: progress, page title, form field. (Tooltips: ./tooltip.tsx.) */
import { Fragment, type InputHTMLAttributes, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { PASSWORD_MIN } from "../../core/input-limits";
import * as ui from "../styles/ui.css";
import { PROGRESS_MAX } from "./constants";

/**
 * A share drawn as a bar, announced as a progress bar with its percentage. The markup Radix
 * Progress drew (role and ARIA values), without its 3 KB of context and slot machinery on the
 * first visit (ADR 033). `over` (a budget spent past what it had) draws it in the error colour,
 * beside the words that say so.
 */
export function ProgressBar({ value, max = PROGRESS_MAX, label, over = false }: { value: number; max?: number; label: string; over?: boolean }) {
  const shown = Math.min(Math.max(value, 0), max);
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={shown} aria-valuetext={`${Math.round((shown / max) * 100)}%`} style={{ height: 8, background: "var(--color-border)", borderRadius: 4, overflow: "hidden" }}>
      <div style={{ height: "100%", width: `${(shown / max) * 100}%`, background: over ? "var(--color-error)" : "var(--color-primary)" }} data-over={over ? "true" : undefined} />
    </div>
  );
}

/**
 * A sentence that names an email address, which may break only before its "@" and its dots: a
 * long address on a phone otherwise broke wherever it reached the edge ("…@example.co" / "m").
 * `<wbr>` adds no character, so what is copied is the address as written.
 */
export function WithEmail({ text, email }: { text: string; email: string }): ReactNode {
  const at = text.indexOf(email);
  if (at < 0 || !email) return text;
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {text.slice(0, at)}
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
      {text.slice(at + email.length)}
    </>
  );
}

/** "Accounts · Tesoro"; React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title?: string }) {
  const root = useRouteLoaderData("root") as { appName?: string } | undefined;
  const appName = root?.appName ?? "Tesoro";
  return <title>{title ? `${title} · ${appName}` : appName}</title>;
}

/** `note`: the id of a text outside the field that also describes it (read before its hint). */
type FieldProps = { label: string; name: string; error?: string | undefined; hint?: string | undefined; note?: string | undefined } & InputHTMLAttributes<HTMLInputElement>;

export function Field({ label, name, error, hint, note, id, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const describedBy = [note ?? null, hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={inputId}>
        {label}
      </label>
      <input id={inputId} name={name} className={ui.input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p id={`${inputId}-hint`} className={ui.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A new password and its confirmation, the same on every form that sets one (sign-up, the mailed
 * link, settings), named as the shared schema's pair. Neither has a `maxLength`: the browser
 * would cut a longer pasted password without a word, so the user would set a password other
 * than the one they pasted (or be told the two differ); the schema says "too long" instead,
 * in the browser and on the server (docs/decisions/003-password-hashing.md).
 */
export function NewPasswordFields(props: {
  label: string;
  confirmLabel: string;
  hint: string;
  errors: { password?: string | undefined; confirmPassword?: string | undefined };
  ids?: { password: string; confirmPassword: string };
  /** Which of the two to focus when the page is rendered (the first refused field, without JavaScript). */
  autoFocus?: string | undefined;
}) {
  return (
    <>
      <Field label={props.label} name="password" id={props.ids?.password} type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} hint={props.hint} error={props.errors.password} autoFocus={props.autoFocus === "password"} />
      <Field label={props.confirmLabel} name="confirmPassword" id={props.ids?.confirmPassword} type="password" autoComplete="new-password" required error={props.errors.confirmPassword} autoFocus={props.autoFocus === "confirmPassword"} />
    </>
  );
}

/** A form-level error (what belongs to no single field), announced when it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className={ui.alert.error}>
      {message}
    </p>
  ) : null;
}
