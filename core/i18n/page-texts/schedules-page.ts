/**
 * The texts of the schedules page: its list, form and found patterns; the upcoming list (overview,
 * account) and the schemas' errors stay in `common` (ADR 072), in both languages, as i18next
 * namespaces: handed to `addPageTexts` by the route module that shows them, so the browser
 * downloads them with that page's code (ADR 033, 042). One module per page, so that each page's
 * chunk carries its own texts only (ADR 074).
 */
import enSchedulesPage from "../locales/en/schedules-page.json";
import esSchedulesPage from "../locales/es/schedules-page.json";

export const schedulesPageTexts = { en: { schedulesPage: enSchedulesPage }, es: { schedulesPage: esSchedulesPage } } as const;
