import common from "./en/common.json";
import ledger from "./en/ledger.json";

/**
 * English texts the browser loads on the first visit, by namespace (entry.client): `common` and
 * `ledger`. A page's own namespaces come with that page's code (core/i18n/page-texts/), and the
 * API's and the mail's stay on the server (resources.ts).
 */
export const enFirstVisit = { common, ledger };

/** The same texts as one tree (`en.ledger.defaultCategories`), for code that reads a text itself. */
export const en = { ...common, ledger };
