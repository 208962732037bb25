import { globalStyle, style } from "@vanilla-extract/css";
import { breakpoints, vars } from "../styles/theme.css";

/**
 * The header's search: a GET form to the register. Wider screens: the field beside the navigation.
 * Phones: only its button beside the product name (a row of its own on every page would push an
 * account's list below the fold); it opens the register, where the field has the whole width
 * after the navigation (`formOnRegister`).
 */
export const form = style({
  display: "flex",
  gap: vars.space.xs,
  "@media": { [breakpoints.md]: { flex: "0 1 12rem" } },
});
export const formOnRegister = style({
  "@media": { [breakpoints.belowMd]: { order: 4, width: "100%" } },
});
export const inputOffRegister = style({
  "@media": { [breakpoints.belowMd]: { display: "none" } },
});
/**
 * Quick add in the header: an icon with its name for screen readers and a tooltip on wider
 * screens; phones leave it to the overview's and the list's own add buttons (the header's row
 * holds the language and sign-out buttons with their captions, ADR 051).
 */
export const quickAdd = style({
  "@media": { [breakpoints.belowMd]: { display: "none" } },
});
globalStyle(`${quickAdd} > span`, { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" });
export const input = style({
  flex: "1 1 auto",
  minWidth: 0,
  font: "inherit",
  padding: "6px 10px",
  minHeight: "40px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
});
export const button = style({ flex: "0 0 auto", minHeight: "40px", minWidth: "40px", padding: "0 10px" });
