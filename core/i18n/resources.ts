import type { Locale } from "./config";
import { en } from "./locales/en";
import { api as enApi } from "./locales/en/api";
import { mail as enMail } from "./locales/en/mail";
import { es } from "./locales/es";
import { api as esApi } from "./locales/es/api";
import { mail as esMail } from "./locales/es/mail";
import { cameraTexts, settingsTexts, signupTexts, transactionsPageTexts } from "./page-texts";
import type { Messages } from "./translate";

/**
 * Both languages, for the server and the API, with the mail and the error messages only the API
 * writes. The browser loads only its own language's `en` or `es` (entry.client), without them,
 * and a page's own texts with that page.
 */
export const resources: Readonly<Record<Locale, Messages>> = {
  en: { ...en, ...settingsTexts.en, ...cameraTexts.en, ...signupTexts.en, ...transactionsPageTexts.en, api: enApi, mail: enMail },
  es: { ...es, ...settingsTexts.es, ...cameraTexts.es, ...signupTexts.es, ...transactionsPageTexts.es, api: esApi, mail: esMail },
};
