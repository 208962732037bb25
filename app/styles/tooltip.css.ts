/**
 * The look of Radix's tooltip content (app/ui/tooltip.tsx, ADR 043): inverted theme colours, so it
 * stands out in the light and the dark theme alike, and a short fade that reduced motion skips.
 */
import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const content = style({
  zIndex: 60,
  maxWidth: "min(320px, 80vw)",
  // A row's name ends with its day and amount, what tells two rows apart (ADR 013): a long
  // description wraps onto more lines rather than cutting them off.
  whiteSpace: "normal",
  overflowWrap: "anywhere",
  padding: "4px 8px",
  borderRadius: vars.radius.sm,
  background: vars.color.text,
  color: vars.color.background,
  fontFamily: vars.font.body,
  fontSize: "0.8125rem",
  lineHeight: 1.4,
  boxShadow: "0 2px 8px rgb(0 0 0 / 0.2)",
  animation: `${fadeIn} 120ms ease`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});
