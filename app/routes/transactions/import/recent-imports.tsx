/** Recent imports and their Undo: intent `import-undo`, answered by recent-imports.server.ts. */
import { useState } from "react";
import { useActionData, useFetcher, useSearchParams } from "react-router";
import { useTranslation } from "../../../i18n/use-translation";
import { useFailureToast, useFormAnswer } from "../../../forms/use-form-answer";
import { type FormAnswer, formErrorOf } from "../../../forms/form-answer";
import { FormAlert } from "../../../ui/ui";
import { formatInstant } from "../../../../core/dates";
import type { PageData, TransactionsAnswer } from "../page-data";
import { UNDO_IMPORT_FORM } from "./import-state";
import { UndoImportQuestion } from "./undo-import-question";
import * as l from "../../../styles/ledger.css";
import * as ui from "../../../styles/ui.css";

/**
 * The account's latest imports (ADR 038). Undoing one removes the rows it added that are still
 * here, after a question, as a delete asks: in place with JavaScript, and without it from the
 * action (`confirmUndoImport` in the address, which a reload keeps asking).
 */
export function RecentImports({ loaderData, listUrl, latest }: { loaderData: PageData; listUrl: string; latest: string | null }) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const actionData = useActionData<TransactionsAnswer>();
  const fetcher = useFetcher<TransactionsAnswer>({ key: "tx-import-undo" });
  const failure = useFormAnswer<FormAnswer>(UNDO_IMPORT_FORM, fetcher, actionData);
  useFailureToast(failure, t);
  // Asked in place (JavaScript), or by the address (`confirmUndoImport`, from the action without
  // it); a question asked in place replaces the address's until the page is left.
  // `undefined`: nothing asked in place; `null`: a question asked in place was closed.
  const [asking, setAsking] = useState<string | null | undefined>(undefined);
  const confirming = asking !== undefined ? asking : searchParams.get("confirmUndoImport");
  const { imports } = loaderData;
  if (!imports.length) return null;
  return (
    <section aria-labelledby="recent-imports-title" className={ui.stack} data-testid="recent-imports">
      <h3 id="recent-imports-title" className={l.subTitle} tabIndex={-1}>
        {t("transactionsPage.recentImports.recentTitle")}
      </h3>
      {/* A refused undo (the account archived meanwhile) says why here, with or without JavaScript. */}
      <FormAlert message={formErrorOf(failure, t)} />
      <p className={l.small} style={{ margin: 0 }}>
        {t("transactionsPage.recentImports.recentHint")}
      </p>
      <ul className={l.list}>
        {imports.map((record, index) => {
          const naming = {
            file: record.fileName ?? t("transactionsPage.recentImports.noFileName"),
            when: formatInstant(Date.parse(record.createdAt), i18n.language, loaderData.timeZone),
          };
          return (
            <li key={record.id} className={l.listRow} data-testid="recent-import" data-import-id={record.id}>
              <span className={l.grow}>
                <span className={`${l.rowTitle} ${l.userText}`}>{naming.file}</span>
                {record.id === latest ? <span className={l.badgeAfter}>{t("transactionsPage.recentImports.latest")}</span> : null}
                <br />
                <span className={l.small}>
                  {naming.when} · {t("transactionsPage.recentImports.rows", { count: record.imported })}
                  {record.remaining < record.imported ? ` · ${t("transactionsPage.recentImports.rowsLeft", { count: record.remaining })}` : null}
                </span>
              </span>
              {confirming === record.id ? (
                <UndoImportQuestion
                  record={record}
                  naming={naming}
                  laterImports={index > 0}
                  fetcher={fetcher}
                  nonce={loaderData.nonce}
                  listUrl={listUrl}
                  refused={failure}
                  onCancel={asking !== undefined ? () => setAsking(null) : undefined}
                />
              ) : (
                <fetcher.Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="import-undo" />
                  <input type="hidden" name="importId" value={record.id} />
                  <input type="hidden" name="returnTo" value={listUrl} />
                  <button
                    type="submit"
                    id={`undo-import-${record.id}`}
                    className={ui.button.ghost}
                    aria-label={t("transactionsPage.recentImports.undoLabel", naming)}
                    onClick={(event) => {
                      // With JavaScript the question comes in place; without it, from the action.
                      event.preventDefault();
                      setAsking(record.id);
                    }}
                  >
                    {t("transactionsPage.recentImports.undo")}
                  </button>
                </fetcher.Form>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
