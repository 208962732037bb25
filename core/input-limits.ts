/**
 * How long what people type may be: the schemas enforce these, the forms' `maxLength` stops
 * typing at them, and the messages and hints print them (i18n default variables such as
 * `{{passwordMax}}`, `{{payeeMax}}` and `{{receiptMaxMb}}`, app/i18n/config.ts), so each of these
 * numbers lives here only.
 * Free of zod, so the i18n setup of the first page load can import it.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** Files, in bytes: a receipt photo, and a bank's CSV file to import. */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** An account number: digits at most (IBAN's longest is 34 characters). */
export const ACCOUNT_NUMBER_MAX_DIGITS = 34;
/** Words of a text search (each one is a term of the FTS query). */
export const MAX_SEARCH_WORDS = 16;
/** Rows of one page of the transaction list (the API's `limit`). */
export const PAGE_SIZE_MAX = 200;
/** Lines of one budget: one per expense category and one for everything else, with room. */
export const BUDGET_LINES_MAX = 60;

/** Texts, in characters. */
export const TEXT_LIMITS = {
  userName: 80,
  accountName: 60,
  institution: 80,
  categoryName: 40,
  budgetName: 60,
  description: 200,
  payee: 100,
  notes: 1000,
  search: 200,
  /** A CSV file's name as the browser gives it, kept with the import's record (at most a file system's 255). */
  fileName: 255,
} as const;
