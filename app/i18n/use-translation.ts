import { useContext } from "react";
import { I18nContext } from "react-i18next";
import type { i18n as I18nextInstance } from "i18next";
import { cachedTranslate } from "../../core/i18n/cached-translate";
import type { I18n, Translate } from "../../core/i18n/translate";

/**
 * The instance the entry put in context (I18nextProvider) and its `t` over the default namespace; a
 * key of another namespace names it first (`t("settings.title")`, i18next-options.ts). Typed as the
 * app's `Translate` (any string key, string result) and `I18n` (language narrowed to a supported
 * locale), so the call sites and the helpers that take a `t` are unchanged (ADR 042).
 *
 * Not react-i18next's `useTranslation`: that one, per component and per render, copies the whole
 * instance into a wrapper (so that a language change gives a new object), subscribes to language
 * changes and builds a fixed `t`: the largest single cost of rendering a page on the server
 * (ADR 067). A page's language never changes in place (ADR 008), and every namespace a page
 * renders is in the store before it renders (entry.client, page-bundles.ts), so nothing here
 * needs to re-render: one `t` per instance, the same in every component.
 */
export function useTranslation(): { t: Translate; i18n: I18n } {
  const instance = useContext(I18nContext)?.i18n;
  if (!instance) throw new Error("useTranslation: no i18next instance in context (the entries render inside I18nextProvider)");
  return { t: cachedTranslate(instance as I18nextInstance), i18n: instance as unknown as I18n };
}
