/**
 * Settings → Import everything (ADR 060): a full export's JSON file back into a new or empty
 * account. A plain multipart form posted to the settings action (intent `import-everything`), so
 * it works without JavaScript; with it, a fetcher posts it and the answer shows in place. The
 * answer is what came back (counts) or why the file was refused (reasons, nothing saved).
 */
import { useFetcher } from "react-router";
import { answerFor, formErrorOf, type FormAnswer } from "../../forms/form-answer";
import { useTranslation } from "../../i18n/use-translation";
import { Field, FormAlert } from "../../ui/ui";
import type { ImportEverythingRefusal, ImportEverythingSaved } from "./import-everything.server";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";

const FORM = "import-everything";
type Answer = FormAnswer<ImportEverythingSaved, ImportEverythingRefusal>;

export function ImportEverythingSection({ actionData }: { actionData: unknown }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const answer = answerFor<Answer>(FORM, fetcher.data, actionData);
  const busy = fetcher.state !== "idle";
  const refused = answer && !answer.ok ? answer : undefined;
  const restored = answer?.ok ? answer.restored : undefined;
  return (
    <section id="importEverything" aria-labelledby="import-everything-title" className={`${ui.card} ${s.section}`}>
      <h2 id="import-everything-title" className={s.sectionTitle}>
        {t("settings.importEverything.title")}
      </h2>
      <p style={{ margin: 0 }}>{t("settings.importEverything.intro")}</p>
      {restored ? (
        <p role="status" className={ui.alert.success} data-testid="import-everything-done">
          {t("settings.importEverything.done", { accounts: restored.accounts ?? 0, transactions: restored.transactions ?? 0, receipts: restored.receipts ?? 0 })}
        </p>
      ) : null}
      <FormAlert message={formErrorOf(refused, t)} />
      {refused?.reasons?.length ? (
        <ul className={s.small} data-testid="import-everything-reasons" style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
          {refused.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <fetcher.Form method="post" encType="multipart/form-data" noValidate className={ui.stack} aria-labelledby="import-everything-title">
        <input type="hidden" name="intent" value={FORM} />
        <Field id="import-everything-file" label={t("settings.importEverything.file")} name="file" type="file" accept=".json,application/json" required error={refused?.reasons?.length ? undefined : refused?.errors.file} />
        <div>
          <button type="submit" className={ui.button.primary} disabled={busy}>
            {t("settings.importEverything.submit")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
