import type { Translate } from "../../../core/i18n/translate";
import { TEXT_LIMITS } from "../../../core/input-limits";
import { TRANSACTION_STATUSES } from "../../../core/ledger-values";
import { SelectField, TextareaField } from "../../forms/fields";
import * as l from "../../styles/ledger.css";

type StatusAndNotesProps = { prefix: string; status: string; notes: string; errors: Partial<Record<string, string>>; t: Translate };

/** Status and notes: the same two fields in the transaction form and the transfer form. */
export function StatusAndNotesFields({ prefix, status, notes, errors, t }: StatusAndNotesProps) {
  return (
    <>
      <SelectField
        id={`${prefix}-status`}
        label={t("ledger.fields.status")}
        name="status"
        defaultValue={status}
        error={errors.status}
        options={TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`ledger.statuses.${s}`) }))}
      />
      <TextareaField
        id={`${prefix}-notes`}
        label={`${t("ledger.fields.notes")} (${t("ledger.pages.common.optional")})`}
        name="notes"
        maxLength={TEXT_LIMITS.notes}
        rows={2}
        defaultValue={notes}
        error={errors.notes}
        className={l.wide}
      />
    </>
  );
}
