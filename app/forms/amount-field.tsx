/**
 * An amount with its direction (ADR 051): a "Money out" / "Money in" pair, then the figure without
 * a sign. Out is the default of a new movement; a typed minus still means out (the old habit, and
 * the app's own display format "S/ -132.70"). Typing does not turn the pair: a minus against a
 * chosen "Money in" is the form's error to name, not a choice to undo unseen (ADR 085).
 */
import type { InputHTMLAttributes } from "react";
import type { Translate } from "../../core/i18n/translate";
import { DIRECTIONS, type Direction } from "../../core/ledger-values";
import { Field } from "../ui/ui";
import * as a from "../styles/amount-field.css";
import * as ui from "../styles/ui.css";

type AmountFieldProps = {
  prefix: string;
  label: string;
  direction: Direction;
  onDirection: (direction: Direction) => void;
  error?: string | undefined;
  directionError?: string | undefined;
  note?: string | undefined;
  /** The way the money goes is not the form's to change (a transfer's leg): shown, not offered, and still posted. */
  fixedDirection?: boolean;
  /** The hint under the figure, when the caller's differs ("choose money out or in" is wrong where the pair is fixed). */
  hint?: string | undefined;
  t: Translate;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">;

export function AmountField({ prefix, label, direction, onDirection, error, directionError, note, fixedDirection = false, hint, t, onChange, ...input }: AmountFieldProps) {
  return (
    <div className={ui.stack} style={{ gap: "0.5rem" }}>
      <fieldset className={a.segmented} aria-describedby={directionError ? `${prefix}-direction-error` : undefined} data-testid="direction">
        <legend className={a.legend}>{t("ledger.moneyInOut.direction")}</legend>
        {DIRECTIONS.map((value) => (
          <label key={value} className={a.choice}>
            <input className={a.radio} type="radio" name="direction" value={value} checked={direction === value} disabled={fixedDirection} onChange={() => onDirection(value)} />
            {t(`ledger.moneyInOut.${value}`)}
          </label>
        ))}
        {/* Disabled radios are not posted: the fixed direction goes as a hidden field. */}
        {fixedDirection ? <input type="hidden" name="direction" value={direction} /> : null}
      </fieldset>
      {directionError ? (
        <p id={`${prefix}-direction-error`} className={ui.fieldError}>
          {directionError}
        </p>
      ) : null}
      <Field
        id={`${prefix}-amount`}
        label={label}
        name="amount"
        inputMode="decimal"
        required
        autoComplete="off"
        error={error}
        note={note}
        hint={hint ?? t("ledger.moneyInOut.amountHint")}
        onChange={onChange}
        {...input}
      />
    </div>
  );
}
