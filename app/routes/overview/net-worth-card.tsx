/**
 * Net worth in the reporting currency (ADR 056), beside the per-currency balances, never instead:
 * "≈ S/ 12,345.67", then for each currency converted whose rate it took and for which day
 * ("USD at BCRP sell 3.745, 27 Nov 2026"), assets and debts apart, and each currency without a
 * rate named and left out.
 */
import { Link } from "react-router";
import type { NetWorthOut, RateUsed } from "../../../core/api-types/rates";
import { formatDay } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import type { Translate } from "../../../core/i18n/translate";
import { useTranslation } from "../../i18n/use-translation";
import { Money } from "../../ui/money";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

/** "BCRP sell 3.745, 27 Nov 2026" or "your rate 3.71, from 1 Jan 2026": whose rate, and its day. */
export function rateWhose(rate: Pick<RateUsed, "rate" | "source" | "day">, t: Translate, language: string): string {
  return t(rate.source === "user" ? "ledger.rates.whose.user" : "ledger.rates.whose.bcrp", { rate: rate.rate, date: formatDay(rate.day, language) });
}

export function NetWorthCard({ netWorth }: { netWorth: NetWorthOut }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { currency } = netWorth;
  // An official rate from before today (a weekend, a holiday): said plainly, with its day.
  const older = netWorth.rates.find((rate) => rate.source === "bcrp" && rate.day < netWorth.asOf);
  return (
    <div className={`${l.stat} ${ui.stack}`} data-testid="net-worth" style={{ gap: "0.25rem" }}>
      <span className={l.statLabel}>
        {t("ledger.rates.netWorth.title")} · {t("ledger.rates.netWorth.inCurrency", { currency })}
      </span>
      <span>
        <span aria-hidden="true">≈ </span>
        <Money minor={netWorth.netMinor} currency={currency} figure />
      </span>
      <ul className={l.small} style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid="net-worth-rates">
        {netWorth.rates.map((rate) => (
          <li key={rate.currency}>{t("ledger.rates.netWorth.at", { currency: rate.currency, how: rateWhose(rate, t, language) })}</li>
        ))}
        <li>
          {t("ledger.rates.netWorth.assets")} {formatMoney(netWorth.assetsMinor, currency)} · {t("ledger.rates.netWorth.debts")} {formatMoney(netWorth.debtsMinor, currency)}
        </li>
        {netWorth.unconverted.map((left) => (
          <li key={left.currency} data-testid="net-worth-no-rate">
            {t("ledger.rates.netWorth.noRate", { currency: left.currency, amount: formatMoney(left.balanceMinor, left.currency) })}
          </li>
        ))}
        {older ? <li>{t("ledger.rates.netWorth.olderRate", { date: formatDay(older.day, language) })}</li> : null}
        <li>
          {t("ledger.rates.netWorth.hint")}{" "}
          <Link to="/settings#rates" className={ui.button.link}>
            {t("ledger.rates.netWorth.settings")}
          </Link>
        </li>
      </ul>
    </div>
  );
}
