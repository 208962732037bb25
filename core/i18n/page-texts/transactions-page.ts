/**
 * The texts of an account's transactions and the register, in both languages, as i18next
 * namespaces: handed to `addPageTexts` by the route module that shows them, so the browser
 * downloads them with that page's code (ADR 033, 042). One module per page, so that each page's
 * chunk carries its own texts only (ADR 074).
 */
import enTransactionsPage from "../locales/en/transactions-page.json";
import esTransactionsPage from "../locales/es/transactions-page.json";

export const transactionsPageTexts = { en: { transactionsPage: enTransactionsPage }, es: { transactionsPage: esTransactionsPage } } as const;
