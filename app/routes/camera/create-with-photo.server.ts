/**
 * "Create with photo": one API call (POST /accounts/{accountId}/transactions/with-receipt, ADR
 * 047) writes the transaction and its receipt together, or neither; a refused photo leaves no
 * transaction behind to attach it to later.
 */
import type { RouterContextProvider } from "react-router";
import { createWithReceiptSchema } from "../../../core/schemas/camera";
import type { Account } from "../../../core/api-types/ledger";
import { transactionEntrySchema } from "../../../core/schemas/ledger";
import { formValues, translateIssues } from "../../forms/forms";
import { apiFor } from "../../server/api.server";
import { refusedAnswer, savedAnswer } from "../../forms/form-answer";
import { idempotencyKeyOf } from "../../forms/idempotency-key";
import { refusal, tOf } from "../../server/route-helpers.server";

/**
 * The multipart body, byte for byte the same for the same key, fields and photo: the API signs a
 * retry's body with its Idempotency-Key, and a FormData would draw a new boundary each time.
 */
async function multipartBody(boundary: string, transaction: string, photo: File): Promise<Blob> {
  const head = (name: string, extra = "") => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  const type = photo.type || "application/octet-stream";
  return new Blob([
    `${head("transaction")}\r\n${transaction}\r\n`,
    `${head("receipt", '; filename="receipt"')}Content-Type: ${type}\r\n\r\n`,
    await photo.arrayBuffer(),
    `\r\n--${boundary}--\r\n`,
  ]);
}

export async function createWithPhoto(request: Request, context: Readonly<RouterContextProvider>, formData: FormData, photo: File) {
  const t = tOf(context);
  const intent = "create";
  const fail = (status: number, formError: string | null, errors = {}) => refusedAnswer(intent, errors, {}, formError, status);
  const values = formValues(formData);
  const chosen = createWithReceiptSchema.pick({ accountId: true }).safeParse(values);
  if (!chosen.success) return fail(422, null, translateIssues(chosen.error, t));
  const { accountId } = chosen.data;
  // The amount is read as the forms read it (ADR 051): a direction and the figure, in the account's currency.
  const account = await apiFor(request, context).get<{ account: Account }>(`/accounts/${accountId}`);
  if (!account.ok && account.status === 404) return fail(422, null, { accountId: t("ledger.errors.accountUnknown") });
  if (!account.ok) {
    const { errors, formError } = refusal(account, t);
    return fail(account.status, formError, errors);
  }
  const parsed = transactionEntrySchema(account.data.account.currency).safeParse(values);
  if (!parsed.success) return fail(422, null, translateIssues(parsed.error, t));
  const fields = { date: parsed.data.date, description: parsed.data.description, amount: parsed.data.amount };
  // The page's key for this create (one per photo until it is saved), so tapping again after an
  // answer that never arrived cannot post the transaction twice.
  const idempotencyKey = idempotencyKeyOf(formData);
  const boundary = `tesoro-${idempotencyKey}`;
  const created = await apiFor(request, context).post<{ transaction: { id: string } }>(`/accounts/${accountId}/transactions/with-receipt`, {
    rawBody: await multipartBody(boundary, JSON.stringify(fields), photo),
    contentType: `multipart/form-data; boundary=${boundary}`,
    idempotencyKey,
  });
  if (!created.ok) {
    // A 5xx is an outage (thrown by `refusal`): the page keeps the photo and the fields, and a retry sends the same key.
    const { errors, formError } = refusal(created, t);
    return fail(created.status, formError, errors);
  }
  return savedAnswer(intent, { transactionId: created.data.transaction.id, accountId, at: Date.now() });
}
