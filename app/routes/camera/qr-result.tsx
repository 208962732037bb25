/** A QR code read: an EMVCo payment code's details and a new transaction from it, or the code's text. */
import { useId, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { currencyOptionLabel, formatMoney } from "../../../core/money";
import { newTransactionHref } from "./new-transaction-href";
import type { CameraPageData } from "./types";
import type { QrRead } from "./use-qr-scanner";
import { useSignInHere } from "./use-sign-in-here";
import * as c from "../../styles/camera.css";
import * as ui from "../../styles/ui.css";

export function QrResult({ qr, loaderData, onScanAgain }: { qr: QrRead; loaderData: CameraPageData; onScanAgain: () => void }) {
  const { t, i18n } = useTranslation();
  const signInHere = useSignInHere();
  const [copied, setCopied] = useState(false);
  const payment = qr.parsed.ok ? qr.parsed.payload : null;
  const accounts = loaderData.accounts;
  const [accountId, setAccountId] = useState(() => accounts.find((a) => payment?.currency && a.currency === payment.currency)?.id ?? accounts[0]?.id ?? "");
  const account = accounts.find((a) => a.id === accountId);
  const selectId = useId();

  const payee = payment?.merchantName?.trim() || null;
  // The code's amount is in the code's currency: in an account of another currency it would post,
  // say, S/ 25.50 as $ 25.50, so the user enters that account's amount instead.
  const sameCurrency = Boolean(account && payment?.currency === account.currency);
  const href =
    payment && account
      ? newTransactionHref(account.id, {
          description: payee ? t("camera.qr.paymentTo", { payee }) : t("camera.qr.qrPayment"),
          // Paying a merchant is money out.
          amount: sameCurrency && payment.amount && !/^0+(\.0+)?$/.test(payment.amount) ? `-${payment.amount}` : null,
          payee,
          date: loaderData.today,
        })
      : null;

  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby="qr-result-title" data-testid="qr-result">
      <h2 id="qr-result-title" style={{ margin: 0, fontSize: "1.25rem" }}>
        {payment ? t("camera.qr.payment") : t("camera.qr.title")}
      </h2>
      {payment ? (
        <>
          {payment.amountMinor !== null && payment.currency ? (
            <p className={c.amount} data-testid="qr-amount">
              {formatMoney(payment.amountMinor, payment.currency)}
            </p>
          ) : null}
          <dl className={c.details}>
            <dt className={c.term}>{t("camera.qr.payee")}</dt>
            <dd className={c.definition} data-testid="qr-payee">
              {payee ?? "—"}
            </dd>
            <dt className={c.term}>{t("camera.qr.city")}</dt>
            <dd className={c.definition} data-testid="qr-city">
              {payment.merchantCity ?? "—"}
            </dd>
            <dt className={c.term}>{t("camera.qr.amount")}</dt>
            <dd className={c.definition}>{payment.amount ? `${payment.amount}${payment.currency ? "" : ` (${payment.currencyNumeric ?? "?"})`}` : t("camera.qr.noAmount")}</dd>
            <dt className={c.term}>{t("camera.qr.currency")}</dt>
            <dd className={c.definition} data-testid="qr-currency">
              {/* "PEN · Peruvian Sol": the code people know and its name, not ISO's number (604), which only a code unknown here keeps. */}
              {payment.currency ? currencyOptionLabel(payment.currency, i18n.language) : (payment.currencyNumeric ?? "—")}
            </dd>
            {payment.billNumber || payment.reference ? (
              <>
                <dt className={c.term}>{t("camera.qr.reference")}</dt>
                <dd className={c.definition}>{payment.billNumber ?? payment.reference}</dd>
              </>
            ) : null}
            {payment.initiation ? (
              <>
                <dt className={c.term}>QR</dt>
                <dd className={c.definition}>{payment.initiation === "dynamic" ? t("camera.qr.kindDynamic") : t("camera.qr.kindStatic")}</dd>
              </>
            ) : null}
          </dl>
          {loaderData.signedIn ? (
            accounts.length ? (
              <div className={ui.stack}>
                <h3 style={{ margin: 0, fontSize: "1.05rem" }}>{t("camera.qr.createTitle")}</h3>
                <div className={ui.field}>
                  <label className={ui.label} htmlFor={selectId}>
                    {t("camera.qr.account")}
                  </label>
                  <select id={selectId} className={c.select} value={accountId} onChange={(event) => setAccountId(event.currentTarget.value)}>
                    {accounts.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.name} · {a.currency}
                      </option>
                    ))}
                  </select>
                  {account && payment.currency && account.currency !== payment.currency ? (
                    <p className={ui.hint}>{t("camera.qr.currencyMismatch", { account: account.currency, code: payment.currency })}</p>
                  ) : null}
                </div>
                {href ? (
                  <div>
                    <Link to={href} className={ui.button.primary} data-testid="qr-create">
                      {t("camera.qr.create")}
                    </Link>
                  </div>
                ) : null}
              </div>
            ) : (
              <p className={ui.alert.info}>
                {t("camera.qr.noAccounts")} <Link to="/accounts">{t("nav.accounts")}</Link>
              </p>
            )
          ) : (
            <p className={ui.alert.info}>
              <Link to={signInHere}>{t("camera.qr.signInToCreate")}</Link>
            </p>
          )}
        </>
      ) : (
        <>
          {qr.parsed.ok === false && qr.parsed.error !== "not-emv" ? (
            <p role="alert" className={ui.alert.error} data-testid="qr-invalid" data-error={qr.parsed.error}>
              {qr.parsed.error === "bad-crc" ? t("camera.qr.badCrc") : t("camera.qr.invalid")}
            </p>
          ) : null}
          <h3 style={{ margin: 0, fontSize: "1rem" }}>{t("camera.qr.text")}</h3>
          <p className={c.rawText} data-testid="qr-text">
            {qr.text}
          </p>
          <div>
            <button
              type="button"
              className={ui.button.ghost}
              onClick={() => {
                void navigator.clipboard?.writeText(qr.text).then(() => setCopied(true));
              }}
            >
              {copied ? t("camera.qr.copied") : t("camera.qr.copy")}
            </button>
          </div>
        </>
      )}
      <div>
        <button type="button" className={ui.button.ghost} onClick={onScanAgain}>
          {t("camera.qr.scanAgain")}
        </button>
      </div>
    </section>
  );
}
