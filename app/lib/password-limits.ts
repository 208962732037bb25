/**
 * The password length rule: the schemas enforce it, and the messages and hints print it (as the
 * i18n default variables `passwordMin` and `passwordMax`), so the number lives here only. Free
 * of zod, so the i18n setup of the first page load can import it.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
