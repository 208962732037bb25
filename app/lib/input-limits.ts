/**
 * How long what people type may be: the schemas enforce these, the forms' `maxLength` stops
 * typing at them, and the messages and hints print them (i18n default variables such as
 * `{{passwordMax}}` and `{{payeeMax}}`, app/i18n/config.ts), so each of these numbers lives here only.
 * Free of zod, so the i18n setup of the first page load can import it.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** Texts, in characters. */
export const TEXT_LIMITS = {
  userName: 80,
  accountName: 60,
  institution: 80,
  categoryName: 40,
  description: 200,
  payee: 100,
  notes: 1000,
  search: 200,
} as const;
