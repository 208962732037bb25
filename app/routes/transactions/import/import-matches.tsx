/**
 * What the import does with rows already in the account (ADR 049): the file check's stop (the
 * file's currency or account number is another account's) with the accounts it fits and the
 * "import anyway" box; the counts ("3 new, 3 match existing, 1 to decide"); each matched row beside
 * the movement it is, and the choice to link it or add it as new (a sure one is linked unless told). The fields
 * belong to the mapping form (`form="import-mapping-form"`), so they go with its Preview and Import
 * buttons, without JavaScript too.
 */
import { Link } from "react-router";
import { formatCount } from "../../../../core/i18n/translate";
import { formatDay } from "../../../../core/dates";
import { formatMoney } from "../../../../core/money";
import type { ImportMatch, ImportPreview } from "../../../../core/api-types/ledger";
import { useTranslation } from "../../../i18n/use-translation";
import { Money } from "../../../ui/money";
import * as l from "../../../styles/ledger.css";
import * as ui from "../../../styles/ui.css";

export const MAPPING_FORM_ID = "import-mapping-form";

export function ImportFileCheck({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  const check = preview.fileCheck;
  if (!check || check.problems.length === 0) return null;
  const what = check.problems.map((problem) => t(problem === "currency" ? "importFlow.matching.overrideCurrency" : "importFlow.matching.overrideNumber")).join(", ");
  const byNumber = check.suggestions.some((account) => account.byNumber);
  return (
    <div role={check.overridden ? "status" : "alert"} className={check.overridden ? ui.alert.info : ui.alert.warning} data-testid="import-file-check">
      <p style={{ margin: 0, fontWeight: 600 }}>{t("importFlow.matching.stopTitle")}</p>
      <p style={{ margin: "4px 0" }}>{check.reason}</p>
      {check.overridden ? null : <p style={{ margin: "4px 0" }}>{t("importFlow.matching.stopHint")}</p>}
      {check.suggestions.length ? (
        <ul style={{ margin: "4px 0" }}>
          {check.suggestions.map((account) => (
            <li key={account.id}>
              <Link to={`/accounts/${account.id}/transactions`} data-testid="import-suggestion">
                {t("importFlow.matching.suggestion", { name: account.name, currency: account.currency })}
              </Link>
            </li>
          ))}
        </ul>
      ) : check.currency ? (
        <p style={{ margin: "4px 0" }}>{t("importFlow.matching.noSuggestion", { currency: check.currency })}</p>
      ) : null}
      {check.suggestions.length && check.number && !byNumber ? <p className={ui.hint}>{t("importFlow.matching.byCurrencyOnly")}</p> : null}
      <label style={{ display: "flex", gap: "8px", alignItems: "flex-start", marginTop: "8px" }}>
        <input type="checkbox" name="override" value="true" form={MAPPING_FORM_ID} defaultChecked={check.overridden} data-testid="import-override" />
        <span>
          {t("importFlow.matching.override")}
          <br />
          <span className={ui.hint}>{t("importFlow.matching.overrideHint", { what })}</span>
        </span>
      </label>
    </div>
  );
}

/** The counts of what the import will do, and the matched rows (first 500, probable first; one choice decides the rest). */
export function ImportMatches({ preview, currency, error }: { preview: ImportPreview; currency: string; error?: string }) {
  const { t, i18n } = useTranslation();
  const plan = preview.plan;
  const matches = preview.matches ?? [];
  if (!plan || !preview.rows?.length) return null;
  return (
    <section className={ui.stack} aria-labelledby="import-matches-title" data-testid="import-matches">
      {preview.checkpoint ? (
        <p style={{ margin: 0 }} data-testid="import-checkpoint-preview">
          {t("importFlow.followUp.import.checkpointPreview", { date: formatDay(preview.checkpoint.date, i18n.language), balance: formatMoney(preview.checkpoint.balanceMinor, currency) })}
        </p>
      ) : null}
      <p role="status" style={{ margin: 0, fontWeight: 600 }} data-testid="import-plan">
        {t("importFlow.matching.counts", {
          fresh: t("importFlow.matching.planFresh", { count: plan.fresh, n: formatCount(plan.fresh) }),
          matched: t("importFlow.matching.planMatched", { count: plan.matched, n: formatCount(plan.matched) }),
          probable: t("importFlow.matching.planProbable", { count: plan.probable, n: formatCount(plan.probable) }),
        })}
      </p>
      {matches.length ? (
        <>
          <h3 id="import-matches-title" className={l.subTitle} style={{ margin: 0 }}>
            {t("importFlow.matching.title")}
          </h3>
          <p className={ui.hint}>{t("importFlow.matching.intro")}</p>
          {error ? (
            <p role="alert" className={ui.alert.error} data-testid="import-decide-error">
              {error}
            </p>
          ) : plan.probable > 0 ? (
            <p className={ui.hint}>{t("importFlow.matching.undecided")}</p>
          ) : null}
          <ul className={l.list}>
            {matches.map((match) => (
              <MatchRow key={`${match.line}-${match.existing.id}-${match.decision}`} match={match} currency={currency} language={i18n.language} />
            ))}
          </ul>
          {preview.moreMatches ? (
            <p className={ui.hint} data-testid="import-more-matches">
              {t("importFlow.followUp.import.more", { count: preview.moreMatches, n: formatCount(preview.moreMatches) })}
            </p>
          ) : null}
          {plan.probable > 1 || preview.moreMatches || preview.rest ? <RestChoice key={String(preview.rest)} more={preview.moreMatches ?? 0} rest={preview.rest ?? null} /> : null}
        </>
      ) : null}
    </section>
  );
}

/** One choice for every probable match not decided one by one, those past the list too (ADR 062). */
function RestChoice({ more, rest }: { more: number; rest: "link" | "new" | null }) {
  const { t } = useTranslation();
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, display: "flex", flexWrap: "wrap", gap: "4px 16px" }} data-testid="import-rest">
      <legend className={l.subTitle} style={{ fontSize: "inherit" }}>
        {more ? t("importFlow.followUp.import.restLegendMore", { count: more }) : t("importFlow.followUp.import.restLegend")}
      </legend>
      <label>
        <input type="radio" name="rest" value="" form={MAPPING_FORM_ID} defaultChecked={rest === null} /> {t("importFlow.followUp.import.restNone")}
      </label>
      <label>
        <input type="radio" name="rest" value="link" form={MAPPING_FORM_ID} defaultChecked={rest === "link"} data-testid="import-rest-link" /> {t("importFlow.followUp.import.restLink")}
      </label>
      <label>
        <input type="radio" name="rest" value="new" form={MAPPING_FORM_ID} defaultChecked={rest === "new"} data-testid="import-rest-new" /> {t("importFlow.followUp.import.restNew")}
      </label>
    </fieldset>
  );
}

function MatchRow({ match, currency, language }: { match: ImportMatch; currency: string; language: string }) {
  const { t } = useTranslation();
  const name = `decide-${match.line}`;
  return (
    <li className={l.listRow} data-testid="import-match" data-kind={match.kind} style={{ display: "block" }}>
      <p style={{ margin: 0 }}>
        <strong>{t(match.kind === "sure" ? "importFlow.matching.sure" : "importFlow.matching.probable")}</strong> · {t("importFlow.page.line")} {match.line}
      </p>
      <p style={{ margin: "2px 0" }} className={l.userText}>
        <span className={ui.hint}>{t("importFlow.matching.fileRow")}: </span>
        {formatDay(match.date, language)} · {match.description} · <Money minor={match.amountMinor} currency={currency} signed />
      </p>
      <p style={{ margin: "2px 0" }} className={l.userText} data-testid="import-match-existing">
        <span className={ui.hint}>{t("importFlow.matching.existingRow")}: </span>
        {formatDay(match.existing.date, language)} · {match.existing.description} · <Money minor={match.existing.amountMinor} currency={currency} signed />
        {match.existing.transfer ? ` (${t("importFlow.matching.transfer")})` : null}
      </p>
      <fieldset style={{ border: 0, padding: 0, margin: "4px 0 0", display: "flex", flexWrap: "wrap", gap: "4px 16px" }}>
        <legend className={ui.hint}>{t("importFlow.matching.decideLegend", { line: match.line })}</legend>
        {/* Not `required`: the form's Preview button must still work undecided. The import refuses undecided probable rows (import-section.server.ts);
            a sure match is linked unless the user says it is another movement (ADR 062). */}
        <input type="hidden" name={match.kind} value={match.line} form={MAPPING_FORM_ID} />
        <label>
          <input type="radio" name={name} value="link" form={MAPPING_FORM_ID} defaultChecked={match.decision === "link"} data-testid="import-link" /> {t("importFlow.matching.link")}
        </label>
        <label>
          <input type="radio" name={name} value="new" form={MAPPING_FORM_ID} defaultChecked={match.decision === "new"} data-testid="import-add-new" /> {t("importFlow.matching.addNew")}
        </label>
      </fieldset>
    </li>
  );
}
