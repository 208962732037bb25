import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

/** A chart scales with its box (viewBox): never wider than the page, at any width. */
export const chart = style({ display: "block", width: "100%", height: "auto", maxWidth: "min(100%, 760px)", overflow: "visible" });
export const axisText = style({ fill: vars.color.textMuted, fontSize: "12px", fontFamily: "inherit" });
export const gridLine = style({ stroke: vars.color.border, strokeWidth: 1 });
export const zeroLine = style({ stroke: vars.color.textMuted, strokeWidth: 1 });
export const legend = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.xs} ${vars.space.md}`, listStyle: "none", margin: 0, padding: 0, fontSize: "0.875rem" });
export const legendItem = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, overflowWrap: "anywhere" });
export const swatch = style({ display: "inline-block", flexShrink: 0, width: "0.8em", height: "0.8em", borderRadius: "2px", border: `1px solid ${vars.color.border}` });
export const frame = style({ minWidth: 0, maxWidth: "100%" });
