import { useTranslation as useI18nextTranslation } from "react-i18next";
import type { I18n, Translate } from "../../core/i18n/translate";

/**
 * react-i18next's hook over the default namespace; a key of another namespace names it first
 * (`t("settings.title")`, i18next-options.ts). Typed as the app's `Translate` (any string key,
 * string result) and `I18n` (language narrowed to a supported locale), so the call sites and the
 * helpers that take a `t` are unchanged (ADR 042).
 */
export function useTranslation(): { t: Translate; i18n: I18n } {
  const { t, i18n } = useI18nextTranslation();
  return { t: t as unknown as Translate, i18n: i18n as unknown as I18n };
}
