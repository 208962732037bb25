/** Small pieces shared by the ledger pages: money, form keys, selects, form results. */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { formErrorOf } from "./form-outage";
import { formatMoney } from "../../core/money";
import type { FieldErrors } from "./forms";
import * as l from "../styles/ledger.css";
import * as ui from "../styles/ui.css";
import { showFailureToast } from "./form-toasts";

/**
 * An amount for people: `S/ 1,234.50`, `-S/ 85.40`, `+S/ 100.00` with `signed`. The sign is part of
 * the text (so it reads without colour and for screen readers); colour only adds to it.
 */
export function Money({ minor, currency, signed = false, figure = false, className }: { minor: number; currency: string; signed?: boolean; figure?: boolean; className?: string }) {
  const variant = minor > 0 ? "in" : minor < 0 ? "out" : "zero";
  const text = formatMoney(minor, currency, { signDisplay: signed ? "exceptZero" : "auto" });
  // A figure may wrap when it is wider than the screen, and a line may break after a hyphen that
  // a letter follows: "-" alone on one line, "KWD 123,456,789.123" (which reads as money in) on
  // the next. So what comes before the first digit (sign and currency) is kept on one line, and
  // the line may break after it (<wbr>: the no-break space there would forbid it) rather than
  // inside the digits; digits too many for a phone's line at the figure's size are set smaller.
  const firstDigit = figure ? text.search(/\d/) : -1;
  const digits = firstDigit >= 0 ? text.length - firstDigit : 0;
  const size = digits >= 19 ? l.statValueLonger : digits >= 16 ? l.statValueLong : "";
  const classes = [signed ? l.amount[variant] : l.num, figure ? l.statValue : "", size, className ?? ""].filter(Boolean).join(" ");
  return (
    <span className={classes} data-minor={minor}>
      {firstDigit > 0 ? (
        <>
          <span className={l.figureHead}>{text.slice(0, firstDigit)}</span>
          <wbr />
          {text.slice(firstDigit)}
        </>
      ) : (
        text
      )}
    </span>
  );
}

/**
 * The custom properties that name a `labelledColumns` table's columns (ledger.css.ts), as CSS
 * strings: `--column-label-1` is the first column's name.
 */
export function columnLabelVars(labels: readonly string[]): CSSProperties {
  if (labels.length > l.COLUMN_LABELS_MAX) throw new Error(`labelledColumns styles ${l.COLUMN_LABELS_MAX} columns, not ${labels.length}`);
  const properties: Record<string, string> = {};
  labels.forEach((label, index) => {
    properties[`--column-label-${index + 1}`] = `"${label.replace(/[\\"]/g, "\\$&").replace(/\n/g, "\\A ")}"`;
  });
  // Custom properties are not among CSSProperties' keys; React renders them as written.
  return properties as CSSProperties;
}

/**
 * The hidden `idempotencyKey` of one form instance: the loader's per-render nonce plus the form's
 * name. The same rendered form submitted twice (double click, a retried POST, a re-sent page)
 * carries the same key, so the API answers the second from its record instead of posting again;
 * every successful post reloads the data and so renders fresh keys.
 */
export function FormKey({ nonce, form }: { nonce: string; form: string }) {
  return <input type="hidden" name="idempotencyKey" value={formKey(nonce, form)} />;
}

export function formKey(nonce: string, form: string): string {
  return `${nonce}.${form}`;
}

type SelectFieldProps = {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
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

/** `outage`: the submission met an outage (lib/form-outage.ts); the page words it in its language. */
export type FormResult = { form: string; ok: false; errors: FieldErrors; formError: string | null; outage?: true; values: Record<string, string> };

/** The result of one named form: from its fetcher (JavaScript) or the page's actionData (no JS). */
export function pickResult<R extends { form: string }>(form: string, fetcherData: unknown, actionData: unknown): R | undefined {
  const fromFetcher = fetcherData as R | undefined;
  if (fromFetcher && typeof fromFetcher === "object" && fromFetcher.form === form) return fromFetcher;
  const fromAction = actionData as R | undefined;
  if (fromAction && typeof fromAction === "object" && fromAction.form === form) return fromAction;
  return undefined;
}

/**
 * A fetcher's data while it is the answer to the latest submission; `undefined` once a later
 * submission ended without an answer of its own. React Router keeps a fetcher's data until new data
 * replaces it, and a successful post answers with a redirect, which brings none: without this, a
 * form that failed once and then succeeded showed the old failure again (its errors, its values
 * and a second failure toast) over the saved change, inviting the user to post the money twice.
 *
 * Worked out during render, not in an effect: the render that ends the submission is the one that
 * remounts the form with its fresh key, and its effects (the failure toast) run before any effect
 * of this component could.
 */
function useLatestAnswer<T>(fetcher: { state: string; data: T | undefined }): { data: T | undefined; saved: number } {
  const busy = fetcher.state !== "idle";
  // `before`: the data when the current (or last) submission began.
  const [seen, setSeen] = useState<{ busy: boolean; before: T | undefined; outdated: T | undefined; saved: number }>(() => ({ busy, before: fetcher.data, outdated: undefined, saved: 0 }));
  let { outdated, saved } = seen;
  if (busy !== seen.busy) {
    // A submission that ends with the data it began with was answered without data: the action's
    // redirect, that is, saved.
    if (!busy && fetcher.data === seen.before) {
      outdated = fetcher.data;
      saved += 1;
    }
    // React's "state from the previous render" pattern: this component renders again at once.
    setSeen({ busy, before: busy ? fetcher.data : seen.before, outdated, saved });
  }
  return { data: outdated !== undefined && fetcher.data === outdated ? undefined : fetcher.data, saved };
}

/**
 * The result of a form posted through `fetcher`: its latest answer (`useLatestAnswer`) or, without
 * JavaScript, the page's action data, whichever names `form`. Every fetcher form reads its result
 * here, so none can show an answer a later submission has replaced.
 */
export function useFormResult<R extends { form: string }>(form: string, fetcher: { state: string; data: unknown }, actionData: unknown): R | undefined {
  return pickResult<R>(form, useLatestAnswer(fetcher).data, actionData);
}

/**
 * `useFormResult`, and how many of the fetcher's posts were saved. A form keyed by that count
 * starts empty again after its own save only; keyed by the page's nonce, which every save on the
 * page renews, it lost what was typed in it whenever another row was saved or deleted (session 21 QA).
 */
export function useFormResultAndSaves<R extends { form: string }>(form: string, fetcher: { state: string; data: unknown }, actionData: unknown): [R | undefined, number] {
  const { data, saved } = useLatestAnswer(fetcher);
  return [pickResult<R>(form, data, actionData), saved];
}

/**
 * A form's disclosure (`<details>`) that closes again after its own successful post (a new
 * `saved` count, `useFormResultAndSaves`), unless `keepOpen` (a refusal to show, or an address that asks
 * for the form open). The user may have opened it by hand, so the `open` attribute alone would
 * not close it. Returns the ref for the `<details>`.
 */
export function useClosedAfterPost(saved: number, keepOpen: boolean) {
  const details = useRef<HTMLDetailsElement>(null);
  const lastSaved = useRef(saved);
  useEffect(() => {
    if (lastSaved.current === saved) return;
    lastSaved.current = saved;
    if (details.current && !keepOpen) details.current.open = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new save closes it
  }, [saved]);
  return details;
}

/**
 * A failure toast once per failed answer (the messages themselves sit beside the fields). Takes
 * the caller's `t`: a list calls this once per row, and useTranslation per row is costly on the server.
 */
export function useFailureToast(result: Parameters<typeof formErrorOf>[0], t: (key: string) => string) {
  useEffect(() => {
    if (!result || result.ok || toasted.has(result)) return;
    toasted.add(result);
    showFailureToast(formErrorOf(result, t) ?? t("ledger.pages.common.formErrors"));
  }, [result, t]);
}

/**
 * A ledger form's refusal leaves the page's data as it is (React Router skips reloading after a
 * 4xx), except a 409: the record changed elsewhere (ADR 035), so the page and the form's copy
 * (`updatedAt`) are reloaded and saving again replaces it on purpose. For `shouldRevalidate`.
 */
export function reloadsAfterConflict({ formMethod, actionStatus }: { formMethod?: string; actionStatus?: number }): boolean {
  return formMethod !== undefined && formMethod !== "GET" && actionStatus === 409;
}

/**
 * Answers already toasted, across mounts: a form that remounts with the same answer (its list
 * reloaded after a 409) does not toast it twice. A new answer, even with the same text, toasts.
 */
const toasted = new WeakSet<object>();

export function Section({ title, id, children, actions }: { title: string; id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${ui.card} ${ui.stack}`}>
      <div className={l.headingRow}>
        <h2 id={id} className={l.sectionTitle}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
