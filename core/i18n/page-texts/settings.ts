/**
 * The texts of the settings page, in both languages, as i18next namespaces: handed to
 * `addPageTexts` by the route module that shows them, so the browser downloads them with that
 * page's code (ADR 033, 042). One module per page, so that each page's chunk carries its own texts
 * only (ADR 074).
 */
import enSettings from "../locales/en/settings.json";
import esSettings from "../locales/es/settings.json";

export const settingsTexts = { en: { settings: enSettings }, es: { settings: esSettings } } as const;
