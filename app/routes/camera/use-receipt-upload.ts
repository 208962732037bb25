import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { formErrorOf } from "../../forms/form-answer";
import { newIdempotencyKey } from "../../forms/idempotency-key";
import { firstInvalid, translateIssues, type FieldErrors } from "../../forms/forms";
import { ID_PATTERN } from "../../../core/ids";
import { MAX_RECEIPT_BYTES } from "../../../core/receipt-image";
import type { CameraAnswer, CameraPageData } from "./types";

/**
 * Where a photo goes: the account chosen (its recent transactions read on choosing it), the
 * transaction picked, and the two ways to send it: attached to that transaction, or creating one
 * with it. The photo is shrunk in the browser first; each create has one Idempotency-Key.
 */
export function useReceiptUpload(photo: Blob, loaderData: CameraPageData) {
  const { t } = useTranslation();
  const list = useFetcher<CameraPageData>();
  const upload = useFetcher<CameraAnswer>();
  // Opened for one transaction (?account=…&transaction=…): its account and it are chosen already.
  const [accountId, setAccountId] = useState(loaderData.target ? (loaderData.accountId ?? "") : "");
  const [picked, setPicked] = useState(loaderData.target?.id ?? "");
  const [preparing, setPreparing] = useState(false);
  const [clientError, setClientError] = useState<FieldErrors>({});
  // A file refused before anything is sent (not an image, empty, too large), for that photo only.
  const [refusedFile, setRefusedFile] = useState<{ photo: Blob; message: string } | null>(null);
  const fileError = refusedFile?.photo === photo ? refusedFile.message : null;
  const transactions = list.data?.accountId === accountId ? list.data.transactions : loaderData.accountId === accountId ? loaderData.transactions : null;
  const transactionId = picked;
  const result = upload.data;
  const busy = preparing || upload.state !== "idle";
  // One create, one Idempotency-Key: a retry of it (after an outage, or an answer lost on the way)
  // sends the same key, so the API writes it once; another photo, or a saved create, starts anew.
  const createKey = useRef<{ photo: Blob; key: string } | null>(null);
  useEffect(() => {
    if (result?.ok) createKey.current = null;
  }, [result]);
  // The create form's schema (and zod), ready by the time the form is filled in.
  useEffect(() => {
    void loadEntrySchema().catch(() => undefined);
  }, []);
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
    void createWithReceiptSchemaSafe(values, loaderData.accounts.find((a) => a.id === accountId)?.currency ?? "PEN").then((check) => {
      if (check && !check.success) {
        const refused = translateIssues(check.error, t);
        setClientError(refused);
        focusFirstInvalid(refused);
        return;
      }
      setClientError({});
      if (createKey.current?.photo !== photo) createKey.current = { photo, key: newIdempotencyKey() };
      void send({ ...values, intent: "create", accountId, idempotencyKey: createKey.current.key });
    });
  }

  const errors: FieldErrors = { ...(result && !result.ok ? result.errors : {}), ...clientError };
  const formError = fileError ?? formErrorOf(result, t);
  return { accountId, chooseAccount, listLoading: list.state === "loading", transactions, transactionId, pick: setPicked, result, busy, preparing, fileError, errors, formError, attach, create };
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

/**
 * The create's fields as the forms check them (ADR 051): a direction and the figure, in the chosen
 * account's currency. The schema, and zod, come when a photo is there to send (fetched when
 * the photo's forms first show), not with the page (ADR 078); if they cannot load (offline), no
 * check here (undefined): the server checks the same rules.
 */
const loadEntrySchema = () => import("../../../core/schemas/ledger").then((m) => m.transactionEntrySchema);

async function createWithReceiptSchemaSafe(values: Record<string, string>, currency: string) {
  const schema = await loadEntrySchema().catch(() => undefined);
  return schema?.(currency).safeParse(values);
}
