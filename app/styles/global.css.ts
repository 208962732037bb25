import { globalStyle } from "@vanilla-extract/css";
import { breakpoints, vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { WebkitTextSizeAdjust: "100%" });
globalStyle("body", {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: "16px",
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
  // A word longer than its line (a pasted reference, a name typed without spaces) breaks instead
  // of running out of its box. Unlike "anywhere" it leaves min-content widths alone, so it changes
  // nothing in tables and flex rows; the places that show typed text in those say "anywhere".
  overflowWrap: "break-word",
  // The seed: light grey body on medium and larger screens.
  "@media": { [breakpoints.md]: { background: vars.color.backgroundMd } },
});
globalStyle("a", { color: vars.color.secondary });
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
globalStyle("h1, h2, h3", { lineHeight: 1.25, margin: "0 0 0.5em" });
globalStyle(".visually-hidden", {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});
