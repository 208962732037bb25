/**
 * The form fields beside `Field` (ui/ui.tsx): a labelled select and a labelled textarea, with their
 * hint and error tied to them for screen readers.
 */
import type { Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import * as l from "../styles/ledger.css";
import * as ui from "../styles/ui.css";

type SelectFieldProps = {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
  /** React 19 passes a ref as a prop: the transaction form sets the category a payee brings. */
  ref?: Ref<HTMLSelectElement>;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "className">;

export function SelectField({ label, name, error, hint, options, id, className, ...select }: SelectFieldProps) {
  const selectId = id ?? `field-${name}`;
  const describedBy = [hint ? `${selectId}-hint` : null, error ? `${selectId}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`${ui.field}${className ? ` ${className}` : ""}`}>
      <label className={ui.label} htmlFor={selectId}>
        {label}
      </label>
      <select id={selectId} name={name} className={l.select} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${selectId}-hint`} className={ui.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${selectId}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextareaField({ label, name, error, id, className, ...area }: { label: string; name: string; error?: string | undefined; className?: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className">) {
  const areaId = id ?? `field-${name}`;
  return (
    <div className={`${ui.field}${className ? ` ${className}` : ""}`}>
      <label className={ui.label} htmlFor={areaId}>
        {label}
      </label>
      <textarea id={areaId} name={name} className={l.textarea} aria-invalid={error ? true : undefined} aria-describedby={error ? `${areaId}-error` : undefined} {...area} />
      {error ? (
        <p id={`${areaId}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
