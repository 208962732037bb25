/** One group of the accounts page (a type of account, or the archived ones), with its totals per currency. */
import { useTranslation } from "../../i18n/use-translation";
import { Money } from "../../ui/money";
import type { Account } from "../../../core/api-types/ledger";
import { signIsCode, sumMinor } from "../../../core/money";
import { AccountCard } from "./account-card";
import type { CurrencyOption } from "./account-form";
import * as l from "../../styles/ledger.css";

type Totals = Array<{ currency: string; minor: number }>;

function totalsOf(accounts: Account[]): Totals {
  const by = new Map<string, number[]>();
  for (const account of accounts) by.set(account.currency, [...(by.get(account.currency) ?? []), account.balanceMinor]);
  return [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, values]) => ({ currency, minor: sumMinor(values) }));
}

export function AccountGroup(props: { id: string; title: string; accounts: Account[]; editing: Account | null; nonce: string; today: string; currencies: CurrencyOption[]; showTotals: boolean }) {
  const { t } = useTranslation();
  const totals = totalsOf(props.accounts);
  return (
    <section aria-labelledby={props.id} className={l.group} data-testid={props.id}>
      <div className={l.headingRow}>
        <h2 id={props.id} className={l.sectionTitle}>
          {props.title}
        </h2>
        {props.showTotals ? (
          <p className={l.totalsBar} style={{ margin: 0 }} aria-label={t("accountsPage.groupTotal", { type: props.title })}>
            {totals.map((total) => (
              <span key={total.currency}>
                {/* The code names a sign shared or unclear ("S/", "$"); where the sign is the code ("CLP 5,000") it would say it twice. */}
                {signIsCode(total.currency) ? null : (
                  <>
                    <span className={l.small}>{total.currency}</span>{" "}
                  </>
                )}
                <Money minor={total.minor} currency={total.currency} />
              </span>
            ))}
          </p>
        ) : null}
      </div>
      <ul className={l.cardGrid}>
        {props.accounts.map((account) => (
          <AccountCard key={account.id} account={account} editing={props.editing?.id === account.id ? props.editing : null} nonce={props.nonce} today={props.today} currencies={props.currencies} />
        ))}
      </ul>
    </section>
  );
}
