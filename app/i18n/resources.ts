import type { Locale } from "./config";
import { en } from "./locales/en";
import { mail as enMail } from "./locales/en/mail";
import { es } from "./locales/es";
import { mail as esMail } from "./locales/es/mail";
import type { Messages } from "./translate";

/**
 * Both languages, for the server and the API, with the mail the API writes. The browser loads only
 * its own language's `en` or `es` (entry.client), without the mail it never shows.
 */
export const resources: Readonly<Record<Locale, Messages>> = { en: { ...en, mail: enMail }, es: { ...es, mail: esMail } };
