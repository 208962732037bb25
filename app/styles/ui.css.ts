import { style, styleVariants } from "@vanilla-extract/css";
import { breakpoints, vars } from "./theme.css";

export const skipLink = style({
  position: "absolute",
  left: vars.space.sm,
  top: "-100px",
  padding: vars.space.sm,
  background: vars.color.surface,
  zIndex: 100,
  selectors: { "&:focus": { top: vars.space.sm } },
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  // 48 px of a 320 px screen was too much to give away: tables in cards broke their words.
  "@media": { [breakpoints.narrow]: { padding: vars.space.md } },
});

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md });
export const row = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });
export const label = style({ fontWeight: 600, fontSize: "0.95rem" });
export const hint = style({ color: vars.color.textMuted, fontSize: "0.875rem", margin: 0 });
/** The box every form control shares: inputs, selects, textareas. */
const control = style({
  font: "inherit",
  padding: "10px 12px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  minHeight: "44px",
  // Disabled: greyed and dashed, so it does not pass for a field waiting to be filled (QA, session 23).
  selectors: { "&[aria-invalid='true']": { borderColor: vars.color.error }, "&:disabled": { opacity: 0.6, cursor: "not-allowed", background: vars.color.backgroundMd, borderStyle: "dashed" } },
});
export const input = style([control]);
/** Native <select>: same box as inputs, never wider than its column. */
export const select = style([control, { maxWidth: "100%" }]);
export const fieldError = style({ color: vars.color.error, fontSize: "0.875rem", margin: 0 });
export const checkboxRow = style({ display: "flex", alignItems: "center", gap: vars.space.sm, minHeight: "44px" });

const buttonBase = style({
  font: "inherit",
  fontWeight: 600,
  borderRadius: vars.radius.md,
  padding: "10px 16px",
  minHeight: "44px",
  border: "1px solid transparent",
  cursor: "pointer",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  textDecoration: "none",
  selectors: { "&:disabled": { opacity: 0.6, cursor: "progress" } },
});
/**
 * One palette (ADR 055): `primary` green for the one action a form or panel is for; `danger` red for
 * what deletes or undoes (a delete, an import's undo, a photo's removal); `secondary` and `ghost`
 * neutral for everything else (cancel, edit, paging). Text on each keeps 4.5:1 in both themes.
 */
export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.primary, color: vars.color.onPrimary, selectors: { "&:hover:not(:disabled)": { background: vars.color.primaryHover } } }],
  // White on the light theme's red (6.5:1), near-black on the dark theme's lighter red (6.45:1); hover darkens a little and stays above 4.5.
  danger: [buttonBase, { background: vars.color.error, color: vars.color.background, selectors: { "&:hover:not(:disabled)": { filter: "brightness(0.92)" } } }],
  secondary: [buttonBase, { background: vars.color.surfaceRaised, color: vars.color.text, borderColor: vars.color.border, selectors: { "&:hover:not(:disabled)": { borderColor: vars.color.textMuted } } }],
  ghost: [buttonBase, { background: "transparent", color: vars.color.text, borderColor: vars.color.border }],
  // At least 32px tall: a target a thumb can hit (WCAG 2.5.8 asks 24), though it reads as a link.
  link: [buttonBase, { background: "transparent", color: vars.color.secondary, padding: "4px", minHeight: "32px", textDecoration: "underline" }],
});

export const alert = styleVariants({
  error: { background: vars.color.errorSurface, color: vars.color.text, borderLeft: `4px solid ${vars.color.error}`, padding: vars.space.md, borderRadius: vars.radius.md, margin: 0 },
  success: { background: vars.color.successSurface, color: vars.color.text, borderLeft: `4px solid ${vars.color.success}`, padding: vars.space.md, borderRadius: vars.radius.md, margin: 0 },
  info: { background: vars.color.infoSurface, color: vars.color.text, borderLeft: `4px solid ${vars.color.info}`, padding: vars.space.md, borderRadius: vars.radius.md, margin: 0 },
  warning: { background: vars.color.warningSurface, color: vars.color.text, borderLeft: `4px solid ${vars.color.warning}`, padding: vars.space.md, borderRadius: vars.radius.md, margin: 0 },
});

/** The server-rendered stand-in for a toast where scripts do not run (root.tsx). */
export const flashWithoutScripts = style({ width: `min(640px, calc(100% - 2 * ${vars.space.md}))`, margin: `${vars.space.md} auto 0`, boxSizing: "border-box" });

/** Page titles can hold an account's name, a word of up to 60 letters: it breaks rather than widen the page. */
export const pageHeading = style({ fontSize: "1.5rem", margin: `0 0 ${vars.space.md}`, overflowWrap: "anywhere", "@media": { [breakpoints.md]: { fontSize: "1.75rem" } } });
export const muted = style({ color: vars.color.textMuted });
