import type { i18n } from "i18next";
import type { Locale } from "./config";

/**
 * The types the app and the API translate with, and the helpers they import from here. The
 * translating itself is i18next's (ADR 042; i18next-options.ts).
 */
export { formatCount } from "./format-count";
export { addPageTexts } from "./page-bundles";

/** Values a text may print (`{{name}}`) and `count`, which also picks the plural form. */
export type TranslateOptions = Readonly<Record<string, unknown>>;

/** The text of a dotted key in one language; an unknown key answers itself. */
export type Translate = (key: string, options?: TranslateOptions) => string;

/** What a page renders with: the i18next instance, whose language never changes in place (ADR 008). */
export type I18n = Omit<i18n, "language" | "t"> & { readonly language: Locale; readonly t: Translate };
