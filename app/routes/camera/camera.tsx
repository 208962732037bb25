import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "./+types/camera";
import { PageTitle } from "../../ui/ui";
import { defaultTimeZone } from "../../../core/i18n/config";
import { apiFor } from "../../server/api.server";
import { readFailed } from "../../server/ledger.server";
import { newIdempotencyKey } from "../../forms/idempotency-key";
import { formatDay, todayInZone } from "../../../core/dates";
import { formOfIntent, refusedAnswer, savedAnswer } from "../../forms/form-answer";
import { keepFormThroughOutage } from "../../forms/form-outage";
import { parseForm, type FieldErrors } from "../../forms/forms";
import { ID_PATTERN } from "../../../core/ids";
import { formatSignedMoneyInText } from "../../../core/money";
import { isProblem } from "../../../core/problem";
import { readFormData, tOf } from "../../server/route-helpers.server";
// eslint-disable-next-line no-restricted-imports -- read by the loader or action only, which React Router drops from the browser's build (ADR 078)
import { attachReceiptSchema } from "../../../core/schemas/camera";
import { MAX_RECEIPT_BYTES, receiptFileRefusal } from "../../../core/receipt-image";
import { currentUser } from "../../server/session.server";
import { Scanner } from "./scanner";
import { createWithPhoto } from "./create-with-photo.server";
import type { AccountLite, CameraPageData, TransactionLite } from "./types";
import * as c from "../../styles/camera.css";
import * as ui from "../../styles/ui.css";
import { cameraTexts } from "../../../core/i18n/page-texts/camera";
import { addPageTexts } from "../../../core/i18n/translate";

// This page's texts come with its code, not on the first visit (ADR 033).
addPageTexts(cameraTexts);

// No guard: the seed lists none for the camera page. Signed out, nothing is uploaded.

const RECENT_LIMIT = 20;

export async function loader({ request, context }: Route.LoaderArgs): Promise<CameraPageData> {
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

/** Attach a photo to a transaction, or create one with it. Multipart: the photo is the `photo` file. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = tOf(context);
  const fail = (intent: string, status: number, formError: string | null, errors: FieldErrors = {}) => refusedAnswer(intent, errors, {}, formError, status);
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

  if (intent === "create") return createWithPhoto(request, context, formData, photo);
  const parsed = parseForm(attachReceiptSchema, formData, t);
  if (!parsed.ok) return fail(intent, 422, null, parsed.errors);
  const transactionId = parsed.data.transactionId;
  const given = formData.get("accountId");
  const accountId = typeof given === "string" && ID_PATTERN.test(given) ? given : null;
  const upload = await apiFor(request, context).raw("PUT", `/transactions/${transactionId}/receipt`, {
    rawBody: await photo.arrayBuffer(),
    contentType: photo.type || "application/octet-stream",
    idempotencyKey: newIdempotencyKey(),
  });
  if (!upload.ok) {
    const body: unknown = await upload.json().catch(() => null);
    const detail = isProblem(body) && body.detail ? body.detail : t("camera.errors.upload");
    return fail(intent, upload.status >= 500 ? 503 : upload.status, detail);
  }
  await upload.body?.cancel();
  return savedAnswer(intent, { transactionId, accountId, at: Date.now() });
}

/**
 * With JavaScript, an outage keeps the photo and the fields on screen (lib/form-outage.ts): the
 * upload's own 5xx is answered in the page already; this covers a refused create and the app
 * itself out of reach.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, formOfIntent);
}

export default function Camera({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
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
      <Scanner loaderData={loaderData} />
    </div>
  );
}
