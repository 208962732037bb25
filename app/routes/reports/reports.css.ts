import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";
import * as ui from "../../styles/ui.css";

export const section = style([ui.card, ui.stack, { minWidth: 0 }]);
export const table = style({ whiteSpace: "nowrap" });
globalStyle(`${table} th, ${table} td`, { padding: `${vars.space.xs} ${vars.space.md}`, textAlign: "start" });
export const numeric = style({ fontVariantNumeric: "tabular-nums", selectors: { [`${table} &`]: { textAlign: "end" } } });
export const native = style({ display: "inline-flex", flexWrap: "wrap", gap: `0 ${vars.space.sm}`, fontSize: "0.875rem" });
export const download = style({ color: vars.color.primary, fontWeight: 600, minHeight: "44px", display: "inline-flex", alignItems: "center" });
export const filters = style([ui.card, { display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "flex-end", border: "none", margin: 0, minWidth: 0 }]);
export const fieldset = style({ border: "none", margin: 0, padding: 0, minWidth: 0, display: "flex", flexWrap: "wrap", gap: `0 ${vars.space.md}` });
export const rates = style({ fontSize: "0.875rem", color: vars.color.textMuted, display: "flex", flexDirection: "column", gap: vars.space.xs });
