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

/**
 * The mapping a form posts: each option given, and the header box as "false" when unticked (an
 * unticked box posts nothing). The upload's form has no box: the API guesses the header then.
 * Read so by the import's action and by the mapping form's "changed since the preview" mark.
 */
export function mappingFromForm(formData: FormData, { withHeaderBox }: { withHeaderBox: boolean }): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const key of IMPORT_OPTIONS) {
    const value = formData.get(key);
    if (typeof value === "string" && value !== "") mapping[key] = value;
  }
  if (withHeaderBox) mapping.header = formData.get("header") === "true" ? "true" : "false";
  return mapping;
}
