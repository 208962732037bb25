import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

/** A chart scales with its box (viewBox): never wider than the page, at any width. */
export const chart = style({ display: "block", width: "100%", height: "auto", maxWidth: "min(100%, 760px)", overflow: "visible" });
/**
 * The frame is a size container: a chart's text is in the drawing's units (560 wide), so on a phone
 * (a chart ~310 px wide) 12 units read as 7 px. Below 480 px of chart the text grows to read as
 * 10–12 px, and labels marked `wideOnly` step aside to leave it room.
 */
export const frame = style({ minWidth: 0, maxWidth: "100%", containerType: "inline-size" });
const NARROW = "(max-width: 479.98px)";
const NARROWEST = "(max-width: 299.98px)";
export const axisText = style({
  fill: vars.color.textMuted,
  fontSize: "12px",
  fontFamily: "inherit",
  "@container": { [NARROW]: { fontSize: "20px" }, [NARROWEST]: { fontSize: "24px" } },
});
/** A gridline's figure, inside the plot: a halo of the card's colour keeps it legible over a bar. */
export const tickText = style({ paintOrder: "stroke", stroke: vars.color.surface, strokeWidth: "4px", strokeLinejoin: "round" });
export const wideOnly = style({ "@container": { [NARROW]: { display: "none" } } });
export const gridLine = style({ stroke: vars.color.border, strokeWidth: 1 });
export const zeroLine = style({ stroke: vars.color.textMuted, strokeWidth: 1 });
export const legend = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.xs} ${vars.space.md}`, listStyle: "none", margin: 0, padding: 0, fontSize: "0.875rem" });
export const legendItem = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, overflowWrap: "anywhere" });
export const swatch = style({ display: "inline-block", flexShrink: 0, width: "0.8em", height: "0.8em", borderRadius: "2px", border: `1px solid ${vars.color.border}` });

/** The top payees' bars (hbar-chart.tsx): name, bar, amount in a row; on a narrow chart the name goes over them. */
export const hbars = style({ display: "grid", gap: vars.space.xs, maxWidth: "760px", fontSize: "0.875rem", color: vars.color.text });
/** The gap between a bar and its amount (hbar-chart.tsx leaves the longest amount's width and this). */
export const HBAR_GAP = "8px";
export const hbarRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 30%) minmax(0, 1fr)",
  gridTemplateAreas: '"name bar"',
  alignItems: "center",
  columnGap: vars.space.sm,
  "@container": { [NARROW]: { gridTemplateColumns: "minmax(0, 1fr)", gridTemplateAreas: '"name" "bar"' } },
});
export const hbarName = style({ gridArea: "name", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", textAlign: "end", "@container": { [NARROW]: { textAlign: "start" } } });
export const hbarTrack = style({ gridArea: "bar", display: "flex", alignItems: "center", gap: HBAR_GAP, minWidth: 0 });
export const hbar = style({ display: "block", flexShrink: 0, height: "14px", minWidth: "1px", borderRadius: "2px" });
export const hbarValue = style({ flex: "1 1 auto", minWidth: 0, fontVariantNumeric: "tabular-nums", color: vars.color.textMuted });
