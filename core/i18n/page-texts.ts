/**
 * The texts one page alone shows, in both languages, as i18next namespaces. The page's route
 * module hands them to `addPageTexts` as it loads, so the browser downloads them with that page's
 * code instead of on the first visit (ADR 033, 042); the server and the API have them from the
 * start (resources.ts).
 */
import enAccountsPage from "./locales/en/accounts-page.json";
import enBudgetsPage from "./locales/en/budgets-page.json";
import enCamera from "./locales/en/camera.json";
import enImportFlow from "./locales/en/import-flow.json";
import enReports from "./locales/en/reports.json";
import enSchedulesPage from "./locales/en/schedules-page.json";
import enSettings from "./locales/en/settings.json";
import enSignup from "./locales/en/signup.json";
import enTransactionsPage from "./locales/en/transactions-page.json";
import esAccountsPage from "./locales/es/accounts-page.json";
import esBudgetsPage from "./locales/es/budgets-page.json";
import esCamera from "./locales/es/camera.json";
import esImportFlow from "./locales/es/import-flow.json";
import esReports from "./locales/es/reports.json";
import esSchedulesPage from "./locales/es/schedules-page.json";
import esSettings from "./locales/es/settings.json";
import esSignup from "./locales/es/signup.json";
import esTransactionsPage from "./locales/es/transactions-page.json";

export const settingsTexts = { en: { settings: enSettings }, es: { settings: esSettings } } as const;
export const cameraTexts = { en: { camera: enCamera }, es: { camera: esCamera } } as const;
export const signupTexts = { en: { signup: enSignup }, es: { signup: esSignup } } as const;
export const transactionsPageTexts = { en: { transactionsPage: enTransactionsPage }, es: { transactionsPage: esTransactionsPage } } as const;
export const reportsTexts = { en: { reports: enReports }, es: { reports: esReports } } as const;
/** An account's page: the import flow (mapping, reading, matching) and the follow-ups of reconciling and unlinking (ADR 072). */
export const importFlowTexts = { en: { importFlow: enImportFlow }, es: { importFlow: esImportFlow } } as const;
/** Budgets' page; the header's link, the overview's card and the schemas' errors stay in `ledger` (ADR 072). */
export const budgetsPageTexts = { en: { budgetsPage: enBudgetsPage }, es: { budgetsPage: esBudgetsPage } } as const;
/** Schedules' page: its list, form and found patterns; the upcoming list (overview, account) and the schemas' errors stay in `common` (ADR 072). */
export const schedulesPageTexts = { en: { schedulesPage: enSchedulesPage }, es: { schedulesPage: esSchedulesPage } } as const;
/** The accounts' page: its cards, groups and form; what the account's own page shows of them stays in `ledger` (ADR 072). */
export const accountsPageTexts = { en: { accountsPage: enAccountsPage }, es: { accountsPage: esAccountsPage } } as const;
