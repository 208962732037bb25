/**
 * The texts of the reports page, in both languages, as i18next namespaces: handed to
 * `addPageTexts` by the route module that shows them, so the browser downloads them with that
 * page's code (ADR 033, 042). One module per page, so that each page's chunk carries its own texts
 * only (ADR 074).
 */
import enReports from "../locales/en/reports.json";
import esReports from "../locales/es/reports.json";

export const reportsTexts = { en: { reports: enReports }, es: { reports: esReports } } as const;
