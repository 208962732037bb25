import type { Locale } from "./config";
import type { Bundles } from "./i18next-options";
import enAccountsPage from "./locales/en/accounts-page.json";
import enApi from "./locales/en/api.json";
import enBudgetsPage from "./locales/en/budgets-page.json";
import enCamera from "./locales/en/camera.json";
import enCommon from "./locales/en/common.json";
import enImportFlow from "./locales/en/import-flow.json";
import enLedger from "./locales/en/ledger.json";
import enMail from "./locales/en/mail.json";
import enPasswordFeedback from "./locales/en/password-feedback.json";
import enReports from "./locales/en/reports.json";
import enSchedulesPage from "./locales/en/schedules-page.json";
import enSettings from "./locales/en/settings.json";
import enSignup from "./locales/en/signup.json";
import enTransactionsPage from "./locales/en/transactions-page.json";
import esAccountsPage from "./locales/es/accounts-page.json";
import esApi from "./locales/es/api.json";
import esBudgetsPage from "./locales/es/budgets-page.json";
import esCamera from "./locales/es/camera.json";
import esCommon from "./locales/es/common.json";
import esImportFlow from "./locales/es/import-flow.json";
import esLedger from "./locales/es/ledger.json";
import esMail from "./locales/es/mail.json";
import esPasswordFeedback from "./locales/es/password-feedback.json";
import esReports from "./locales/es/reports.json";
import esSchedulesPage from "./locales/es/schedules-page.json";
import esSettings from "./locales/es/settings.json";
import esSignup from "./locales/es/signup.json";
import esTransactionsPage from "./locales/es/transactions-page.json";

/** English, the reference: every other language has each of its keys (the type checker holds it below). */
const en = {
  common: enCommon,
  ledger: enLedger,
  transactionsPage: enTransactionsPage,
  settings: enSettings,
  camera: enCamera,
  signup: enSignup,
  api: enApi,
  mail: enMail,
  passwordFeedback: enPasswordFeedback,
  reports: enReports,
  importFlow: enImportFlow,
  budgetsPage: enBudgetsPage,
  schedulesPage: enSchedulesPage,
  accountsPage: enAccountsPage,
};

/** The English shape with every text a string: what another language must have. */
export type TextsOf<T> = { [K in keyof T]: T[K] extends string ? string : TextsOf<T[K]> };
export type EnglishResources = typeof en;

/**
 * A missing Spanish key fails the type check. Extra keys pass, on purpose: Spanish has plural
 * forms English lacks (`_many`, CLDR); tests/unit/i18n.test.ts holds the rest of the key sets.
 */
const es = {
  common: esCommon,
  ledger: esLedger,
  transactionsPage: esTransactionsPage,
  settings: esSettings,
  camera: esCamera,
  signup: esSignup,
  api: esApi,
  mail: esMail,
  passwordFeedback: esPasswordFeedback,
  reports: esReports,
  importFlow: esImportFlow,
  budgetsPage: esBudgetsPage,
  schedulesPage: esSchedulesPage,
  accountsPage: esAccountsPage,
} satisfies TextsOf<EnglishResources>;

/**
 * Every namespace of both languages, for the server and the API, the mail and the API's own
 * messages included. The browser loads only its language's `common` and `ledger` first
 * (entry.client), and a page's own namespaces with that page (core/i18n/page-texts/).
 */
export const resources = { en, es } satisfies Record<Locale, Bundles>;
