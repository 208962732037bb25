/**
 * What a transfer between currencies got beside BCRP's rate of its day (issue 38, ADR 056), said
 * under its row: "Rate you got 3.71, BCRP 3.745: S/ 17.50 less". Worked out once per table from the
 * list's `include=transferRates`, not once per row.
 */
import type { TransferRateOut } from "../../../core/api-types/rates";
import type { Translate } from "../../../core/i18n/translate";
import { formatMoney } from "../../../core/money";

/** The sentence per transfer id. */
export function transferRateTexts(t: Translate, rates: readonly TransferRateOut[] | undefined): ReadonlyMap<string, string> {
  const texts = new Map<string, string>();
  for (const rate of rates ?? []) texts.set(rate.transferId, transferRateText(t, rate));
  return texts;
}

export function transferRateText(t: Translate, rate: TransferRateOut): string {
  const { effective, official, differenceMinor } = rate;
  if (!official || differenceMinor === null) return t("ledger.rates.transfer.noOfficial", { rate: effective });
  if (differenceMinor === 0) return t("ledger.rates.transfer.same", { rate: effective });
  const amount = formatMoney(Math.abs(differenceMinor), rate.quote.currency);
  return t(differenceMinor < 0 ? "ledger.rates.transfer.less" : "ledger.rates.transfer.more", { rate: effective, official: official.rate, amount });
}
