import { createContext, useContext } from "react";
import type { I18n, Translate } from "../../core/i18n/translate";

/** Provided by entry.server and entry.client around the whole document. */
export const I18nContext = createContext<I18n | null>(null);

/**
 * The page's `t` and language. One `t` serves the whole page and the language never changes
 * under a mounted page (ADR 008), so, unlike react-i18next's hook, nothing subscribes to anything
 * and nothing is copied per component.
 */
export function useTranslation(): { t: Translate; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation needs the I18nContext provider (entry.server, entry.client)");
  return { t: i18n.t, i18n };
}
