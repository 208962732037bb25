/**
 * Importing a CSV file, step by step (intents `import-upload`, `import-preview`, `import-commit`,
 * answered by import-section.server.ts): the file, its columns mapped and previewed
 * (`ImportMapping`), the summary; and the account's latest imports, which can be undone.
 */
import { useEffect, useRef, useState } from "react";
import { FileUp } from "lucide-react";
import { Link, useActionData, useFetcher, useSearchParams } from "react-router";
import { useTranslation } from "../../../i18n/use-translation";
import { useFailureToast, useFormAnswer } from "../../../forms/use-form-answer";
import { type FormAnswer, formErrorOf } from "../../../forms/form-answer";
import { focusIfLost } from "../../../forms/focus-after-save";
import { showSuccessToast } from "../../../forms/form-toasts";
import { Field, FormAlert } from "../../../ui/ui";
import { useListUrls } from "../list-urls";
import type { PageData, TransactionsAnswer } from "../page-data";
import { ImportMapping } from "./import-mapping";
import { ImportFileCheck, ImportMatches } from "./import-matches";
import type { ImportState } from "./import-state";
import { RecentImports } from "./recent-imports";
import { formatDay } from "../../../../core/dates";
import { formatMoney } from "../../../../core/money";
import * as l from "../../../styles/ledger.css";
import * as ui from "../../../styles/ui.css";

export function ImportSection({ loaderData }: { loaderData: PageData }) {
  const { t, i18n } = useTranslation();
  const actionData = useActionData<TransactionsAnswer>();
  const fetcher = useFetcher<TransactionsAnswer>({ key: "tx-import" });
  const listUrl = useListUrls().list;
  const state = useFormAnswer<ImportState | FormAnswer>("import", fetcher, actionData);
  const failure = state && !state.ok ? state : undefined;
  const asked = useSearchParams()[0].has("confirmUndoImport");
  const finished = state?.ok && state.stage === "done" ? state.result : null;
  // An import undone since (its record no longer listed once the page has its data again) no
  // longer reads as finished. While the import's own answer reloads the page the list is older
  // than it, and the summary stays (it takes focus then).
  const undone = finished?.importId && fetcher.state === "idle" && !loaderData.imports.some((record) => record.id === finished.importId);
  const done = finished && !undone ? finished : null;
  const current = state?.ok && state.stage === "preview" ? state : null;
  // An outage while previewing or importing keeps the last preview (file and columns) on screen
  // with the message, instead of falling back to the upload step (ADR 024). An outage while
  // reading a new file does not bring back the previous file's preview.
  const [lastPreview, setLastPreview] = useState<typeof current>(null);
  if (current && current !== lastPreview) setLastPreview(current);
  const [sentIntent, setSentIntent] = useState<unknown>(null);
  const sending = fetcher.formData?.get("intent");
  if (sending && sending !== sentIntent) setSentIntent(sending);
  const preview = current ?? (failure?.outage && sentIntent !== "import-upload" ? lastPreview : null);
  useFailureToast(failure, t);
  const toasted = useRef<unknown>(null);
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done && toasted.current !== done) {
      toasted.current = done;
      showSuccessToast(t("importFlow.import.summary", { count: done.imported }));
      // The Import button went with the mapping form: the keyboard continues from the summary.
      focusIfLost(summary.current);
    }
  }, [done, t]);
  // Cancel (or Start over) takes away the control that had focus: the keyboard goes on from the file field.
  const shown = Boolean(preview || done);
  const wasShown = useRef(shown);
  useEffect(() => {
    // Not when the summary goes because its import was undone: the undo leads focus (AFTER_UNDO_FOCUS).
    if (wasShown.current && !shown && !undone) focusIfLost(document.getElementById("import-file"));
    wasShown.current = shown;
  }, [shown, undone]);
  const busy = fetcher.state !== "idle";
  const busyIntent = busy ? fetcher.formData?.get("intent") : null;
  // Once used, the section stays open (starting over must not fold it away).
  const [used, setUsed] = useState(false);
  if (state && !used) setUsed(true);

  return (
    // Open when the address asks an undo's question (without JavaScript), so the question is seen.
    <details className={l.details} open={Boolean(state) || used || asked} data-testid="import">
      <summary className={l.summary}>
        <FileUp size={18} aria-hidden="true" />
        {t("transactionsPage.page.import")}
      </summary>
      <div className={l.detailsBody}>
        <h2 className={l.subTitle}>{t("importFlow.page.title")}</h2>
        {done ? (
          <div role="status" className={ui.alert.success} data-testid="import-result" ref={summary} tabIndex={-1}>
            <p style={{ margin: 0, fontWeight: 600 }}>{t("importFlow.page.result")}</p>
            <ul style={{ margin: 0 }}>
              <li>{t("importFlow.import.summary", { count: done.imported })}</li>
              {done.linked ? <li data-testid="import-linked">{t("importFlow.matching.linked", { count: done.linked })}</li> : null}
              {done.changed ? <li data-testid="import-changed">{t("importFlow.followUp.import.changed", { count: done.changed })}</li> : null}
              {done.checkpoint ? (
                <li data-testid="import-checkpoint">
                  {t("importFlow.followUp.import.checkpointDone", { date: formatDay(done.checkpoint.date, i18n.language), balance: formatMoney(done.checkpoint.balanceMinor, done.account.currency) })}
                </li>
              ) : null}
              <li>{t("importFlow.import.duplicates", { count: done.duplicates })}</li>
              <li>{t("importFlow.import.invalid", { count: done.invalid })}</li>
            </ul>
            {done.errors.length > 0 ? (
              <ul className={l.small}>
                {done.errors.slice(0, 10).map((row) => (
                  <li key={row.line}>
                    {t("importFlow.import.line", { line: row.line })}: {Object.values(row.errors).flat().join(" ")}
                  </li>
                ))}
              </ul>
            ) : null}
            <p style={{ margin: "8px 0 0" }}>
              <Link to={listUrl} onClick={() => fetcher.reset()} preventScrollReset>
                {t("importFlow.page.startOver")}
              </Link>
            </p>
          </div>
        ) : null}
        {!preview ? (
          <fetcher.Form method="post" encType="multipart/form-data" noValidate className={ui.stack} preventScrollReset aria-label={t("importFlow.page.title")}>
            <input type="hidden" name="intent" value="import-upload" />
            <FormAlert message={formErrorOf(failure, t)} />
            <Field
              id="import-file"
              label={t("importFlow.page.file")}
              name="file"
              type="file"
              accept=".csv,text/csv,text/plain"
              required
              hint={t("importFlow.page.fileHint")}
              error={failure?.errors.file}
            />
            <div className={l.actions}>
              <button type="submit" className={ui.button.primary} disabled={busy}>
                {busyIntent === "import-upload" ? t("ledger.pages.common.loading") : t("importFlow.page.upload")}
              </button>
            </div>
          </fetcher.Form>
        ) : (
          <>
            <FormAlert message={formErrorOf(failure, t)} />
            {/* Import was asked with columns not previewed: the new preview is below, and this comes first. */}
            {preview.errors.mapping ? (
              <p className={ui.alert.warning} role="alert" data-testid="import-mapping-reread">
                {preview.errors.mapping}
              </p>
            ) : null}
            <ImportFileCheck preview={preview.preview} />
            {/* A file stopped by its check shows no matches until the user imports it anyway. */}
            {preview.preview.fileCheck?.problems.length && !preview.preview.fileCheck.overridden ? null : (
              <ImportMatches preview={preview.preview} currency={loaderData.account.currency} error={preview.errors.decide} />
            )}
            <ImportMapping
              key={preview.draftId}
              state={preview}
              fetcher={fetcher}
              nonce={loaderData.nonce}
              listUrl={listUrl}
              currency={loaderData.account.currency}
            />
          </>
        )}
        <RecentImports loaderData={loaderData} listUrl={listUrl} latest={done?.importId ?? null} />
      </div>
    </details>
  );
}
