import { en } from "./locales/en";
import { es } from "./locales/es";

/** Both languages, for the server and the API. The browser loads only its own (entry.client). */
export const resources = {
  en: { translation: en },
  es: { translation: es },
} as const;
