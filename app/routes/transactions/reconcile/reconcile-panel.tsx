/**
 * Reconcile (ADR 052): the user types the bank's balance on a day and compares; the panel shows
 * Tesoro's balance on that day, the difference, the movements up to then not yet reconciled and
 * the account's checkpoints; when the two agree, one button marks them reconciled. Plain forms
 * posting to the page's action (reconcile.server.ts): without JavaScript the comparison comes back
 * as the page's action data, with it through a fetcher.
 */
import { useEffect } from "react";
import { Scale } from "lucide-react";
import { useActionData, useFetcher } from "react-router";
import { useTranslation } from "../../../i18n/use-translation";
import { FormKey } from "../../../forms/idempotency-key";
import { formErrorOf } from "../../../forms/form-answer";
import { useFailureToast, useFormAnswer, useFormAnswerAndSaves } from "../../../forms/use-form-answer";
import { Field, FormAlert } from "../../../ui/ui";
import { Money } from "../../../ui/money";
import { formatDay } from "../../../../core/dates";
import { formatMoney } from "../../../../core/money";
import type { Account } from "../../../../core/api-types/ledger";
import { useListUrls } from "../list-urls";
import { PREVIEW_FORM, RECONCILE_FORM, type ReconcileAnswer, type ReconcilePreview } from "./reconcile-data";
import * as l from "../../../styles/ledger.css";
import * as ui from "../../../styles/ui.css";

type ReconcileProps = { account: Pick<Account, "id" | "currency" | "archived">; today: string; nonce: string };

/** The toolbar's "Reconcile" disclosure with its panel; nothing for an archived account (closed to changes). */
export function ReconcileButton({ account, today, nonce }: ReconcileProps) {
  const { t, i18n } = useTranslation();
  const actionData = useActionData();
  const previewFetcher = useFetcher<ReconcileAnswer>({ key: "reconcile-preview" });
  const commitFetcher = useFetcher<ReconcileAnswer>({ key: "reconcile" });
  const compared = useFormAnswer<ReconcileAnswer>(PREVIEW_FORM, previewFetcher, actionData);
  const [committed, saves] = useFormAnswerAndSaves<ReconcileAnswer>(RECONCILE_FORM, commitFetcher, actionData);
  useFailureToast(compared, t);
  useFailureToast(committed, t);
  const listUrl = useListUrls().keepingEdit;
  // A reconciliation saved makes the comparison before it stale: it is forgotten, shown again once compared again.
  useEffect(() => {
    if (saves) previewFetcher.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new save forgets it
  }, [saves]);
  const preview = compared?.ok ? compared.preview : null;
  const typed = (compared?.ok ? compared.values : compared?.values) ?? committed?.values ?? {};
  const errors = { ...(compared && !compared.ok ? compared.errors : {}), ...(committed && !committed.ok ? committed.errors : {}) };
  const language = i18n.language;
  if (account.archived) return null;
  return (
    <details className={l.details} open={Boolean(compared || committed)} data-testid="reconcile">
      <summary className={l.summary}>
        <Scale size={18} aria-hidden="true" />
        {t("transactionsPage.reconcile.open")}
      </summary>
      <div className={l.detailsBody}>
        <previewFetcher.Form method="post" noValidate className={ui.stack} preventScrollReset aria-label={t("transactionsPage.reconcile.title")}>
          <input type="hidden" name="intent" value={PREVIEW_FORM} />
          <p className={l.small} style={{ margin: 0 }}>
            {t("transactionsPage.reconcile.intro")}
          </p>
          <FormAlert message={formErrorOf(compared, t) ?? formErrorOf(committed, t)} />
          <div className={l.formGrid}>
            <Field id="reconcile-date" label={t("transactionsPage.reconcile.date")} name="date" type="date" required defaultValue={typed.date ?? today} error={errors.date} />
            <Field
              id="reconcile-balance"
              label={`${t("transactionsPage.reconcile.bankBalance")} (${account.currency})`}
              name="balance"
              inputMode="decimal"
              required
              defaultValue={typed.balance ?? ""}
              error={errors.balance}
              hint={t("transactionsPage.reconcile.balanceHint")}
              autoComplete="off"
            />
          </div>
          <div className={l.actions}>
            <button type="submit" className={ui.button.ghost} disabled={previewFetcher.state !== "idle"}>
              {t("transactionsPage.reconcile.compare")}
            </button>
          </div>
        </previewFetcher.Form>
        {preview ? <Comparison preview={preview} language={language} nonce={nonce} listUrl={listUrl} fetcher={commitFetcher} /> : null}
      </div>
    </details>
  );
}

type CommitFetcher = ReturnType<typeof useFetcher<ReconcileAnswer>>;

/** The comparison's result: the two balances, the movements it would mark, and the button when they agree. */
function Comparison({ preview, language, nonce, listUrl, fetcher }: { preview: ReconcilePreview; language: string; nonce: string; listUrl: string; fetcher: CommitFetcher }) {
  const { t } = useTranslation();
  const currency = preview.account.currency;
  const day = formatDay(preview.date, language);
  const agrees = preview.differenceMinor === 0;
  return (
    <section className={ui.stack} aria-label={t("transactionsPage.reconcile.resultTitle", { date: day })} data-testid="reconcile-result" style={{ marginTop: 12 }}>
      <dl className={l.formGrid} style={{ margin: 0 }}>
        <div>
          <dt className={l.statLabel}>{t("transactionsPage.reconcile.tesoroBalance", { date: day })}</dt>
          <dd style={{ margin: 0 }} data-testid="reconcile-ledger">
            <Money minor={preview.ledgerBalanceMinor} currency={currency} />
          </dd>
        </div>
        {preview.bankBalanceMinor !== null ? (
          <div>
            <dt className={l.statLabel}>{t("transactionsPage.reconcile.difference")}</dt>
            <dd style={{ margin: 0 }} data-testid="reconcile-difference">
              <Money minor={preview.differenceMinor ?? 0} currency={currency} signed />
            </dd>
          </div>
        ) : null}
      </dl>
      {preview.bankBalanceMinor === null ? null : agrees ? (
        <p className={ui.alert.success} role="status">
          {t("transactionsPage.reconcile.agrees", { count: preview.unreconciledCount })}
        </p>
      ) : (
        <p className={ui.alert.warning} role="status">
          {t("transactionsPage.reconcile.differs")}
        </p>
      )}
      <h3 className={l.subTitle} style={{ margin: 0 }}>
        {t("transactionsPage.reconcile.unreconciled", { count: preview.unreconciledCount, date: day })}
      </h3>
      {preview.unreconciled.length ? (
        <ul className={l.small} style={{ margin: 0, paddingInlineStart: 18, maxHeight: 240, overflowY: "auto" }} data-testid="reconcile-movements">
          {preview.unreconciled.map((tx) => (
            <li key={tx.id} style={{ overflowWrap: "anywhere" }}>
              <time dateTime={tx.date}>{formatDay(tx.date, language, "short")}</time> · {tx.description} · <Money minor={tx.amountMinor} currency={tx.currency} signed />
            </li>
          ))}
        </ul>
      ) : null}
      {agrees && preview.bankBalance !== null ? (
        <fetcher.Form method="post" noValidate preventScrollReset className={l.actions}>
          <FormKey nonce={nonce} form={`reconcile.${preview.date}.${preview.bankBalance}`} />
          <input type="hidden" name="intent" value={RECONCILE_FORM} />
          <input type="hidden" name="returnTo" value={listUrl} />
          <input type="hidden" name="date" value={preview.date} />
          <input type="hidden" name="balance" value={preview.bankBalance} />
          <button type="submit" className={ui.button.primary} disabled={fetcher.state !== "idle"}>
            {t("transactionsPage.reconcile.submit", { count: preview.unreconciledCount })}
          </button>
        </fetcher.Form>
      ) : null}
      <Checkpoints preview={preview} language={language} />
    </section>
  );
}

/** The account's checkpoints, latest first; one a later change broke says so (ADR 052: it warns, it does not refuse). */
function Checkpoints({ preview, language }: { preview: ReconcilePreview; language: string }) {
  const { t } = useTranslation();
  if (!preview.checkpoints.length) return null;
  const currency = preview.account.currency;
  return (
    <>
      <h3 className={l.subTitle} style={{ margin: 0 }}>
        {t("transactionsPage.reconcile.checkpoints")}
      </h3>
      <ul className={l.small} style={{ margin: 0, paddingInlineStart: 18 }} data-testid="reconcile-checkpoints">
        {preview.checkpoints.map((checkpoint) => (
          <li key={checkpoint.id} style={{ overflowWrap: "anywhere" }}>
            <time dateTime={checkpoint.date}>{formatDay(checkpoint.date, language)}</time> · <Money minor={checkpoint.balanceMinor} currency={currency} />
            {checkpoint.source === "import" ? ` · ${t("importFlow.followUp.import.fromFile")}` : null}
            {" · "}
            {checkpoint.holds ? (
              t("transactionsPage.reconcile.holds")
            ) : (
              <strong>{t("transactionsPage.reconcile.broken", { balance: formatMoney(checkpoint.ledgerBalanceMinor, currency) })}</strong>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
