/**
 * The texts one page alone shows, in both languages. The page's route module hands them to
 * `addPageTexts` as it loads, so the browser downloads them with that page's code instead of on
 * the first visit (ADR 033); the server and the API have them from the start (resources.ts).
 */
import { camera as enCamera } from "./locales/en/camera";
import { settings as enSettings } from "./locales/en/settings";
import { signup as enSignup } from "./locales/en/signup";
import { transactionsPage as enTransactionsPage } from "./locales/en/transactions-page";
import { camera as esCamera } from "./locales/es/camera";
import { settings as esSettings } from "./locales/es/settings";
import { signup as esSignup } from "./locales/es/signup";
import { transactionsPage as esTransactionsPage } from "./locales/es/transactions-page";

export const settingsTexts = { en: { settings: enSettings }, es: { settings: esSettings } } as const;
export const cameraTexts = { en: { camera: enCamera }, es: { camera: esCamera } } as const;
export const signupTexts = { en: { signup: enSignup }, es: { signup: esSignup } } as const;
export const transactionsPageTexts = { en: { transactionsPage: enTransactionsPage }, es: { transactionsPage: esTransactionsPage } } as const;
