import { style } from "@vanilla-extract/css";
import { breakpoints, vars } from "../styles/theme.css";

/**
 * The header's search: a GET form to the register. Phones: after the navigation, the whole width
 * (a field narrower than a word is no field); wider screens: beside the navigation.
 */
export const form = style({
  order: 4,
  width: "100%",
  display: "flex",
  gap: vars.space.xs,
  "@media": { [breakpoints.md]: { order: 0, width: "auto", flex: "0 1 16rem" } },
});
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
