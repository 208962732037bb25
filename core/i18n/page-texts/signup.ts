/**
 * The texts of sign-up and its confirmation, in both languages, as i18next namespaces: handed to
 * `addPageTexts` by the route module that shows them, so the browser downloads them with that
 * page's code (ADR 033, 042). One module per page, so that each page's chunk carries its own texts
 * only (ADR 074).
 */
import enSignup from "../locales/en/signup.json";
import esSignup from "../locales/es/signup.json";

export const signupTexts = { en: { signup: enSignup }, es: { signup: esSignup } } as const;
