/**
 * Settings → Import everything (intent `import-everything`, ADR 060): the export file posted as
 * multipart, sent on to the API's restore as the JSON it is. The answer is the counts restored, or
 * the reasons the file was refused (each named by where it is in the file), in the page's language.
 */
import { refusedAnswer, savedAnswer } from "../../forms/form-answer";
import { RESTORE_MAX_BYTES, type RestoreResult } from "../../../core/schemas/restore";
import type { IntentArgs } from "./intents";

export const IMPORT_EVERYTHING_FORM = "import-everything";
/** Reasons listed on the page; the rest are counted ("and 12 more"). */
const SHOWN_REASONS = 8;

export type ImportEverythingRefusal = { reasons: string[] };
export type ImportEverythingSaved = { restored: RestoreResult["restored"] };

function refused(message: string | null, status: number, formError: string | null, reasons: string[] = []) {
  return refusedAnswer<ImportEverythingRefusal>(IMPORT_EVERYTHING_FORM, message ? { file: message } : {}, {}, formError, status, { reasons });
}

export async function importEverythingAction({ formData, t, api, key }: IntentArgs) {
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) return refused(t("settings.importEverything.errors.noFile"), 422, null);
  if (file.size > RESTORE_MAX_BYTES) return refused(t("settings.importEverything.errors.tooLarge"), 413, null);
  // The restore may write tens of thousands of rows: more time than a page's usual call.
  const result = await api.post<ImportEverythingSaved>("/users/me/restore", { rawBody: await file.text(), contentType: "application/json", idempotencyKey: key, timeoutMs: 60_000 });
  if (result.ok) return savedAnswer<ImportEverythingSaved>(IMPORT_EVERYTHING_FORM, { restored: result.data.restored });
  // A 5xx is the outage page (503), as for every settings form.
  if (result.status >= 500) throw new Response(null, { status: 503, statusText: "Service Unavailable" });
  if (result.status === 400) return refused(t("settings.importEverything.errors.notJson"), 400, t("settings.importEverything.refused"));
  const errors = Object.entries(result.problem.errors ?? {});
  // Refused as a whole (the ledger is not empty, the file too large): the API's sentence says why.
  if (!errors.length) return refused(null, result.status, result.problem.detail ?? t("errors.generic"));
  const lines = errors.map(([field, messages]) => `${field}: ${messages.join(" ")}`);
  const shown = lines.slice(0, SHOWN_REASONS);
  if (lines.length > shown.length) shown.push(t("settings.importEverything.moreErrors", { count: lines.length - shown.length }));
  return refused(errors[0]![1][0] ?? t("settings.importEverything.refused"), result.status, t("settings.importEverything.refused"), shown);
}
