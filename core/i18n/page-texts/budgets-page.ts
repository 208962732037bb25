/**
 * The texts of the budgets page; the header's link, the overview's card and the schemas' errors
 * stay in `ledger` (ADR 072), in both languages, as i18next namespaces: handed to `addPageTexts`
 * by the route module that shows them, so the browser downloads them with that page's code (ADR
 * 033, 042). One module per page, so that each page's chunk carries its own texts only (ADR 074).
 */
import enBudgetsPage from "../locales/en/budgets-page.json";
import esBudgetsPage from "../locales/es/budgets-page.json";

export const budgetsPageTexts = { en: { budgetsPage: enBudgetsPage }, es: { budgetsPage: esBudgetsPage } } as const;
