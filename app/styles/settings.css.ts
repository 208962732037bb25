import { style } from "@vanilla-extract/css";
import { breakpoints, vars } from "./theme.css";

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space.lg, maxWidth: "760px" });

export const sectionNav = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, margin: 0, padding: 0, listStyle: "none" });
export const sectionNavLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: "8px 12px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  background: vars.color.surface,
  selectors: { "&:hover": { background: vars.color.backgroundMd } },
});

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.md, scrollMarginTop: vars.space.md });
export const sectionTitle = style({ fontSize: "1.25rem", margin: 0 });
export const subTitle = style({ fontSize: "1.05rem", margin: 0 });
export const divider = style({ border: 0, borderTop: `1px solid ${vars.color.border}`, margin: `${vars.space.sm} 0`, width: "100%" });

export { select } from "./ui.css";

export const fieldset = style({ border: 0, padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: vars.space.xs });
export const radios = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
export const radio = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "44px",
  padding: "0 12px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.primary, background: vars.color.successSurface } },
});

export const sessionList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });
export const sessionItem = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  "@media": { [breakpoints.md]: { flexDirection: "row", alignItems: "center", justifyContent: "space-between" } },
});
export const sessionMeta = style({ display: "flex", flexDirection: "column", gap: "2px", minWidth: 0 });
export const sessionDevice = style({ fontWeight: 600, display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });
export const badge = style({
  fontSize: "0.8rem",
  fontWeight: 700,
  padding: "2px 8px",
  borderRadius: "999px",
  background: vars.color.successSurface,
  color: vars.color.text,
  border: `1px solid ${vars.color.success}`,
});
export const small = style({ fontSize: "0.875rem", color: vars.color.textMuted, margin: 0, overflowWrap: "anywhere" });

export const dangerZone = style({ borderColor: vars.color.error });

/** Categories (rows of ledger.css's `list`): the name first; the edit form opens below across the row. */
// Beside its buttons where there is room; on a phone, on its own line above them.
export const categoryName = style({ flex: "1 1 12rem", minWidth: 0, overflowWrap: "break-word" });
export const categoryActions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-start",
  gap: vars.space.sm,
  marginLeft: "auto",
  // An open edit form takes the whole width of the row.
  selectors: { "&:has(details[open])": { flexBasis: "100%" } },
});
export const categoryEdit = style({
  selectors: {
    // Open, it takes the row: its summary, then the form; Delete follows below it.
    "&[open]": { flexBasis: "100%" },
  },
});
export const categoryFields = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fit, minmax(10rem, 1fr))" });
