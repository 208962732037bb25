import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/**
 * The out/in pair: two halves of one control, the chosen one filled. Its legend (floated, so a
 * flex item) takes a line of its own: beside the halves, in a narrow grid column (the edit form at
 * 1280 px), it squeezed them to a letter per line.
 */
export const segmented = style({ display: "flex", flexWrap: "wrap", border: 0, margin: 0, padding: 0, minWidth: 0 });
export const legend = style({ fontWeight: 600, fontSize: "0.95rem", padding: 0, marginBottom: vars.space.xs, float: "left", width: "100%", flex: "0 0 100%" });
export const choice = style({
  flex: "1 1 0",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  minHeight: "44px",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  fontWeight: 600,
  selectors: {
    "&:first-of-type": { borderRadius: `${vars.radius.md} 0 0 ${vars.radius.md}` },
    "&:last-of-type": { borderRadius: `0 ${vars.radius.md} ${vars.radius.md} 0`, borderLeftWidth: 0 },
    "&:has(input:checked)": { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary },
    "&:has(input:focus-visible)": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
    // A fixed direction (a transfer's leg): the chosen half still reads, the other is not offered.
    "&:has(input:disabled)": { cursor: "default" },
    "&:has(input:disabled:not(:checked))": { color: vars.color.textMuted },
  },
});
/** The radio itself stays in the page (keyboard, no-JS) but the half it sits in shows the choice. */
export const radio = style({ margin: 0, accentColor: vars.color.onPrimary });
