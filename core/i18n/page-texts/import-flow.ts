/**
 * The texts of an account's page: the import flow (mapping, reading, matching) and the follow-ups
 * of reconciling and unlinking (ADR 072), in both languages, as i18next namespaces: handed to
 * `addPageTexts` by the route module that shows them, so the browser downloads them with that
 * page's code (ADR 033, 042). One module per page, so that each page's chunk carries its own texts
 * only (ADR 074).
 */
import enImportFlow from "../locales/en/import-flow.json";
import esImportFlow from "../locales/es/import-flow.json";

export const importFlowTexts = { en: { importFlow: enImportFlow }, es: { importFlow: esImportFlow } } as const;
