/** Where a photo goes: attached to one of an account's recent transactions, or a new transaction created with it. */
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { Money } from "../../ui/money";
import { focusIfLost } from "../../forms/focus-after-save";
import { Field, FormAlert } from "../../ui/ui";
import { formatDay } from "../../../core/dates";
import { TEXT_LIMITS } from "../../../core/input-limits";
import type { Direction } from "../../../core/schemas/ledger";
import { AmountField } from "../../forms/amount-field";
import { receiptSrc } from "../../../core/receipt-image";
import type { CameraPageData } from "./types";
import { useReceiptUpload } from "./use-receipt-upload";
import * as c from "../../styles/camera.css";
import * as ui from "../../styles/ui.css";

export function ReceiptTargets({ photo, loaderData }: { photo: Blob; loaderData: CameraPageData }) {
  const { t, i18n } = useTranslation();
  const { accountId, chooseAccount, listLoading, transactions, transactionId, pick, result, busy, preparing, fileError, errors, formError, attach, create } = useReceiptUpload(photo, loaderData);
  const accountSelect = useId();
  const accounts = loaderData.accounts;
  // A receipt is money out, unless the user says otherwise (a refund's slip).
  const [direction, setDirection] = useState<Direction>("out");
  // The answer shows above both forms; on a phone "Create with photo" sits a screen below it.
  const outcomeRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) outcomeRef.current?.scrollIntoView({ block: "nearest" });
    // The pressed button was disabled while sending, which drops focus: it goes on from the answer.
    if (result?.ok) focusIfLost(successRef.current);
  }, [result]);

  return (
    <div className={ui.stack}>
      {(result?.ok && !fileError) || formError ? (
        <div ref={outcomeRef} className={ui.stack}>
          {result?.ok && !fileError ? (
            <div ref={successRef} tabIndex={-1} role="status" className={`${ui.alert.success} ${ui.stack}`} data-testid="upload-success">
              <span>{result.form === "create" ? t("camera.photo.created") : t("camera.photo.attached")}</span>
              <a href={`/resources/receipts/${result.transactionId}`} target="_blank" rel="noopener" aria-label={t("camera.photo.viewFull")}>
                <img src={`/resources/receipts/${result.transactionId}?v=${result.at}`} alt={t("camera.photo.viewFull")} className={c.bigThumb} data-testid="uploaded-receipt" />
              </a>
              {loaderData.back && result.transactionId === loaderData.target?.id ? (
                <Link to={loaderData.back}>{t("camera.photo.backToTransaction")}</Link>
              ) : result.accountId ? (
                <Link to={`/accounts/${result.accountId}/transactions`}>{t("camera.photo.openTransactions")}</Link>
              ) : null}
            </div>
          ) : null}
          <FormAlert message={formError} />
        </div>
      ) : null}
      {busy ? <p role="status">{preparing ? t("camera.photo.processing") : t("camera.photo.uploading")}</p> : null}

      <h3 style={{ margin: 0, fontSize: "1.05rem" }}>{t("camera.photo.attachTitle")}</h3>
      {accounts.length === 0 ? (
        <p className={ui.alert.info}>
          {t("camera.qr.noAccounts")} <Link to="/accounts">{t("nav.accounts")}</Link>
        </p>
      ) : (
        <>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={accountSelect}>
              {t("camera.photo.account")}
            </label>
            <select id={accountSelect} className={c.select} value={accountId} onChange={(event) => chooseAccount(event.currentTarget.value)}>
              <option value="">{t("camera.photo.chooseAccount")}</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} · {a.currency}
                </option>
              ))}
            </select>
          </div>
          {accountId ? (
            <>
              <fieldset className={`${ui.stack} ${c.txGroup}`} aria-describedby={errors.transactionId ? "receipt-tx-error" : undefined}>
                <legend className={ui.label} style={{ marginBottom: 8 }}>
                  {t("camera.photo.recent")}
                </legend>
                {listLoading && !transactions ? <p role="status">{t("camera.photo.loadingRecent")}</p> : null}
                {transactions && transactions.length === 0 ? <p className={ui.muted}>{t("camera.photo.noTransactions")}</p> : null}
                {transactions && transactions.length ? (
                  <ul className={c.txList} data-testid="recent-transactions">
                    {transactions.map((tx) => (
                      <li key={tx.id}>
                        <label className={c.txItem} data-testid="recent-transaction" data-transaction-id={tx.id}>
                          <input type="radio" name="transactionId" value={tx.id} checked={transactionId === tx.id} onChange={() => pick(tx.id)} />
                          <span className={c.txMain}>
                            <span className={c.txDescription}>{tx.description}</span>
                            <span className={ui.hint}>
                              {formatDay(tx.date, i18n.language)}
                              {tx.receiptKey ? ` · ${t("camera.photo.replaceNote")}` : ""}
                            </span>
                          </span>
                          <Money minor={tx.amountMinor} currency={tx.currency} signed />
                          {tx.receiptKey ? (
                            <img
                              src={receiptSrc(tx.id, tx.receiptKey)}
                              alt={t("camera.photo.receiptOf", { description: tx.description })}
                              className={c.thumb}
                              loading="lazy"
                              data-testid="receipt-thumb"
                            />
                          ) : null}
                        </label>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {errors.transactionId ? (
                  <p id="receipt-tx-error" role="alert" className={ui.fieldError}>
                    {errors.transactionId}
                  </p>
                ) : null}
              </fieldset>
              {transactions && transactions.length ? (
                <div>
                  <button type="button" className={ui.button.primary} onClick={attach} disabled={busy}>
                    {t("camera.photo.attach")}
                  </button>
                </div>
              ) : null}

              <form className={ui.stack} onSubmit={create} noValidate aria-labelledby="receipt-create-title">
                <h3 id="receipt-create-title" style={{ margin: 0, fontSize: "1.05rem" }}>
                  {t("camera.photo.createTitle")}
                </h3>
                {/* Errors tied to their fields and announced, as in the other forms. */}
                <Field id="receipt-date" label={t("camera.photo.date")} name="date" type="date" defaultValue={loaderData.today} required error={errors.date} />
                <Field id="receipt-description" label={t("camera.photo.description")} name="description" maxLength={TEXT_LIMITS.description} required error={errors.description} />
                <AmountField
                  prefix="receipt"
                  label={t("camera.photo.amount")}
                  direction={direction}
                  onDirection={setDirection}
                  error={errors.amount}
                  directionError={errors.direction}
                  t={t}
                />
                <div>
                  <button type="submit" className={ui.button.primary} disabled={busy}>
                    {t("camera.photo.create")}
                  </button>
                </div>
              </form>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
