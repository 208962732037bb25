/** One account on the accounts page: its balance, its links, archive (asked first while it holds money) or restore, and its edit form when open. */
import { Archive, ArchiveRestore, Pencil } from "lucide-react";
import { Link, useActionData, useFetcher, useLocation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { FormKey } from "../../forms/idempotency-key";
import { Money } from "../../ui/money";
import { formatMoney, formatSignedMoneyInText } from "../../../core/money";
import { useHydrated } from "../../browser/use-hydrated";
import { useFailureToast, useFormAnswer } from "../../forms/use-form-answer";
import { type FormAnswer } from "../../forms/form-answer";
import type { Account } from "../../../core/api-types/ledger";
import { AccountForm, type CurrencyOption } from "./account-form";
import { CloseQuestionButton } from "../../ui/close-question-button";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

export function AccountCard({ account, editing, nonce, today, currencies }: { account: Account; editing: Account | null; nonce: string; today: string; currencies: CurrencyOption[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const actionData = useActionData<FormAnswer>();
  const archiveFetcher = useFetcher<FormAnswer>({ key: `account-archive-${account.id}` });
  const editFetcher = useFetcher<FormAnswer>({ key: `account-edit-${account.id}` });
  const editResult = useFormAnswer<FormAnswer>(`update:${account.id}`, editFetcher, actionData);
  const archiveResult = useFormAnswer<FormAnswer>(`archive:${account.id}`, archiveFetcher, actionData);
  useFailureToast(archiveResult, t);
  // Optimistic: the card shows its new state while the archive request runs.
  const pendingIntent = archiveFetcher.state !== "idle" ? archiveFetcher.formData?.get("intent") : null;
  const archived = pendingIntent ? pendingIntent === "archive" : account.archived;
  const isEditing = Boolean(editing) || Boolean(editResult);
  const asksFirst = !archived && account.balanceMinor !== 0;
  const hydrated = useHydrated();
  const archiveFields = (
    <>
      <FormKey nonce={nonce} form={`archive.${account.id}`} />
      <input type="hidden" name="accountId" value={account.id} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
    </>
  );
  const headingId = `account-${account.id}`;

  return (
    <li className={`${ui.card} ${l.accountCard}${pendingIntent ? ` ${l.rowBusy}` : ""}`} data-testid="account-card" aria-busy={pendingIntent ? true : undefined}>
      <div className={l.accountHead}>
        <h3 id={headingId} className={l.accountName}>
          {account.name}
        </h3>
        {archived ? <span className={l.badge}>{t("ledger.pages.accounts.archivedBadge")}</span> : null}
      </div>
      <p className={l.small} style={{ margin: 0 }}>
        {t(`ledger.accountTypes.${account.type}`)} · {account.currency}
        {account.institution ? ` · ${account.institution}` : ""}
        {account.number ? (
          <>
            {" · "}
            <MaskedNumber masked={account.number} shown={account.number} ending={(digits) => t("accountsPage.numberEnding", { digits })} />
          </>
        ) : null}
        {/* Masked, as the number is: enough to tell which code to share, in full in the edit form. */}
        {account.cci ? (
          <>
            {" · "}
            <MaskedNumber masked={account.cci} shown={t("accountsPage.cciOnCard", { cci: account.cci })} ending={(digits) => t("accountsPage.cciEnding", { digits })} />
          </>
        ) : null}
      </p>
      <div>
        <span className={l.statLabel}>{t("ledger.pages.accounts.balance")}</span>
        <div>
          <Money minor={account.balanceMinor} currency={account.currency} figure />
        </div>
        <span className={l.small}>{t("accountsPage.count", { count: account.transactionCount })}</span>
      </div>
      <div className={l.actions}>
        <Link to={`/accounts/${account.id}/transactions`} aria-label={t("accountsPage.transactionsOf", { name: account.name })}>
          {t("accountsPage.transactions")}
        </Link>
        <Link to={`/accounts?edit=${account.id}#${headingId}`} preventScrollReset className={ui.button.ghost} data-edit-of={account.id} aria-label={t("accountsPage.editTitle", { name: account.name })}>
          <Pencil size={16} aria-hidden="true" />
          {t("ledger.pages.common.edit")}
        </Link>
        {asksFirst ? null : (
          <archiveFetcher.Form method="post" action="/accounts" preventScrollReset>
            {archiveFields}
            {/* One id for Archive and Restore: focus follows the card to its new group (root's focus keeper). */}
            <button id={`archive-toggle-${account.id}`} type="submit" name="intent" value={archived ? "unarchive" : "archive"} className={ui.button.ghost} disabled={Boolean(pendingIntent)}>
              {archived ? <ArchiveRestore size={16} aria-hidden="true" /> : <Archive size={16} aria-hidden="true" />}
              {archived ? t("accountsPage.unarchive") : t("ledger.pages.accounts.archive")}
              <span className="visually-hidden"> {account.name}</span>
            </button>
          </archiveFetcher.Form>
        )}
      </div>
      {asksFirst ? (
        // An account with money or debt in it leaves the totals and net worth when archived, and its
        // schedules stop: asked first, in a disclosure so it asks without JavaScript too (ADR 086).
        <details className={l.details} data-testid="archive-question">
          {/* The card's one "archive-toggle" id: focus comes back here after a restore (root's focus keeper). */}
          <summary id={`archive-toggle-${account.id}`} className={l.summary}>
            <Archive size={16} aria-hidden="true" />
            {t("ledger.pages.accounts.archive")}
            <span className="visually-hidden"> {account.name}</span>
          </summary>
          <archiveFetcher.Form method="post" action="/accounts" preventScrollReset className={l.detailsBody} aria-label={`${t("ledger.pages.accounts.archive")} ${account.name}`}>
            {archiveFields}
            <p style={{ margin: 0 }}>{t("accountsPage.archiveQuestion", { name: account.name, balance: account.balanceMinor < 0 ? formatSignedMoneyInText(account.balanceMinor, account.currency) : formatMoney(account.balanceMinor, account.currency) })}</p>
            <div className={l.actions}>
              <button type="submit" name="intent" value="archive" className={ui.button.danger} disabled={Boolean(pendingIntent)} data-focus-as={`archive-toggle-${account.id}`}>
                {t("accountsPage.archiveYes")}
              </button>
              {/* Closes the question where it is (JavaScript only; without, its summary closes it). */}
              {hydrated ? <CloseQuestionButton>{t("accountsPage.archiveKeep")}</CloseQuestionButton> : null}
            </div>
          </archiveFetcher.Form>
        </details>
      ) : null}
      {isEditing ? (
        <div className={ui.stack} style={{ borderTop: "1px solid var(--color-border)", paddingTop: 16 }}>
          <h4 style={{ margin: 0 }}>{t("accountsPage.editTitle", { name: account.name })}</h4>
          {/* Not keyed by the page's nonce: archiving another account must not undo what is typed here. */}
          <AccountForm mode="update" account={editing ?? account} fetcher={editFetcher} result={editResult} nonce={nonce} today={today} currencies={currencies} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * A number as the API masks it (`•••• 1234`): four bullets are read aloud one by one, so a screen
 * reader hears `ending(digits)` ("ending in 1234") instead, or what is shown when no digit is left.
 */
function MaskedNumber({ masked, shown, ending }: { masked: string; shown: string; ending: (digits: string) => string }) {
  const digits = masked.replace(/\D/g, "");
  return (
    <span className={l.nowrap}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{digits ? ending(digits) : shown}</span>
    </span>
  );
}
