import common from "./es/common.json";
import ledger from "./es/ledger.json";

/** Spanish texts the browser loads on the first visit, by namespace (see en.ts). */
export const esFirstVisit = { common, ledger };

/** The same texts as one tree, for code that reads a text itself. */
export const es = { ...common, ledger };
