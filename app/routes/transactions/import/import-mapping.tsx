import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/use-translation";
import { FormKey } from "../../../forms/idempotency-key";
import { MoneyCell } from "../../../ui/money";
import { SelectField } from "../../../forms/fields";
import { focusIfLost } from "../../../forms/focus-after-save";
import { formatCount } from "../../../../core/i18n/translate";
import type { ImportRow } from "../../../../core/api-types/ledger";
import { formatDay } from "../../../../core/dates";
import { DATE_FORMATS, IMPORT_COLUMNS, IMPORT_OPTION_DEFAULTS } from "../../../../core/ledger-values";
import type { Fetcher } from "../page-data";
import type { ImportState } from "./import-state";
import { columnLabelKey, columnTitle, ImportReadingNote } from "./import-reading";
import { mappingFromForm, mappingKey } from "./mapping-key";
import * as l from "../../../styles/ledger.css";
import * as ui from "../../../styles/ui.css";

/** Whether the form's columns and formats now differ from those the preview was made with (chosen back: not). */
function differsFromPreview(form: HTMLFormElement | null, mapping: Record<string, string>): boolean {
  return !form || mappingKey(mappingFromForm(new FormData(form), { withHeaderBox: true })) !== mappingKey(mapping);
}

type ImportMappingProps = { state: Extract<ImportState, { stage: "preview" }>; fetcher: Fetcher; nonce: string; listUrl: string; currency: string };

export function ImportMapping({ state, fetcher, nonce, listUrl, currency }: ImportMappingProps) {
  const { t, i18n } = useTranslation();
  const { preview, mapping, errors } = state;
  const busy = fetcher.state !== "idle";
  const busyIntent = busy ? fetcher.formData?.get("intent") : null;
  const columnOptions = [{ value: "", label: t("importFlow.import.none") }, ...preview.columns.map((name, index) => ({ value: String(index), label: columnTitle(name, index, t) }))];
  const rows: ImportRow[] = preview.rows ?? [];
  const mapped = rows.length > 0;
  const withCategories = rows.some((row) => row.category !== null);
  // A column changed since this preview: the rows shown are not what "Import" would bring, so it
  // waits for "Update preview" (the action checks the same, without JavaScript too).
  const [changedFor, setChangedFor] = useState<object | null>(null);
  const changed = changedFor === state;
  // A new file's preview replaces the upload form, and with it the focused Read button: the
  // keyboard continues from what the file gave (the counts), or from the first column to choose.
  useEffect(() => {
    focusIfLost(document.getElementById(mapped ? "import-counts" : `import-${IMPORT_COLUMNS[0]}`));
    // Only when this file's preview first appears (the component is keyed by the file).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <fetcher.Form id="import-mapping-form" method="post" className={ui.stack} preventScrollReset aria-label={t("importFlow.page.mapping")}>
      <FormKey nonce={nonce} form="import" />
      <input type="hidden" name="draftId" value={state.draftId} />
      <input type="hidden" name="fileName" value={state.fileName} />
      <input type="hidden" name="returnTo" value={listUrl} />
      <input type="hidden" name="previewedMapping" value={mappingKey(mapping)} />
      {state.fileName ? <p style={{ margin: 0 }}>{t("importFlow.page.fileName", { name: state.fileName })}</p> : null}
      {errors.file ? <p className={ui.alert.error}>{errors.file}</p> : null}
      {/* Not changed while a preview is on its way: the answer would clear the mark of a change made meanwhile. */}
      <fieldset className={ui.stack} style={{ border: 0, padding: 0, margin: 0 }} onChange={(event) => setChangedFor(differsFromPreview(event.currentTarget.form, mapping) ? state : null)} disabled={busy}>
        <legend className={l.subTitle}>{t("importFlow.page.mapping")}</legend>
        <p className={ui.hint}>{t("importFlow.page.mappingHint")}</p>
        {state.preview.tableLine ? <p className={ui.hint} data-testid="import-table-line">{t("importFlow.page.tableLine", { line: state.preview.tableLine })}</p> : null}
        {state.preview.belowTable ? (
          <p className={ui.hint} data-testid="import-below-table">
            {t("importFlow.page.belowTable", { line: state.preview.belowTable.line, text: state.preview.belowTable.text })}
          </p>
        ) : null}
        {preview.reading ? <ImportReadingNote reading={preview.reading} mapping={mapping} columns={preview.columns} currency={currency} /> : null}
        <div className={l.formGrid}>
          {IMPORT_COLUMNS.map((key) => (
            <SelectField
              key={key}
              id={`import-${key}`}
              label={t(columnLabelKey(key))}
              name={key}
              defaultValue={mapping[key] ?? ""}
              error={errors[key]}
              options={columnOptions}
            />
          ))}
          <SelectField
            id="import-dateFormat"
            label={t("importFlow.import.dateFormat")}
            name="dateFormat"
            defaultValue={mapping.dateFormat ?? IMPORT_OPTION_DEFAULTS.dateFormat}
            error={errors.dateFormat}
            options={DATE_FORMATS.map((f) => ({ value: f, label: f.replace("YYYY", t("importFlow.import.dateFormatYear")) }))}
          />
          <SelectField
            id="import-decimalSeparator"
            label={t("importFlow.import.decimalSeparator")}
            name="decimalSeparator"
            defaultValue={mapping.decimalSeparator ?? IMPORT_OPTION_DEFAULTS.decimalSeparator}
            error={errors.decimalSeparator}
            options={[
              { value: ".", label: t("importFlow.import.decimalDot") },
              { value: ",", label: t("importFlow.import.decimalComma") },
            ]}
          />
          <SelectField
            id="import-delimiter"
            label={t("importFlow.import.delimiter")}
            name="delimiter"
            defaultValue={mapping.delimiter ?? IMPORT_OPTION_DEFAULTS.delimiter}
            error={errors.delimiter}
            options={[
              { value: "auto", label: t("ledger.pages.common.any") },
              { value: ",", label: "," },
              { value: ";", label: ";" },
              { value: "tab", label: t("importFlow.page.tab") },
            ]}
          />
          <label className={ui.checkboxRow}>
            <input type="checkbox" name="header" value="true" defaultChecked={(mapping.header ?? IMPORT_OPTION_DEFAULTS.header) === "true"} />
            {t("importFlow.import.header")}
          </label>
        </div>
      </fieldset>

      {changed ? (
        <p className={ui.alert.warning} role="status" data-testid="import-mapping-changed">
          {t("importFlow.page.mappingChanged")}
        </p>
      ) : null}
      {mapped ? (
        <>
          <p role="status" id="import-counts" tabIndex={-1} style={{ margin: 0 }} data-testid="import-counts">
            {t("importFlow.page.ready", { valid: formatCount(preview.counts.valid), total: formatCount(preview.counts.total) })} {t("importFlow.page.skipDuplicates", { count: preview.counts.duplicates })}{" "}
            {t("importFlow.page.skipInvalid", { count: preview.counts.invalid })}
          </p>
          <div className={l.tableWrap}>
            <table className={`${l.table} ${l.responsiveTable}`} data-testid="import-preview">
              <caption className={l.caption}>{t("importFlow.page.previewCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("importFlow.page.line")}</th>
                  <th scope="col">{t("ledger.fields.date")}</th>
                  <th scope="col">{t("ledger.fields.description")}</th>
                  <th scope="col" data-num="">
                    {t("ledger.fields.amount")}
                  </th>
                  {withCategories ? <th scope="col">{t("ledger.fields.category")}</th> : null}
                  <th scope="col">{t("ledger.fields.status")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.line}>
                    <td data-label={t("importFlow.page.line")}>{row.line}</td>
                    <td data-label={t("ledger.fields.date")}>{row.date ? formatDay(row.date, i18n.language) : "—"}</td>
                    <td data-label={t("ledger.fields.description")} className={l.userText}>
                      {row.description ?? "—"}
                    </td>
                    <MoneyCell minor={row.amountMinor} currency={currency} label={t("ledger.fields.amount")} />
                    {withCategories ? (
                      <td data-label={t("ledger.fields.category")} className={l.userText}>
                        {row.category === null ? "—" : row.newCategory ? t("importFlow.page.newCategory", { name: row.category }) : row.category}
                      </td>
                    ) : null}
                    <td data-label={t("ledger.fields.status")}>
                      {row.errors ? (
                        <span>
                          <strong>{t("importFlow.page.error")}:</strong> {Object.values(row.errors).flat().join(" ")}
                        </span>
                      ) : row.duplicate ? (
                        <span className={l.badgePending}>{t("importFlow.import.duplicate")}</span>
                      ) : (
                        <span>
                          <span className={l.badge}>{t("importFlow.page.ok")}</span>
                          {row.status === "pending" ? <> <span className={l.badgePending}>{t("ledger.statuses.pending")}</span></> : null}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <div className={l.tableWrap}>
          <table className={l.table} data-testid="import-sample">
            <caption className={l.caption}>{t("importFlow.page.preview")}</caption>
            <thead>
              <tr>
                {preview.columns.map((name, index) => (
                  <th scope="col" key={index}>
                    {columnTitle(name, index, t)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((row, r) => (
                <tr key={r}>
                  {preview.columns.map((_, c) => (
                    <td key={c}>{row[c] ?? ""}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={l.actions}>
        <button type="submit" name="intent" value="import-preview" className={changed ? ui.button.primary : ui.button.ghost} disabled={busy}>
          {busyIntent === "import-preview" ? t("ledger.pages.common.loading") : t("importFlow.page.update")}
        </button>
        <button type="submit" name="intent" value="import-commit" className={ui.button.primary} disabled={busy || changed || !mapped || preview.counts.valid <= 0}>
          {busyIntent === "import-commit" ? t("ledger.pages.common.saving") : t("importFlow.page.commit")}
        </button>
        <Link to={listUrl} preventScrollReset className={ui.button.link} onClick={() => fetcher.reset()}>
          {t("ledger.pages.common.cancel")}
        </Link>
      </div>
    </fetcher.Form>
  );
}
