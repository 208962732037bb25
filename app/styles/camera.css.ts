import { style } from "@vanilla-extract/css";
import { breakpoints, vars } from "./theme.css";

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space.lg, maxWidth: "760px" });

export const modes = style({ display: "inline-flex", border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, overflow: "hidden", alignSelf: "flex-start", maxWidth: "100%" });
export const modeButton = style({
  font: "inherit",
  fontWeight: 600,
  minHeight: "44px",
  padding: "8px 16px",
  border: 0,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    "&[aria-pressed='true']": { background: vars.color.primary, color: vars.color.onPrimary },
    "& + &": { borderLeft: `1px solid ${vars.color.border}` },
  },
});

export const viewport = style({
  position: "relative",
  width: "100%",
  aspectRatio: "4 / 3",
  background: "#0b1120",
  borderRadius: vars.radius.lg,
  overflow: "hidden",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  color: "#e2e8f0",
  "@media": { [breakpoints.md]: { maxWidth: "640px" } },
});
export const video = style({ width: "100%", height: "100%", objectFit: "cover" });
export const aim = style({
  position: "absolute",
  width: "60%",
  aspectRatio: "1 / 1",
  maxHeight: "80%",
  border: "3px solid rgba(255,255,255,0.85)",
  borderRadius: vars.radius.lg,
  boxShadow: "0 0 0 9999px rgba(0,0,0,0.25)",
  pointerEvents: "none",
});
export const placeholder = style({ padding: vars.space.lg, textAlign: "center", display: "flex", flexDirection: "column", alignItems: "center", gap: vars.space.sm });

export const preview = style({ width: "100%", maxWidth: "640px", borderRadius: vars.radius.lg, border: `1px solid ${vars.color.border}`, display: "block" });

export const details = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });
export const term = style({ color: vars.color.textMuted, fontWeight: 600 });
export const definition = style({ margin: 0, overflowWrap: "anywhere" });
export const amount = style({ fontSize: "1.5rem", fontWeight: 800, margin: 0 });
export const rawText = style({ fontFamily: vars.font.mono, fontSize: "0.875rem", whiteSpace: "pre-wrap", overflowWrap: "anywhere", background: vars.color.backgroundMd, padding: vars.space.sm, borderRadius: vars.radius.md, margin: 0 });

export { select } from "./ui.css";

/**
 * The recent transactions' radio group. A fieldset's default min-width is its content's min-content
 * width, so one long description made it, and the page, as wide as that description.
 */
export const txGroup = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });
export const txList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.xs });
export const txItem = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minHeight: "56px",
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.primary, background: vars.color.successSurface } },
});
export const txMain = style({ display: "flex", flexDirection: "column", minWidth: 0, flex: 1 });
// Wraps rather than being cut: the words that tell two similar transactions apart may be at the end.
export const txDescription = style({ fontWeight: 600, overflowWrap: "anywhere" });
export const thumb = style({ width: "48px", height: "48px", objectFit: "cover", borderRadius: vars.radius.sm, border: `1px solid ${vars.color.border}`, display: "block", flexShrink: 0 });
export const bigThumb = style({ width: "120px", height: "120px", objectFit: "cover", borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, display: "block" });
export const fileInput = style({ font: "inherit", maxWidth: "100%" });
