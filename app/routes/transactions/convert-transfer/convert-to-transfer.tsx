/**
 * A row's "Convert to transfer" (ADR 052), shown with its edit form: find the movement of another
 * account that is its other leg and link it, or create that leg in a chosen account; for a
 * transfer, "Not a transfer" makes its two legs plain movements again. Plain forms posting to the
 * page's action (convert-transfer.server.ts), so it works without JavaScript too.
 */
import { useState } from "react";
import { Link2, Unlink } from "lucide-react";
import { useFetcher } from "react-router";
import { useTranslation } from "../../../i18n/use-translation";
import { FormKey } from "../../../forms/idempotency-key";
import { formErrorOf, type FormAnswer } from "../../../forms/form-answer";
import { useFailureToast, useFormAnswer } from "../../../forms/use-form-answer";
import { useHydrated } from "../../../browser/use-hydrated";
import { SelectField } from "../../../forms/fields";
import { Field, FormAlert } from "../../../ui/ui";
import { Money } from "../../../ui/money";
import { formatDay } from "../../../../core/dates";
import type { Account } from "../../../../core/api-types/ledger";
import { useListUrls } from "../list-urls";
import type { PageTransaction } from "../page-data";
import { CANDIDATES_INTENT, CONVERT_INTENT, formOf, UNLINK_INTENT, type CandidatesAnswer } from "./convert-data";
import * as l from "../../../styles/ledger.css";
import * as ui from "../../../styles/ui.css";

type ConvertProps = {
  tx: Pick<PageTransaction, "id" | "transferId" | "amountMinor" | "currency">;
  /** The page's account (the row's) and the user's accounts, as the page's loader has them. */
  accountId: string;
  accounts: Array<Pick<Account, "id" | "name" | "currency" | "archived">>;
  nonce: string;
  actionData: unknown;
};

export function ConvertToTransfer({ tx, accountId, accounts, nonce, actionData }: ConvertProps) {
  const { t } = useTranslation();
  const listUrl = useListUrls().keepingEdit;
  if (tx.transferId) return <NotATransfer tx={tx} transferId={tx.transferId} nonce={nonce} actionData={actionData} listUrl={listUrl} t={t} />;
  const others = accounts.filter((account) => account.id !== accountId && !account.archived);
  if (!others.length || tx.amountMinor === 0) return null;
  return <MakeTransfer tx={tx} others={others} nonce={nonce} actionData={actionData} listUrl={listUrl} />;
}

type Translate = ReturnType<typeof useTranslation>["t"];

function NotATransfer({ tx, transferId, nonce, actionData, listUrl, t }: { tx: ConvertProps["tx"]; transferId: string; nonce: string; actionData: unknown; listUrl: string; t: Translate }) {
  const fetcher = useFetcher<FormAnswer>({ key: `unlink-${tx.id}` });
  const answer = useFormAnswer<FormAnswer>(formOf(UNLINK_INTENT, tx.id), fetcher, actionData);
  useFailureToast(answer, t);
  return (
    <fetcher.Form method="post" noValidate preventScrollReset className={ui.stack} data-testid="not-a-transfer">
      <FormKey nonce={nonce} form={formOf(UNLINK_INTENT, tx.id)} />
      <input type="hidden" name="intent" value={UNLINK_INTENT} />
      <input type="hidden" name="returnTo" value={listUrl} />
      <input type="hidden" name="transactionId" value={tx.id} />
      <input type="hidden" name="transferId" value={transferId} />
      <FormAlert message={formErrorOf(answer, t)} />
      <p className={l.small} style={{ margin: 0 }}>
        {t("importFlow.followUp.unlink.hint")}
      </p>
      <div className={l.actions}>
        <button type="submit" className={ui.button.ghost} disabled={fetcher.state !== "idle"}>
          <Unlink size={16} aria-hidden="true" /> {t("transactionsPage.convertTransfer.unlink")}
        </button>
      </div>
    </fetcher.Form>
  );
}

type Other = Pick<Account, "id" | "name" | "currency">;

function MakeTransfer({ tx, others, nonce, actionData, listUrl }: { tx: ConvertProps["tx"]; others: Other[]; nonce: string; actionData: unknown; listUrl: string }) {
  const { t, i18n } = useTranslation();
  const findFetcher = useFetcher<CandidatesAnswer>({ key: `candidates-${tx.id}` });
  const convertFetcher = useFetcher<FormAnswer>({ key: `convert-${tx.id}` });
  const found = useFormAnswer<CandidatesAnswer>(formOf(CANDIDATES_INTENT, tx.id), findFetcher, actionData);
  const answer = useFormAnswer<FormAnswer>(formOf(CONVERT_INTENT, tx.id), convertFetcher, actionData);
  useFailureToast(found, t);
  useFailureToast(answer, t);
  const values = answer && !answer.ok ? answer.values : {};
  const errors = answer && !answer.ok ? answer.errors : {};
  const [toId, setToId] = useState(values.accountId ?? others[0]!.id);
  const chosen = others.find((other) => other.id === toId);
  const otherCurrency = chosen && chosen.currency !== tx.currency ? chosen.currency : null;
  const hydrated = useHydrated();
  const busy = convertFetcher.state !== "idle";
  const candidates = found?.ok ? found.found.candidates : null;
  const hidden = (
    <>
      <FormKey nonce={nonce} form={formOf(CONVERT_INTENT, tx.id)} />
      <input type="hidden" name="intent" value={CONVERT_INTENT} />
      <input type="hidden" name="returnTo" value={listUrl} />
      <input type="hidden" name="transactionId" value={tx.id} />
    </>
  );
  return (
    <details className={l.details} open={Boolean(found || answer)} data-testid="convert-to-transfer">
      <summary className={l.summary}>
        <Link2 size={18} aria-hidden="true" />
        {t("transactionsPage.convertTransfer.open")}
      </summary>
      <div className={`${l.detailsBody} ${ui.stack}`}>
        <p className={l.small} style={{ margin: 0 }}>
          {t(tx.amountMinor < 0 ? "transactionsPage.convertTransfer.introOut" : "transactionsPage.convertTransfer.introIn")}
        </p>
        <FormAlert message={formErrorOf(answer, t) ?? formErrorOf(found, t)} />
        {errors.counterpartId ? <p className={ui.alert.error}>{errors.counterpartId}</p> : null}

        <findFetcher.Form method="post" noValidate preventScrollReset className={l.actions}>
          <input type="hidden" name="intent" value={CANDIDATES_INTENT} />
          <input type="hidden" name="transactionId" value={tx.id} />
          <button type="submit" className={ui.button.ghost} disabled={findFetcher.state !== "idle"}>
            {t("transactionsPage.convertTransfer.find")}
          </button>
        </findFetcher.Form>
        {candidates ? (
          candidates.length ? (
            <convertFetcher.Form method="post" noValidate preventScrollReset aria-label={t("transactionsPage.convertTransfer.candidatesTitle")} className={ui.stack}>
              {hidden}
              <h4 className={l.subTitle} style={{ margin: 0 }}>
                {t("transactionsPage.convertTransfer.candidatesTitle")}
              </h4>
              <ul style={{ margin: 0, padding: 0, listStyle: "none" }} className={ui.stack} data-testid="transfer-candidates">
                {candidates.map(({ transaction, accountName, daysApart }) => (
                  <li key={transaction.id} style={{ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center", justifyContent: "space-between" }}>
                    <span style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                      <strong>{accountName}</strong> · <time dateTime={transaction.date}>{formatDay(transaction.date, i18n.language)}</time> · {transaction.description} ·{" "}
                      <Money minor={transaction.amountMinor} currency={transaction.currency} signed />
                      {daysApart ? <span className={l.small}>{` · ${t("transactionsPage.convertTransfer.daysApart", { count: daysApart })}`}</span> : null}
                    </span>
                    <button type="submit" name="counterpartId" value={transaction.id} className={ui.button.primary} disabled={busy}>
                      {t("transactionsPage.convertTransfer.link")}
                    </button>
                  </li>
                ))}
              </ul>
            </convertFetcher.Form>
          ) : (
            <p className={l.small} style={{ margin: 0 }} data-testid="no-transfer-candidates">
              {t("transactionsPage.convertTransfer.noCandidates")}
            </p>
          )
        ) : null}

        <convertFetcher.Form method="post" noValidate preventScrollReset className={ui.stack} aria-label={t("transactionsPage.convertTransfer.createTitle")}>
          {hidden}
          <h4 className={l.subTitle} style={{ margin: 0 }}>
            {t("transactionsPage.convertTransfer.createTitle")}
          </h4>
          <div className={l.formGrid}>
            <SelectField
              id={`convert-${tx.id}-account`}
              label={t(tx.amountMinor < 0 ? "transactionsPage.convertTransfer.createInTo" : "transactionsPage.convertTransfer.createInFrom")}
              name="accountId"
              value={toId}
              error={errors.accountId}
              options={others.map((a) => ({ value: a.id, label: `${a.name} (${a.currency})` }))}
              onChange={(event) => setToId(event.currentTarget.value)}
            />
            <Field
              id={`convert-${tx.id}-amount`}
              label={`${t("transactionsPage.convertTransfer.amountThere")} (${otherCurrency ?? t("ledger.pages.common.optional")})`}
              name="amount"
              inputMode="decimal"
              required={otherCurrency !== null}
              disabled={hydrated && otherCurrency === null}
              defaultValue={values.amount ?? ""}
              error={errors.amount}
              hint={t("transactionsPage.convertTransfer.amountThereHint")}
              autoComplete="off"
            />
          </div>
          <div className={l.actions}>
            <button type="submit" className={ui.button.primary} disabled={busy}>
              {busy ? t("ledger.pages.common.saving") : t("transactionsPage.convertTransfer.create")}
            </button>
          </div>
        </convertFetcher.Form>
      </div>
    </details>
  );
}
