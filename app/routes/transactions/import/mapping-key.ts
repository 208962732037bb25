/**
 * One text for a column mapping, the form's defaults filled in, so the mapping a preview was made
 * with and the one posted with "Import" can be compared: an import never uses columns the user
 * has not seen previewed (session 33 QA: a date format changed after the preview imported
 * 01/11 as January 11, silently). Shared by the mapping form and the import's action.
 */
import { IMPORT_OPTION_DEFAULTS, IMPORT_OPTIONS } from "../../../../core/ledger-values";

/** Widened so a column (no default) can be looked up too. */
const DEFAULTS: Readonly<Record<string, string>> = IMPORT_OPTION_DEFAULTS;

export function mappingKey(mapping: Readonly<Record<string, string | undefined>>): string {
  return new URLSearchParams(IMPORT_OPTIONS.map((key) => [key, mapping[key] || DEFAULTS[key] || ""])).toString();
}
