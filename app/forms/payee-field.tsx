/**
 * The payee field, with the payees used before as suggestions (a native `<datalist>`: every
 * browser and screen reader knows it). Choosing one brings its last category (`onPayeeCategory`).
 * Without JavaScript it is a plain text field. Suggestions come from /resources/payees.
 */
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { Translate } from "../../core/i18n/translate";
import { TEXT_LIMITS } from "../../core/input-limits";
import { Field } from "../ui/ui";

export type PayeeSuggestion = { name: string; categoryId: string | null };

type PayeeFieldProps = { id: string; label: string; defaultValue: string; error?: string | undefined; t: Translate; onPayeeCategory: (categoryId: string) => void };

export function PayeeField({ id, label, defaultValue, error, t, onPayeeCategory }: PayeeFieldProps) {
  const fetcher = useFetcher<{ payees: PayeeSuggestion[] }>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const payees = fetcher.data?.payees ?? [];
  useEffect(() => () => clearTimeout(timer.current), []);
  const listId = `${id}-suggestions`;
  return (
    <>
      <Field
        id={id}
        label={label}
        name="payee"
        maxLength={TEXT_LIMITS.payee}
        defaultValue={defaultValue}
        error={error}
        list={listId}
        autoComplete="off"
        // The last payees first, as soon as the field is entered; then those the typed text starts.
        onFocus={() => {
          if (fetcher.state === "idle" && !fetcher.data) void fetcher.load("/resources/payees");
        }}
        onChange={(event) => {
          const text = event.currentTarget.value;
          const chosen = payees.find((payee) => payee.name.toLocaleLowerCase() === text.trim().toLocaleLowerCase());
          if (chosen?.categoryId) onPayeeCategory(chosen.categoryId);
          clearTimeout(timer.current);
          if (chosen) return;
          timer.current = setTimeout(() => void fetcher.load(`/resources/payees?q=${encodeURIComponent(text.trim())}`), 200);
        }}
      />
      <datalist id={listId} aria-label={t("ledger.moneyInOut.payees.suggestions")} data-testid="payee-suggestions">
        {payees.map((payee) => (
          <option key={payee.name} value={payee.name} />
        ))}
      </datalist>
    </>
  );
}
