/**
 * An amount's precision and range for its currency, checked in a form as the API checks them.
 * The shared schemas read an amount's format only, because its currency is another field or the
 * account's. Run beside the schema (`parseForm`'s and `useClientValidation`'s `extra`), one submit
 * shows every field's problem; before, the API's answer about the amount came only once the
 * schema's errors were fixed (QA, session 14).
 */
import type { Translate } from "../../core/i18n/translate";
import type { FieldErrors } from "./forms";
import { isCurrency } from "../../core/money";
import { checkAmount, THOUSANDS_POINT } from "../../core/ledger-values";

/** Currency of each amount field, or a function of the form's values that names them. */
type AmountFields = Record<string, string | undefined> | ((values: Record<string, string>) => Record<string, string | undefined>);

export function amountChecks(fields: AmountFields): (values: Record<string, string>, t: Translate) => FieldErrors {
  return (values, t) => {
    const errors: FieldErrors = {};
    for (const [name, currency] of Object.entries(typeof fields === "function" ? fields(values) : fields)) {
      const text = values[name]?.trim();
      if (!text || !currency || !isCurrency(currency)) continue;
      const result = checkAmount(text, currency);
      // A bad format is the schema's to name (a transfer's message differs from a transaction's);
      // a decimal comma passes the schema's pattern, so it is named here.
      if (result.ok || !(result.key === "ledger.errors.amountPrecision" || result.key === THOUSANDS_POINT || result.key === "ledger.errors.amountRange" || result.key === "ledger.errors.amountDecimalComma")) continue;
      errors[name] = t(result.key, { count: result.digits });
    }
    return errors;
  };
}
