/** Small shared pieces: tooltip provider, progress, page title, form field. */
import * as Progress from "@radix-ui/react-progress";
import * as Tooltip from "@radix-ui/react-tooltip";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import * as ui from "../styles/ui.css";
import { PROGRESS_MAX, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "../ui-constants";

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </Tooltip.Provider>
  );
}

export function ProgressBar({ value, max = PROGRESS_MAX, label }: { value: number; max?: number; label: string }) {
  return (
    <Progress.Root value={value} max={max} aria-label={label} style={{ height: 8, background: "var(--color-border)", borderRadius: 4, overflow: "hidden" }}>
      <Progress.Indicator style={{ height: "100%", width: `${(Math.min(value, max) / max) * 100}%`, background: "var(--color-primary)" }} />
    </Progress.Root>
  );
}

/** "Accounts · Tesoro"; React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title?: string }) {
  const root = useRouteLoaderData("root") as { appName?: string } | undefined;
  const appName = root?.appName ?? "Tesoro";
  return <title>{title ? `${title} · ${appName}` : appName}</title>;
}

type FieldProps = { label: string; name: string; error?: string | undefined; hint?: string | undefined } & InputHTMLAttributes<HTMLInputElement>;

export function Field({ label, name, error, hint, id, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ") || undefined;
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

/** A form-level error (what belongs to no single field), announced when it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className={ui.alert.error}>
      {message}
    </p>
  ) : null;
}
