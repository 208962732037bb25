import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { data, Link, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/camera";
import { Money } from "../../forms/form-kit";
import { Field, FormAlert, PageTitle } from "../../ui/ui";
import { defaultTimeZone } from "../../../core/i18n/config";
import { apiFor } from "../../server/api.server";
import { idempotencyKeyOf, readFailed } from "../../server/ledger.server";
import { formatDay, todayInZone } from "../../../core/dates";
import { formErrorOf, formOfIntent, keepFormThroughOutage } from "../../forms/form-outage";
import { parseEmvQr, type EmvParseResult } from "../../../core/emvco";
import { firstInvalid, parseForm, translateIssues, type FieldErrors } from "../../forms/forms";
import { focusIfLost } from "../../forms/focus-after-save";
import { ID_PATTERN } from "../../../core/ids";
import { signInFor } from "../../utils/page-address";
import { formatMoney, formatSignedMoneyInText, moneyOutExample } from "../../../core/money";
import { isProblem } from "../../../core/problem";
import { readFormData, refusal, tOf } from "../../server/route-helpers.server";
import { attachReceiptSchema, createWithReceiptSchema, newTransactionHref } from "../../../core/schemas/camera";
import { TEXT_LIMITS } from "../../../core/input-limits";
import { MAX_RECEIPT_BYTES, receiptFileRefusal, receiptSrc } from "../../../core/receipt-image";
import { useHydrated } from "../../browser/use-hydrated";
import { currentUser } from "../../server/session.server";
import * as c from "../../styles/camera.css";
import * as ui from "../../styles/ui.css";
import { cameraTexts } from "../../../core/i18n/page-texts";
import { addPageTexts } from "../../../core/i18n/translate";

// This page's texts come with its code, not on the first visit (ADR 033).
addPageTexts(cameraTexts);

// No guard: the seed lists none for the camera page. Signed out, nothing is uploaded.

interface AccountLite {
  id: string;
  name: string;
  currency: string;
  archived: boolean;
}
interface TransactionLite {
  id: string;
  date: string;
  description: string;
  amountMinor: number;
  currency: string;
  receiptKey: string | null;
}

const RECENT_LIMIT = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const timeZone = user?.timeZone ?? defaultTimeZone;
  const today = todayInZone(timeZone);
  if (!user) return { signedIn: false, accounts: [] as AccountLite[], accountId: null, transactions: null, target: null, targetGone: false, back: null, today };
  const api = apiFor(request, context);
  const accountsResult = await api.get<{ accounts: AccountLite[] }>("/accounts", { query: { archived: "false" } });
  // A refused session (revoked elsewhere) signs in again rather than showing an empty camera page.
  if (!accountsResult.ok && accountsResult.status === 401) readFailed(accountsResult, request);
  const accounts = accountsResult.ok ? accountsResult.data.accounts.map(({ id, name, currency, archived }) => ({ id, name, currency, archived })) : [];
  const search = new URL(request.url).searchParams;
  const requested = search.get("account");
  const accountId = requested && ID_PATTERN.test(requested) && accounts.some((a) => a.id === requested) ? requested : null;
  // `transaction`: the photo is for this one (the transactions page's "Add a receipt photo"), so
  // it is in the list and chosen even when it is older than the latest few.
  const wanted = search.get("transaction");
  let transactions: TransactionLite[] | null = null;
  let target: TransactionLite | null = null;
  // Asked for one that is not there (deleted meanwhile, malformed, another account's): the page says so.
  let targetGone = false;
  if (accountId) {
    const [result, targetResult] = await Promise.all([
      api.get<{ transactions: TransactionLite[] }>(`/accounts/${accountId}/transactions`, { query: { limit: RECENT_LIMIT } }),
      wanted && ID_PATTERN.test(wanted) ? api.get<{ transaction: TransactionLite & { accountId: string } }>(`/transactions/${wanted}`) : null,
    ]);
    transactions = result.ok ? result.data.transactions.map(lite) : [];
    // Another account's (or another user's) transaction is not offered: the list is this account's.
    if (targetResult?.ok && targetResult.data.transaction.accountId === accountId) target = lite(targetResult.data.transaction);
    targetGone = Boolean(wanted) && !target && (!targetResult || targetResult.ok || targetResult.status === 404);
    if (target && !transactions.some((tx) => tx.id === target!.id)) transactions = [target, ...transactions];
  }
  // Where "Back to the transaction" leads: the list the photo was asked from, its edit form open.
  const given = search.get("back");
  const back = accountId && target && given && (given === `/accounts/${accountId}/transactions` || given.startsWith(`/accounts/${accountId}/transactions?`)) ? given : null;
  return { signedIn: true, accounts, accountId, transactions, target, targetGone, back, today };
}

const lite = ({ id, date, description, amountMinor, currency, receiptKey }: TransactionLite): TransactionLite => ({ id, date, description, amountMinor, currency, receiptKey });

type ActionResult =
  | { ok: true; intent: "attach" | "create"; transactionId: string; accountId: string | null; at: number }
  | { ok: false; intent: string; errors: FieldErrors; formError: string | null; transactionId?: string };

/** Attach a photo to a transaction, or create one with it. Multipart: the photo is the `photo` file. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = tOf(context);
  const fail = (intent: string, status: number, formError: string | null, errors: FieldErrors = {}, transactionId?: string) =>
    data<ActionResult>({ ok: false, intent, errors, formError, ...(transactionId ? { transactionId } : {}) }, { status });
  if (!currentUser(context)) return fail("", 401, t("camera.photo.signedOutNote"));
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_RECEIPT_BYTES + 64 * 1024) {
    // Read to the end before answering (up to a bound): an answer sent while the browser is still
    // sending reached it cut off, and the page showed a 500 instead of this message.
    if (declared <= 4 * MAX_RECEIPT_BYTES) await request.body?.pipeTo(new WritableStream()).catch(() => undefined);
    return fail("", 413, t("camera.errors.tooLarge"));
  }
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "attach" && intent !== "create") throw new Response("Unknown intent", { status: 400 });
  const photo = formData.get("photo");
  if (!(photo instanceof File)) return fail(intent, 422, t("camera.errors.noPhoto"));
  if (photo.size > MAX_RECEIPT_BYTES) return fail(intent, 413, t("camera.errors.tooLarge"));
  // Checked before a transaction is created for it: a file the API would refuse must not leave a
  // transaction behind that a second try, with another file, would post again.
  const refused = await receiptFileRefusal(photo);
  if (refused) return fail(intent, refused === "camera.errors.emptyFile" ? 422 : 415, t(refused));

  let transactionId: string;
  let accountId: string | null;
  if (intent === "attach") {
    const parsed = parseForm(attachReceiptSchema, formData, t);
    if (!parsed.ok) return fail(intent, 422, null, parsed.errors);
    transactionId = parsed.data.transactionId;
    const given = formData.get("accountId");
    accountId = typeof given === "string" && ID_PATTERN.test(given) ? given : null;
  } else {
    const parsed = parseForm(createWithReceiptSchema, formData, t);
    if (!parsed.ok) return fail(intent, 422, null, parsed.errors);
    const { accountId: target, ...fields } = parsed.data;
    // The page's key for this create (one per photo until it is saved), so tapping again after an
    // answer that never arrived cannot post the transaction twice.
    const created = await apiFor(request, context).post<{ transaction: { id: string } }>(`/accounts/${target}/transactions`, { body: fields, idempotencyKey: idempotencyKeyOf(formData) });
    if (!created.ok) {
      const { errors, formError } = refusal(created, t);
      return fail(intent, created.status, formError, errors);
    }
    transactionId = created.data.transaction.id;
    accountId = target;
  }

  const upload = await apiFor(request, context).raw("PUT", `/transactions/${transactionId}/receipt`, {
    rawBody: await photo.arrayBuffer(),
    contentType: photo.type || "application/octet-stream",
    idempotencyKey: crypto.randomUUID(),
  });
  if (!upload.ok) {
    const body: unknown = await upload.json().catch(() => null);
    const detail = isProblem(body) && body.detail ? body.detail : t("camera.errors.upload");
    // A created transaction stays: say so, and which one, so the photo is attached to it rather
    // than a second transaction created for it.
    if (intent === "create") return fail(intent, upload.status >= 500 ? 503 : upload.status, t("camera.errors.createdWithoutPhoto", { reason: detail, attach: t("camera.photo.attachTitle") }), {}, transactionId);
    return fail(intent, upload.status >= 500 ? 503 : upload.status, detail);
  }
  await upload.body?.cancel();
  return data<ActionResult>({ ok: true, intent, transactionId, accountId, at: Date.now() });
}

/**
 * With JavaScript, an outage keeps the photo and the fields on screen (lib/form-outage.ts): the
 * upload's own 5xx is answered in the page already; this covers a refused create and the app
 * itself out of reach.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, formOfIntent);
}

const noSubscription = () => () => undefined;

type CameraStatus = "idle" | "starting" | "live" | "denied" | "no-camera" | "unsupported" | "busy" | "error";
type Mode = "qr" | "photo";

function cameraErrorStatus(error: unknown): CameraStatus {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "no-camera";
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "busy";
  return "error";
}

/** The sign-in page, coming back to this address (with the transaction a photo is for). */
function useSignInHere(): string {
  const { pathname, search } = useLocation();
  return signInFor(pathname, search);
}

const STATE_MESSAGES: Partial<Record<CameraStatus, string>> = {
  denied: "camera.state.denied",
  "no-camera": "camera.state.noCamera",
  unsupported: "camera.state.unsupported",
  busy: "camera.state.busy",
  error: "camera.state.error",
};

export default function Camera({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  // Opened for one transaction's receipt: the photo mode, not the QR scanner.
  const [mode, setMode] = useState<Mode>(loaderData.target ? "photo" : "qr");
  const [cameraStatus, setStatus] = useState<CameraStatus>("idle");
  const [decoderLoading, setDecoderLoading] = useState(false);
  const [detectorReady, setDetectorReady] = useState(false);
  const [qr, setQr] = useState<{ text: string; parsed: EmvParseResult } | null>(null);
  const [qrNotFound, setQrNotFound] = useState(false);
  // A picked file that is no photo (a PDF from "All files"): said at once, beside the picker.
  const [pickRefusal, setPickRefusal] = useState<string | null>(null);
  const [photo, setPhoto] = useState<Photo | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // Everything here needs JavaScript: controls stay disabled until the page is hydrated, so a
  // tap before then is never silently lost. (False on the server, true in the browser.)
  const hydrated = useHydrated();
  const cameraApi = useSyncExternalStore(noSubscription, () => Boolean(navigator.mediaDevices?.getUserMedia), () => true);
  const status: CameraStatus = cameraApi ? cameraStatus : "unsupported";

  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setStatus((current) => (current === "live" || current === "starting" ? "idle" : current));
  }, []);

  const startCamera = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus("unsupported");
      return;
    }
    setStatus("starting");
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        // The rear camera where there is one; any camera otherwise.
        video: { facingMode: { ideal: "environment" }, width: { ideal: 1920 }, height: { ideal: 1080 } },
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      setStatus("live");
    } catch (error) {
      setStatus(cameraErrorStatus(error));
      // The Start button was disabled while starting, which dropped focus on the page's body: the
      // way on from here is the file picker, which the message above it points to.
      requestAnimationFrame(() => focusIfLost(fileRef.current));
    }
  }, []);

  // Tell at once when the site is already blocked, before anyone presses the button.
  useEffect(() => {
    let cancelled = false;
    navigator.permissions
      ?.query({ name: "camera" as PermissionName })
      .then((permission) => {
        if (!cancelled && permission.state === "denied") setStatus("denied");
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => () => streamRef.current?.getTracks().forEach((track) => track.stop()), []);
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  // QR: read frames while the camera is live and nothing was found yet.
  useEffect(() => {
    if (mode !== "qr" || status !== "live" || qr) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void import("../../browser/qr-decoder.client")
      .then(({ getQrDetector }) => getQrDetector())
      .then((detector) => {
        setDetectorReady(true);
        const tick = async () => {
          if (stopped) return;
          const video = videoRef.current;
          if (video && video.readyState >= 2 && video.videoWidth > 0) {
            try {
              const [text] = await detector.detect(video);
              if (text !== undefined && !stopped) {
                setQr({ text, parsed: parseEmvQr(text) });
                stopCamera();
                return;
              }
            } catch {
              // A frame that cannot be read yet; try the next one.
            }
          }
          timer = setTimeout(() => void tick(), 200);
        };
        void tick();
      })
      .catch(() => {
        if (!stopped) setStatus("error");
      });
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [mode, status, qr, stopCamera]);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setQrNotFound(false);
    setPickRefusal(null);
    if (mode === "photo") {
      const refused = await receiptFileRefusal(file);
      if (refused) {
        setPickRefusal(t(refused));
        return;
      }
      stopCamera();
      setPhoto({ blob: file, url: URL.createObjectURL(file), picked: true });
      // A photo is here: why the camera could not start no longer matters.
      setStatus((current) => (current === "live" || current === "starting" ? current : "idle"));
      return;
    }
    setDecoderLoading(true);
    try {
      const { getQrDetector } = await import("../../browser/qr-decoder.client");
      const detector = await getQrDetector();
      const bitmap = await createImageBitmap(file);
      const [text] = await detector.detect(bitmap);
      bitmap.close();
      if (text === undefined) setQrNotFound(true);
      else {
        stopCamera();
        setQr({ text, parsed: parseEmvQr(text) });
      }
    } catch {
      setQrNotFound(true);
    } finally {
      setDecoderLoading(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  async function takePhoto() {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const { captureFrame } = await import("../../browser/images.client");
    const blob = await captureFrame(video);
    stopCamera();
    setPhoto({ blob, url: URL.createObjectURL(blob) });
  }

  function switchMode(next: Mode) {
    if (next === mode) return;
    setMode(next);
    setQrNotFound(false);
  }

  function scanAgain() {
    setQr(null);
    void startCamera();
  }

  function retake() {
    const picked = photo?.picked;
    setPhoto(null);
    // A picked photo is replaced by picking another; the camera is not started unasked.
    if (picked) requestAnimationFrame(() => fileRef.current?.focus());
    else void startCamera();
  }

  const stateMessage = STATE_MESSAGES[status];
  const showViewport = !(mode === "qr" && qr) && !(mode === "photo" && photo);

  return (
    <div className={c.page}>
      <PageTitle title={t("titles.camera")} />
      <div>
        <h1 className={ui.pageHeading}>{t("titles.camera")}</h1>
        <p className={ui.muted} style={{ margin: 0 }}>
          {t("camera.intro")}
        </p>
      </div>

      {loaderData.targetGone ? (
        <p className={ui.alert.warning} data-testid="receipt-for-gone">
          {t("camera.photo.targetGone")}
        </p>
      ) : null}
      {loaderData.target ? (
        <p className={ui.alert.info} data-testid="receipt-for">
          {t("camera.photo.forTransaction", { description: loaderData.target.description, date: formatDay(loaderData.target.date, i18n.language), amount: formatSignedMoneyInText(loaderData.target.amountMinor, loaderData.target.currency) })}
        </p>
      ) : null}
      <noscript>
        <p className={ui.alert.info}>{t("camera.noScript")}</p>
      </noscript>
      <div role="group" aria-label={t("camera.modes.label")} className={c.modes}>
        {(["qr", "photo"] as const).map((m) => (
          <button key={m} type="button" className={c.modeButton} aria-pressed={mode === m} onClick={() => switchMode(m)} disabled={!hydrated}>
            {t(`camera.modes.${m}`)}
          </button>
        ))}
      </div>

      {stateMessage ? (
        <p role="alert" className={status === "denied" ? ui.alert.warning : ui.alert.info} data-testid="camera-state" data-state={status}>
          {t(stateMessage)}
        </p>
      ) : null}

      <div className={c.viewport} hidden={!showViewport} style={showViewport ? undefined : { display: "none" }}>
        <video ref={videoRef} className={c.video} playsInline muted aria-label={t("camera.videoLabel")} hidden={status !== "live"} data-testid="camera-video" />
        {status === "live" && mode === "qr" ? <div className={c.aim} aria-hidden="true" /> : null}
        {status !== "live" ? (
          <div className={c.placeholder}>
            {status === "starting" ? <p role="status">{t("camera.starting")}</p> : null}
            <button type="button" className={ui.button.primary} onClick={() => void startCamera()} disabled={!hydrated || status === "starting" || status === "unsupported"}>
              {t("camera.start")}
            </button>
          </div>
        ) : null}
      </div>

      {showViewport && status === "live" ? (
        <div className={ui.row}>
          {mode === "photo" ? (
            <button type="button" className={ui.button.primary} onClick={() => void takePhoto()}>
              {t("camera.photo.take")}
            </button>
          ) : (
            <p role="status" className={ui.muted} style={{ margin: 0 }}>
              {detectorReady ? t("camera.scanning") : t("camera.loadingDecoder")}
            </p>
          )}
          <button type="button" className={ui.button.ghost} onClick={stopCamera}>
            {t("camera.stop")}
          </button>
        </div>
      ) : null}

      {showViewport ? (
        <div className={ui.field}>
          <label className={ui.label} htmlFor="camera-file">
            {t("camera.pickFile")}
          </label>
          <input
            ref={fileRef}
            id="camera-file"
            className={c.fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            disabled={!hydrated}
            aria-describedby={pickRefusal ? "camera-file-hint camera-file-error" : "camera-file-hint"}
            aria-invalid={pickRefusal ? true : undefined}
            onChange={(event) => void onFile(event.currentTarget.files?.[0])}
          />
          <p id="camera-file-hint" className={ui.hint}>
            {t("camera.pickFileHint")}
          </p>
          {pickRefusal && mode === "photo" ? (
            <p id="camera-file-error" role="alert" className={ui.fieldError}>
              {pickRefusal}
            </p>
          ) : null}
          {qrNotFound && mode === "qr" ? (
            <p role="alert" className={ui.alert.warning}>
              {t("camera.qr.notFound")}
            </p>
          ) : null}
          {decoderLoading && status !== "live" ? <p role="status">{t("camera.decoding")}</p> : null}
        </div>
      ) : null}

      {mode === "qr" && qr ? <QrResult qr={qr} loaderData={loaderData} onScanAgain={scanAgain} /> : null}
      {mode === "photo" && photo ? <PhotoResult photo={photo} loaderData={loaderData} onRetake={retake} /> : null}
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function QrResult({ qr, loaderData, onScanAgain }: { qr: { text: string; parsed: EmvParseResult }; loaderData: LoaderData; onScanAgain: () => void }) {
  const { t } = useTranslation();
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
              {payment.currency ? `${payment.currency} (${payment.currencyNumeric})` : (payment.currencyNumeric ?? "—")}
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

/** A receipt photo on screen. `picked`: chosen from the files rather than taken with the camera ("choose another", not "retake"). */
type Photo = { blob: Blob; url: string; picked?: boolean };

function PhotoResult({ photo, loaderData, onRetake }: { photo: Photo; loaderData: LoaderData; onRetake: () => void }) {
  const { t } = useTranslation();
  const signInHere = useSignInHere();
  const extension = photo.blob.type === "image/png" ? "png" : photo.blob.type === "image/webp" ? "webp" : photo.blob.type === "image/heic" ? "heic" : "jpg";
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby="photo-title" data-testid="photo-result">
      <h2 id="photo-title" style={{ margin: 0, fontSize: "1.25rem" }}>
        {t("camera.photo.title")}
      </h2>
      <img src={photo.url} alt={t("camera.photo.preview")} className={c.preview} data-testid="photo-preview" />
      <div className={ui.row}>
        <button type="button" className={ui.button.ghost} onClick={onRetake}>
          {photo.picked ? t("camera.photo.chooseAnother") : t("camera.photo.retake")}
        </button>
        <a className={ui.button.ghost} href={photo.url} download={`receipt-${loaderData.today}.${extension}`}>
          {t("camera.photo.download")}
        </a>
      </div>
      {loaderData.signedIn ? (
        <ReceiptTargets photo={photo.blob} loaderData={loaderData} />
      ) : (
        <p className={ui.alert.info} data-testid="photo-signed-out">
          {t("camera.photo.signedOutNote")} <Link to={signInHere}>{t("camera.photo.signIn")}</Link>
        </p>
      )}
    </section>
  );
}

function ReceiptTargets({ photo, loaderData }: { photo: Blob; loaderData: LoaderData }) {
  const { t, i18n } = useTranslation();
  const list = useFetcher<typeof loader>();
  const upload = useFetcher<typeof action>();
  // Opened for one transaction (?account=…&transaction=…): its account and it are chosen already.
  const [accountId, setAccountId] = useState(loaderData.target ? (loaderData.accountId ?? "") : "");
  const [picked, setPicked] = useState(loaderData.target?.id ?? "");
  const [preparing, setPreparing] = useState(false);
  const [clientError, setClientError] = useState<FieldErrors>({});
  // A file refused before anything is sent (not an image, empty, too large), for that photo only.
  const [refusedFile, setRefusedFile] = useState<{ photo: Blob; message: string } | null>(null);
  const fileError = refusedFile?.photo === photo ? refusedFile.message : null;
  const accountSelect = useId();
  const accounts = loaderData.accounts;
  const transactions = list.data?.accountId === accountId ? list.data.transactions : loaderData.accountId === accountId ? loaderData.transactions : null;
  // Until one is picked, the transaction a create made when its photo was refused.
  const createdWithout = upload.data && !upload.data.ok ? upload.data.transactionId : undefined;
  const transactionId = picked || (createdWithout && transactions?.some((tx) => tx.id === createdWithout) ? createdWithout : "");
  const result = upload.data;
  const busy = preparing || upload.state !== "idle";
  // One create, one Idempotency-Key: a retry of it (after an outage, or an answer lost on the way)
  // sends the same key, so the API writes it once; another photo, or a saved create, starts anew.
  const createKey = useRef<{ photo: Blob; key: string } | null>(null);
  useEffect(() => {
    if (result?.ok) createKey.current = null;
    // Created, but the photo was refused: the list is read again so the new transaction is in it
    // (and chosen, below), so the next try attaches to it instead of creating another.
    else if (result?.transactionId && accountId) void list.load(`/camera?account=${encodeURIComponent(accountId)}`);
    // Only on a new answer: `list` and the account chosen since must not send it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  // A refusal puts the keyboard on the first field it names, as the other forms do.
  useEffect(() => {
    if (result && !result.ok) focusFirstInvalid(result.errors);
  }, [result]);

  function chooseAccount(id: string) {
    setAccountId(id);
    // Back on the account of the transaction the page was opened for: it is listed and chosen again.
    const target = id && id === loaderData.accountId ? loaderData.target : null;
    setPicked(target?.id ?? "");
    if (id) void list.load(`/camera?${new URLSearchParams(target ? { account: id, transaction: target.id } : { account: id })}`);
  }

  async function send(fields: Record<string, string>) {
    setPreparing(true);
    setRefusedFile(null);
    try {
      const { downscaleForUpload } = await import("../../browser/images.client");
      const blob = await downscaleForUpload(photo);
      // A photo is an image by now (a picked file was checked as it was picked, a camera frame is a
      // JPEG); one the browser could not shrink may still be too large: said before anything is sent.
      if (blob.size > MAX_RECEIPT_BYTES) {
        setRefusedFile({ photo, message: t("camera.errors.tooLarge") });
        return;
      }
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      const ext = blob.type === "image/png" ? "png" : blob.type === "image/webp" ? "webp" : blob.type === "image/heic" ? "heic" : "jpg";
      form.set("photo", blob, `receipt.${ext}`);
      await upload.submit(form, { method: "post", action: "/camera", encType: "multipart/form-data" });
    } finally {
      setPreparing(false);
    }
  }

  function attach() {
    const parsed = attachReceiptSchemaCheck(transactionId);
    if (!parsed) {
      const refused = { transactionId: t("camera.errors.chooseTransaction") };
      setClientError(refused);
      focusFirstInvalid(refused);
      return;
    }
    setClientError({});
    void send({ intent: "attach", transactionId, accountId });
  }

  function create(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget).entries()) as Record<string, string>;
    const check = createWithReceiptSchemaSafe(values);
    if (!check.success) {
      const refused = translateIssues(check.error, t);
      setClientError(refused);
      focusFirstInvalid(refused);
      return;
    }
    setClientError({});
    if (createKey.current?.photo !== photo) createKey.current = { photo, key: crypto.randomUUID() };
    void send({ ...values, intent: "create", accountId, idempotencyKey: createKey.current.key });
  }

  const errors: FieldErrors = { ...(result && !result.ok ? result.errors : {}), ...clientError };
  const formError = fileError ?? formErrorOf(result, t);
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
              <span>{result.intent === "create" ? t("camera.photo.created") : t("camera.photo.attached")}</span>
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
                {list.state === "loading" && !transactions ? <p role="status">{t("camera.photo.loadingRecent")}</p> : null}
                {transactions && transactions.length === 0 ? <p className={ui.muted}>{t("camera.photo.noTransactions")}</p> : null}
                {transactions && transactions.length ? (
                  <ul className={c.txList} data-testid="recent-transactions">
                    {transactions.map((tx) => (
                      <li key={tx.id}>
                        <label className={c.txItem} data-testid="recent-transaction" data-transaction-id={tx.id}>
                          <input type="radio" name="transactionId" value={tx.id} checked={transactionId === tx.id} onChange={() => setPicked(tx.id)} />
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
                <Field
                  id="receipt-amount"
                  label={t("camera.photo.amount")}
                  name="amount"
                  inputMode="decimal"
                  required
                  error={errors.amount}
                  hint={t("camera.photo.amountHint", { example: moneyOutExample(accounts.find((a) => a.id === accountId)?.currency ?? "PEN") })}
                />
                <div>
                  <button type="submit" className={ui.button.secondary} disabled={busy}>
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

/** The first field a refusal names, in the page's order; for the transaction, its first choice. */
function focusFirstInvalid(errors: FieldErrors) {
  const first = firstInvalid(errors, ["transactionId", "date", "description", "amount"]);
  const target = first === "transactionId" ? document.querySelector<HTMLInputElement>('input[name="transactionId"]') : first ? document.getElementById(`receipt-${first}`) : null;
  target?.focus();
}

function attachReceiptSchemaCheck(transactionId: string): boolean {
  return ID_PATTERN.test(transactionId);
}

function createWithReceiptSchemaSafe(values: Record<string, string>) {
  return createWithReceiptSchema.omit({ accountId: true }).safeParse(values);
}
