/**
 * Tooltips of icon-only controls (ADR 027): the control's own `aria-label`, drawn by CSS above it
 * after the seed's delay. Nothing is rendered per control, so a 50-row table costs no more to
 * serve, and the tooltips work before (and without) JavaScript. `useTooltips`
 * (app/components/ui.tsx) adds the skip delay and Escape.
 */
import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { TOOLTIP_DELAY_MS } from "../ui/constants";
import { vars } from "./theme.css";

const FADE = "120ms";
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const DELAY = `${TOOLTIP_DELAY_MS}ms`;
const shown = { opacity: 1, visibility: "visible", transition: `opacity ${FADE} ease ${DELAY}, visibility 0s linear ${DELAY}` } as const;

globalStyle("[data-tip]", { position: "relative" });
globalStyle("[data-tip]::after", {
  content: "attr(aria-label)",
  position: "absolute",
  // Above the control, aligned to its right edge: row actions sit in the last column, and a
  // tooltip above never covers the control beside it.
  bottom: "calc(100% + 4px)",
  right: 0,
  zIndex: 60,
  width: "max-content",
  maxWidth: "min(320px, 80vw)",
  // A row's name ends with its day and amount, what tells two rows apart (ADR 013): a long
  // description wraps onto more lines rather than cutting them off.
  whiteSpace: "normal",
  overflowWrap: "anywhere",
  textAlign: "start",
  padding: "4px 8px",
  borderRadius: vars.radius.sm,
  // Inverted colours stand out in the light and the dark theme alike.
  background: vars.color.text,
  color: vars.color.background,
  fontFamily: vars.font.body,
  fontSize: "0.8125rem",
  fontWeight: 400,
  lineHeight: 1.4,
  boxShadow: "0 2px 8px rgb(0 0 0 / 0.2)",
  opacity: 0,
  visibility: "hidden",
  transition: `opacity ${FADE} ease, visibility 0s linear ${FADE}`,
  "@media": { "(prefers-reduced-motion: reduce)": { transitionDuration: "0s" } },
});
// Keyboard focus shows it everywhere; hover only where there is a real pointer (a tap on a phone
// would otherwise leave a tooltip standing).
globalStyle("[data-tip]:focus-visible::after", shown);
globalStyle("[data-tip]:hover::after", { "@media": { "(hover: hover)": shown } });
// Within the skip delay of the last tooltip, the next one shows at once (`useTooltips` sets it).
globalStyle("[data-tooltips-warm] [data-tip]:focus-visible::after", { transitionDelay: "0s" });
globalStyle("[data-tooltips-warm] [data-tip]:hover::after", { "@media": { "(hover: hover)": { transitionDelay: "0s" } } });
globalStyle("[data-tip][data-tip-dismissed]::after", { display: "none" });

/** Radix's tooltip content (app/ui/tooltip.tsx): inverted colours stand out in either theme. */
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
