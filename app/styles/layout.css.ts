import { style } from "@vanilla-extract/css";
import { breakpoints, vars } from "./theme.css";

/**
 * The page's width. The transactions table has eight columns; seven keep their content's width
 * (dates, amounts, badges, buttons), and at 1120 px the description, which may wrap anywhere, was
 * left ~180 px in Spanish. 1280 px gives it about twice that on a desktop.
 */
const PAGE_MAX_WIDTH = "1280px";

export const header = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const headerInner = style({
  maxWidth: PAGE_MAX_WIDTH,
  margin: "0 auto",
  padding: `${vars.space.sm} ${vars.space.md}`,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  // At 320 px the name, search, language and "Cerrar sesión" fit one row only this close.
  "@media": { [breakpoints.narrow]: { columnGap: vars.space.xs } },
});
export const brand = style({ fontWeight: 800, fontSize: "1.25rem", color: vars.color.primary, textDecoration: "none", marginRight: "auto" });
export const nav = style({ order: 3, width: "100%", "@media": { [breakpoints.md]: { order: 0, width: "auto", marginRight: vars.space.md } } });
export const navList = style({ display: "flex", gap: vars.space.xs, listStyle: "none", margin: 0, padding: 0 });
export const navItem = style({ flex: "1 1 0", "@media": { [breakpoints.md]: { flex: "0 0 auto" } } });
/** "More": a disclosure whose list floats under it, over the page, at the end of the row. */
export const more = style({ position: "relative" });
export const moreSummary = style({
  listStyle: "none",
  cursor: "pointer",
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    "&[data-current='true']": { background: vars.color.successSurface, fontWeight: 700 },
  },
});
export const moreList = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 4px)",
  zIndex: 30,
  minWidth: "13rem",
  margin: 0,
  padding: vars.space.xs,
  listStyle: "none",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: "0 8px 24px rgb(0 0 0 / 0.18)",
});
export const moreLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "44px",
  padding: "8px 12px",
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 500,
  selectors: {
    "&[aria-current='page']": { background: vars.color.successSurface, fontWeight: 700 },
    "&:hover": { background: vars.color.backgroundMd },
  },
});
/** Phones: the items share the width, icon above label (2px sides: five fit at 390 px in Spanish); wider screens: one row. */
export const navLink = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: "2px",
  padding: "6px 2px",
  fontSize: "0.8125rem",
  "@media": { [breakpoints.md]: { flexDirection: "row", gap: vars.space.xs, padding: "8px 12px", fontSize: "1rem" } },
  minHeight: "44px",
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 500,
  selectors: {
    "&[aria-current='page']": { background: vars.color.successSurface, color: vars.color.text, fontWeight: 700 },
    "&:hover": { background: vars.color.backgroundMd },
  },
});
export const main = style({ maxWidth: PAGE_MAX_WIDTH, margin: "0 auto", padding: vars.space.md, "@media": { [breakpoints.md]: { padding: vars.space.lg } } });

export const loginShell = style({ minHeight: "100vh", display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", padding: vars.space.md });
export const loginCard = style({
  width: "100%",
  maxWidth: "420px",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
});
export const loginBrand = style({ fontWeight: 800, fontSize: "1.75rem", color: vars.color.primary, textAlign: "center", margin: 0 });
export const loginFooter = style({ marginTop: vars.space.md, display: "flex", justifyContent: "center" });

const phone = breakpoints.belowMd;
/**
 * The header's language and sign-out buttons. On phones they sit beside the product name as the
 * navigation's items do below it: the icon above a short caption, so "Sign out" is read, not
 * guessed from an icon. Wider screens: icon and text in one row, as every button.
 */
export const headerAction = style({
  "@media": {
    [phone]: { selectors: { [`${headerInner} &`]: { flexDirection: "column", gap: "2px", padding: "4px 10px", fontSize: "0.75rem", fontWeight: 500, lineHeight: 1.2 } } },
    [breakpoints.narrow]: { selectors: { [`${headerInner} &`]: { paddingInline: "6px" } } },
  },
});
