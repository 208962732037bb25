import type { Account } from "../../../core/api-types/ledger";
import { currencyOptionLabel } from "../../../core/money";
import { currencyPickerList } from "../../../core/schemas/ledger";
import type { CurrencyOption } from "./account-form";

const CURRENCY_OPTIONS = new Map<string, CurrencyOption[]>();
/**
 * The picker's options, named on the server in the page's language (the browser's own names could
 * differ and break hydration); the same for every request, so made once per language. Then the
 * currencies no longer offered that the user's accounts hold (HRK), named here too.
 */
export function currencyOptions(locale: string, accounts: Account[]): CurrencyOption[] {
  let options = CURRENCY_OPTIONS.get(locale);
  if (!options) {
    options = currencyPickerList().map((code) => ({ code, label: currencyOptionLabel(code, locale) }));
    CURRENCY_OPTIONS.set(locale, options);
  }
  const offered = options;
  const held = [...new Set(accounts.map((account) => account.currency))].filter((code) => !offered.some((option) => option.code === code));
  return held.length ? [...options, ...held.map((code) => ({ code, label: currencyOptionLabel(code, locale), held: true as const }))] : options;
}
