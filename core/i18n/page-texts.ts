/**
 * The texts one page alone shows, in both languages, as i18next namespaces. The page's route
 * module hands them to `addPageTexts` as it loads, so the browser downloads them with that page's
 * code instead of on the first visit (ADR 033, 042); the server and the API have them from the
 * start (resources.ts).
 */
import enCamera from "./locales/en/camera.json";
import enReports from "./locales/en/reports.json";
import enSettings from "./locales/en/settings.json";
import enSignup from "./locales/en/signup.json";
import enTransactionsPage from "./locales/en/transactions-page.json";
import esCamera from "./locales/es/camera.json";
import esReports from "./locales/es/reports.json";
import esSettings from "./locales/es/settings.json";
import esSignup from "./locales/es/signup.json";
import esTransactionsPage from "./locales/es/transactions-page.json";

export const settingsTexts = { en: { settings: enSettings }, es: { settings: esSettings } } as const;
export const cameraTexts = { en: { camera: enCamera }, es: { camera: esCamera } } as const;
export const signupTexts = { en: { signup: enSignup }, es: { signup: esSignup } } as const;
export const transactionsPageTexts = { en: { transactionsPage: enTransactionsPage }, es: { transactionsPage: esTransactionsPage } } as const;
export const reportsTexts = { en: { reports: enReports }, es: { reports: esReports } } as const;
