/**
 * The import's intents: `import-upload` reads a file and previews it with the API's guess of its
 * columns, `import-preview` previews it again with the columns chosen, `import-commit` imports it.
 * The file travels in the form between the steps (a hidden field), so no step keeps state.
 */
import type { ImportPreview, ImportResult } from "../../../../core/api-types/ledger";
import { decodeCsv } from "../../../../core/csv-text";
import { TEXT_LIMITS } from "../../../../core/input-limits";
import { fieldErrors } from "../../../../core/problem";
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, importQuerySchema } from "../../../../core/schemas/ledger";
import type { FieldErrors } from "../../../forms/forms";
import { refusedAnswer } from "../../../forms/form-answer";
import { apiFailure } from "../../../server/ledger.server";
import type { IntentArgs } from "../intent-args.server";
import type { ImportState } from "./import-state";

const IMPORT_OPTIONS = [...IMPORT_COLUMNS, "dateFormat", "decimalSeparator", "delimiter", "header"] as const;

/**
 * A file of the largest size the API takes (50,000 rows) was measured at 4–13 s to import on a
 * laptop, past the client's 10 s for one call: cut off there, the page would call it an outage
 * while the import went on.
 */
const IMPORT_TIMEOUT_MS = 60_000;

function importQuery(mapping: Record<string, string>) {
  const query: Record<string, string> = {};
  for (const key of IMPORT_OPTIONS) if (mapping[key]) query[key] = mapping[key];
  return query;
}

export async function importAction({ accountId, formData, t, intent, api, idempotencyKey }: IntentArgs) {
  let csv: string;
  let fileName: string;
  if (intent === "import-upload") {
    const file = formData.get("file");
    // No file chosen (the form sends an empty, nameless one) is not the same as an empty file.
    if (!(file instanceof File) || (file.name === "" && file.size === 0)) return refusedAnswer("import", { file: t("ledger.errors.fileMissing") }, {});
    if (file.size === 0) return refusedAnswer("import", { file: t("ledger.errors.file") }, {});
    if (file.size > IMPORT_MAX_BYTES) return refusedAnswer("import", { file: t("ledger.errors.fileTooLarge") }, {}, null, 413);
    csv = decodeCsv(await file.arrayBuffer());
    fileName = file.name;
  } else {
    csv = String(formData.get("csv") ?? "");
    fileName = String(formData.get("fileName") ?? "");
    if (!csv.trim()) return refusedAnswer("import", { file: t("ledger.errors.file") }, {});
  }
  const mapping: Record<string, string> = {};
  for (const key of IMPORT_OPTIONS) {
    const value = formData.get(key);
    if (typeof value === "string" && value !== "") mapping[key] = value;
  }
  if (intent !== "import-upload") mapping.header = formData.get("header") === "true" ? "true" : "false";
  const checked = importQuerySchema.safeParse(mapping);
  if (!checked.success) {
    const errors: FieldErrors = {};
    for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= t(issue.message);
    return refusedAnswer("import", errors, {});
  }
  const send = (query: Record<string, string>) =>
    api.post<ImportPreview>(`/accounts/${accountId}/import/preview`, { rawBody: csv, contentType: "text/csv; charset=utf-8", query, timeoutMs: IMPORT_TIMEOUT_MS });
  if (intent === "import-commit") {
    // The file's name goes with the import's record, so Recent imports can name it; one longer
    // than any file system allows is not a name to refuse the import over, so it is left out.
    const named = fileName.trim() !== "" && fileName.length <= TEXT_LIMITS.fileName;
    const query = { ...importQuery(mapping), ...(named ? { fileName } : {}) };
    const result = await api.post<ImportResult>(`/accounts/${accountId}/import`, {
      rawBody: csv,
      contentType: "text/csv; charset=utf-8",
      query,
      idempotencyKey,
      timeoutMs: IMPORT_TIMEOUT_MS,
    });
    if (!result.ok) {
      if (result.status >= 500) throw new Response(null, { status: 503, statusText: "Service Unavailable" });
      const preview = await send(importQuery(mapping));
      if (!preview.ok) return apiFailure("import", result, {}, t);
      return { form: "import", ok: true, stage: "preview", csv, fileName, preview: preview.data, mapping, errors: fieldErrors(result.problem) } satisfies ImportState;
    }
    return { form: "import", ok: true, stage: "done", result: result.data } satisfies ImportState;
  }
  let preview = await send(importQuery(mapping));
  if (!preview.ok) {
    if (preview.status >= 500 || intent === "import-upload") return apiFailure("import", preview, {}, t);
    // A bad mapping: show the columns again with the messages beside the fields.
    const bare = await send({ ...(mapping.delimiter ? { delimiter: mapping.delimiter } : {}) });
    if (!bare.ok) return apiFailure("import", preview, {}, t);
    return { form: "import", ok: true, stage: "preview", csv, fileName, preview: bare.data, mapping, errors: fieldErrors(preview.problem) } satisfies ImportState;
  }
  if (intent === "import-upload") {
    // The API's guess of the mapping, previewed at once when it names the needed columns.
    for (const [key, value] of Object.entries(preview.data.guess)) if (value !== undefined && value !== null) mapping[key] = String(value);
    mapping.header ??= "true";
    const guessed = mapping.dateColumn && mapping.descriptionColumn && (mapping.amountColumn || mapping.debitColumn || mapping.creditColumn);
    if (guessed) {
      const mapped = await send(importQuery(mapping));
      if (mapped.ok) preview = mapped;
    }
  }
  return { form: "import", ok: true, stage: "preview", csv, fileName, preview: preview.data, mapping, errors: {} } satisfies ImportState;
}
