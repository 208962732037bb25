/**
 * The texts of the accounts page: its cards, groups and form; what the account's own page shows of
 * them stays in `ledger` (ADR 072), in both languages, as i18next namespaces: handed to
 * `addPageTexts` by the route module that shows them, so the browser downloads them with that
 * page's code (ADR 033, 042). One module per page, so that each page's chunk carries its own texts
 * only (ADR 074).
 */
import enAccountsPage from "../locales/en/accounts-page.json";
import esAccountsPage from "../locales/es/accounts-page.json";

export const accountsPageTexts = { en: { accountsPage: enAccountsPage }, es: { accountsPage: esAccountsPage } } as const;
