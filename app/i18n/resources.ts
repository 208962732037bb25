import type { Locale } from "./config";
import { en } from "./locales/en";
import { es } from "./locales/es";
import type { Messages } from "./translate";

/** Both languages, for the server and the API. The browser loads only its own (entry.client). */
export const resources: Readonly<Record<Locale, Messages>> = { en, es };
