/**
 * The import's intents: `import-upload` sends the file once, and the API keeps it as a draft and
 * answers its preview with the guessed columns; `import-preview` previews the draft again with the
 * columns chosen; `import-commit` imports the draft (ADR 047). The form carries the draft's id,
 * never the file.
 */
import type { ImportPreview, ImportResult } from "../../../../core/api-types/ledger";
import { ID_PATTERN } from "../../../../core/ids";
import { TEXT_LIMITS } from "../../../../core/input-limits";
import { fieldErrors } from "../../../../core/problem";
import { IMPORT_MAX_BYTES, importQuerySchema } from "../../../../core/schemas/ledger";
import { IMPORT_OPTIONS } from "../../../../core/ledger-values";
import type { FieldErrors } from "../../../forms/forms";
import { refusedAnswer } from "../../../forms/form-answer";
import { apiFailure } from "../../../server/ledger.server";
import type { IntentArgs } from "../intent-args.server";
import type { ImportDraftCreated, ImportState } from "./import-state";
import { mappingFromForm, mappingKey } from "./mapping-key";


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

/**
 * The user's word on the preview (ADR 049): each probable row's radio (`decide-<line>`: link or
 * new) as the API's `link` and `asNew` lists, a sure row's "add as new" (`sure` lines) in `asNew`, and the file check's "import anyway" box. `undecided`:
 * the probable rows shown (`probable`) with no choice made.
 */
function decisionsOf(formData: FormData) {
  const link: number[] = [];
  const asNew: number[] = [];
  const undecided: number[] = [];
  for (const value of formData.getAll("probable")) {
    const line = Number(value);
    if (!Number.isInteger(line) || line < 1 || line > 9_999_999) continue;
    const choice = formData.get(`decide-${line}`);
    if (choice === "link") link.push(line);
    else if (choice === "new") asNew.push(line);
    else undecided.push(line);
  }
  // A sure match is linked unless the user says it is another movement.
  for (const value of formData.getAll("sure")) {
    const line = Number(value);
    if (Number.isInteger(line) && line >= 1 && line <= 9_999_999 && formData.get(`decide-${line}`) === "new") asNew.push(line);
  }
  // One choice for every probable row not decided one by one, those not listed too (ADR 062).
  const rest = formData.get("rest");
  if (rest === "link" || rest === "new") undecided.length = 0;
  const query: Record<string, string> = {};
  if (rest === "link" || rest === "new") query.rest = rest;
  if (link.length) query.link = link.join(",");
  if (asNew.length) query.asNew = asNew.join(",");
  if (formData.get("override") === "true") query.override = "true";
  return { query, undecided };
}

/** The draft is no longer kept (past its 24 hours, imported in another tab): the file is chosen again. */
const draftGone = (t: IntentArgs["t"]) => refusedAnswer("import", { file: t("ledger.errors.draftGone") }, {}, null, 410);
const isGone = (status: number) => status === 404 || status === 410;

export async function importAction(args: IntentArgs) {
  const { formData, t, intent } = args;
  const mapping = mappingFromForm(formData, { withHeaderBox: intent !== "import-upload" });
  const checked = importQuerySchema.safeParse(mapping);
  if (!checked.success) {
    const errors: FieldErrors = {};
    for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= t(issue.message);
    return refusedAnswer("import", errors, {});
  }
  if (intent === "import-upload") return uploadDraft(args, mapping);
  const draftId = String(formData.get("draftId") ?? "");
  if (!ID_PATTERN.test(draftId)) return draftGone(t);
  const fileName = String(formData.get("fileName") ?? "");
  const decisions = decisionsOf(formData);
  if (intent === "import-commit" && formData.get("previewedMapping") !== mappingKey(mapping)) {
    // Columns changed since the preview shown: show the rows as these columns read them first.
    const shown = await previewDraft(args, draftId, fileName, mapping, decisions.query);
    return "stage" in shown ? ({ ...shown, errors: { ...shown.errors, mapping: t("importFlow.page.mappingReread") } } satisfies ImportState) : shown;
  }
  if (intent === "import-commit" && decisions.undecided.length) {
    // Never silent: a probable match is linked or added as the user says, not as the page guesses.
    const shown = await previewDraft(args, draftId, fileName, mapping, decisions.query);
    return "stage" in shown ? ({ ...shown, errors: { ...shown.errors, decide: t("importFlow.matching.undecided") } } satisfies ImportState) : shown;
  }
  return intent === "import-commit" ? commitDraft(args, draftId, fileName, mapping, decisions.query) : previewDraft(args, draftId, fileName, mapping, decisions.query);
}

/** The file, sent once: the API keeps it and answers the preview, made with its guess of the columns when it has one. */
async function uploadDraft({ accountId, formData, t, api, idempotencyKey }: IntentArgs, mapping: Record<string, string>) {
  const file = formData.get("file");
  // No file chosen (the form sends an empty, nameless one) is not the same as an empty file.
  if (!(file instanceof File) || (file.name === "" && file.size === 0)) return refusedAnswer("import", { file: t("ledger.errors.fileMissing") }, {});
  if (file.size === 0) return refusedAnswer("import", { file: t("ledger.errors.file") }, {});
  if (file.size > IMPORT_MAX_BYTES) return refusedAnswer("import", { file: t("ledger.errors.fileTooLarge") }, {}, null, 413);
  // A spreadsheet or a PDF is named by the API, with how to make the CSV (ADR 082).
  // The file's name goes with the import's record, so Recent imports can name it; one longer
  // than any file system allows is not a name to refuse the import over, so it is left out.
  const named = file.name.trim() !== "" && file.name.length <= TEXT_LIMITS.fileName;
  const made = await api.post<ImportDraftCreated>(`/accounts/${accountId}/import/drafts`, {
    // The bytes as chosen: the API reads their encoding (decodeCsv), as it did the text before.
    rawBody: await file.arrayBuffer(),
    contentType: "text/csv",
    query: { ...importQuery(mapping), ...(named ? { fileName: file.name } : {}) },
    idempotencyKey,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
  if (!made.ok) return apiFailure("import", made, {}, t);
  const { draft, preview } = made.data;
  return { form: "import", ok: true, stage: "preview", draftId: draft.id, fileName: file.name, preview, mapping: made.data.mapping, errors: {} } satisfies ImportState;
}

function sendPreview({ accountId, api }: IntentArgs, draftId: string, query: Record<string, string>) {
  return api.get<ImportPreview>(`/accounts/${accountId}/import/drafts/${draftId}/preview`, { query, timeoutMs: IMPORT_TIMEOUT_MS });
}

async function previewDraft(args: IntentArgs, draftId: string, fileName: string, mapping: Record<string, string>, decided: Record<string, string> = {}) {
  const { t } = args;
  const preview = await sendPreview(args, draftId, { ...importQuery(mapping), ...decided });
  if (preview.ok) return { form: "import", ok: true, stage: "preview", draftId, fileName, preview: preview.data, mapping, errors: {} } satisfies ImportState;
  if (isGone(preview.status)) return draftGone(t);
  if (preview.status >= 500) return apiFailure("import", preview, {}, t);
  // A bad mapping: show the columns again with the messages beside the fields.
  const bare = await sendPreview(args, draftId, mapping.delimiter ? { delimiter: mapping.delimiter } : {});
  if (!bare.ok) return apiFailure("import", preview, {}, t);
  return { form: "import", ok: true, stage: "preview", draftId, fileName, preview: bare.data, mapping, errors: fieldErrors(preview.problem) } satisfies ImportState;
}

async function commitDraft(args: IntentArgs, draftId: string, fileName: string, mapping: Record<string, string>, decided: Record<string, string>) {
  const { accountId, t, api, idempotencyKey } = args;
  // The record is named after the draft's file (kept with it when it was sent).
  const query = { ...importQuery(mapping), ...decided };
  const result = await api.post<ImportResult>(`/accounts/${accountId}/import/drafts/${draftId}/commit`, { query, idempotencyKey, timeoutMs: IMPORT_TIMEOUT_MS });
  if (!result.ok) {
    if (result.status >= 500) throw new Response(null, { status: 503, statusText: "Service Unavailable" });
    if (isGone(result.status)) return draftGone(t);
    const preview = await sendPreview(args, draftId, query);
    if (!preview.ok) return isGone(preview.status) ? draftGone(t) : apiFailure("import", result, {}, t);
    return { form: "import", ok: true, stage: "preview", draftId, fileName, preview: preview.data, mapping, errors: fieldErrors(result.problem) } satisfies ImportState;
  }
  return { form: "import", ok: true, stage: "done", result: result.data } satisfies ImportState;
}
