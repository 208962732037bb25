/**
 * The transactions list you can live in (issue 35, ADR 053): one line per movement on a phone
 * (date, description, amount; the rest on tap), compact rows on a desktop, the tools in a toolbar
 * whose panels float beside or over the table instead of pushing it down, and the bulk bar.
 */
import { globalStyle, style } from "@vanilla-extract/css";
import { breakpoints, vars } from "./theme.css";
import { COLUMN_LABELS_MAX, rowAction, rowActions, totalsBar } from "./ledger.css";

const phone = breakpoints.belowMd;
const desktop = "screen and (min-width: 1024px)";
const wide = "screen and (min-width: 1280px)";
/** The side panel's width at desktop sizes; the page leaves that much room at its right while one is open. */
const PANEL_WIDTH = "min(400px, 34vw)";

/** One row of tool buttons (each a <details> whose summary is the button). */
export const toolBar = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
globalStyle(`${toolBar} > details`, { background: "transparent", border: 0 });
globalStyle(`${toolBar} > details > summary`, {
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minHeight: "40px",
  // Five tools share one line beside an open panel at 1280 px (800 px left): tighter than a button.
  padding: "4px 12px",
  listStyle: "none",
});
globalStyle(`${toolBar} > details > summary::-webkit-details-marker`, { display: "none" });
globalStyle(`${toolBar} > details[open] > summary`, { background: vars.color.backgroundMd, borderColor: vars.color.text });
/*
 * An open tool's body is a panel: over the lower part of the screen on a phone (a sheet), at the
 * right of the page on a desktop, where the page makes room for it (`page:has(...)` below).
 * The forms inside are the tools' own, unchanged.
 */
globalStyle(`${toolBar} > details > :not(summary)`, {
  position: "fixed",
  zIndex: 40,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: "0 8px 32px rgb(0 0 0 / 0.25)",
  overflowY: "auto",
  overscrollBehavior: "contain",
  padding: vars.space.md,
  left: 0,
  right: 0,
  bottom: 0,
  maxHeight: "75vh",
  borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
  "@media": {
    [desktop]: { left: "auto", right: vars.space.md, top: "72px", bottom: vars.space.md, width: PANEL_WIDTH, maxHeight: "none", borderRadius: vars.radius.lg },
  },
});
/*
 * On a phone the sheet covers the toolbar, and so the button that closes it (session 33 QA: after
 * an import there was no way out but Escape, which phones lack). Its button comes along: a bar
 * under the sheet, across the screen, saying what is open and that a tap closes it. A summary
 * still, so it closes without JavaScript and says "expanded" to a screen reader.
 */
const SHEET_BAR = "48px";
const oneOpen = `${toolBar}:not(:has(> details[open] ~ details[open])) > details[open]`;
globalStyle(`${oneOpen} > summary`, {
  "@media": {
    [`not all and (min-width: 1024px)`]: {
      position: "fixed",
      zIndex: 41,
      left: 0,
      right: 0,
      bottom: 0,
      minHeight: SHEET_BAR,
      justifyContent: "center",
      // Its name shows again (the toolbar shows icons only on a phone).
      fontSize: "1rem",
      gap: vars.space.sm,
      borderRadius: 0,
      borderWidth: "1px 0 0",
      background: vars.color.surface,
    },
  },
});
globalStyle(`${oneOpen} > summary::after`, {
  "@media": { [`not all and (min-width: 1024px)`]: { content: '"✕" / ""', marginInlineStart: vars.space.sm, fontWeight: 700 } },
});
globalStyle(`${oneOpen} > :not(summary)`, {
  "@media": {
    [`not all and (min-width: 1024px)`]: { bottom: SHEET_BAR, maxHeight: `calc(75vh - ${SHEET_BAR})` },
    // A phone on its side (390 px high) left the sheet ~240 px: it takes all but a strip of the page above.
    [`screen and (max-width: 1023.98px) and (max-height: 500px)`]: { maxHeight: `calc(100dvh - ${SHEET_BAR} - 40px)` },
  },
});
/*
 * A file read for import: its preview table (five columns, the mapping beside) needs more than a
 * side panel, so the panel widens over the list while the user checks the file.
 */
globalStyle(`${toolBar} > details[open]:has([data-testid=import-preview]) > :not(summary)`, {
  "@media": { [desktop]: { width: `min(960px, calc(100vw - 2 * ${vars.space.md}))` } },
});
/*
 * Several panels open at once (the page reopened the forms that held typed text, after a change of
 * language): they cannot share the panel's place, so they come into the page's flow, one under
 * the other, until one is closed.
 */
const severalOpen = `${toolBar}:has(> details[open] ~ details[open])`;
globalStyle(severalOpen, { flexWrap: "wrap" });
// Never wider than the page (session 34 QA: on a phone without JavaScript, a second tool opened
// beside the import made the page 423 px wide: a flex item is at least as wide as its widest
// content, here the file field, unless told otherwise).
globalStyle(`${severalOpen} > details[open]`, { flexBasis: "100%", minWidth: 0, maxWidth: "100%" });
globalStyle(`${toolBar} input[type=file]`, { maxWidth: "100%" });
globalStyle(`${severalOpen} > details > :not(summary)`, { position: "static", boxShadow: "none", maxHeight: "none", width: "auto", borderRadius: vars.radius.lg, "@media": { [desktop]: { position: "static", width: "auto" } } });

/**
 * The page: at desktop sizes, room at the right for an open tool's panel, so it covers no row.
 * Closer parts on a phone, where every line counts.
 */
export const listPage = style({
  "@media": {
    // Room beside the panel from 1280 px; narrower desktops let the panel cover the list's right side.
    [wide]: { selectors: { [`&:has(${toolBar} > details[open])`]: { paddingRight: `calc(${PANEL_WIDTH} + ${vars.space.xl})` } } },
    [phone]: { gap: vars.space.sm },
  },
});
/** The heading: a smaller title on a phone. */
export const listHeading = style({});
globalStyle(`${listHeading} h1`, { "@media": { [phone]: { fontSize: "1.3rem" } } });
/** The balance: label and figure on one line on a phone. */
export const balanceLine = style({
  margin: 0,
  "@media": { [phone]: { display: "flex", gap: vars.space.sm, alignItems: "baseline", flexWrap: "wrap" } },
});
globalStyle(`${balanceLine} br`, { "@media": { [phone]: { display: "none" } } });
/*
 * On a phone the tools after the first show their icon only (their names stay, for screen readers
 * and as the buttons' names), so the four fit one line.
 */
globalStyle(`${toolBar} > details:not(:first-child) > summary`, { "@media": { [phone]: { fontSize: 0, gap: 0, paddingInline: "12px" } } });
globalStyle(`${toolBar} > details > summary`, { whiteSpace: "nowrap", "@media": { [phone]: { minHeight: "40px" } } });
globalStyle(`${toolBar}`, { "@media": { [phone]: { flexWrap: "nowrap" } } });
/*
 * The first tool (add) keeps a name on a phone: its short one ("Add", "Agregar"), since five tools
 * share the line and the whole name was cut ("Agregar …", session 33 QA); below 360 px, where
 * even that is cut, its icon only, as the others. The whole name stays for screen readers, and
 * shows again on the bar under its open sheet.
 */
globalStyle(`${toolBar} > details:first-child`, { "@media": { [phone]: { flex: "0 1 auto", minWidth: 0 } } });
const shownAgain = { position: "static", width: "auto", height: "auto", overflow: "visible", clip: "auto" } as const;
export const toolLabel = style({ "@media": { [phone]: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } } });
export const toolLabelShort = style({ display: "none", "@media": { [phone]: { display: "inline" }, [breakpoints.narrow]: { display: "none" } } });
globalStyle(`${toolLabelShort}::before`, { content: "attr(data-label)" });
globalStyle(`${oneOpen} > summary ${toolLabel}`, { "@media": { [phone]: shownAgain } });
globalStyle(`${oneOpen} > summary ${toolLabelShort}`, { "@media": { [phone]: { display: "none" } } });

/** The totals of the listed set: one line above the rows (two on a phone). */
export const totalsLine = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: `2px ${vars.space.md}`, fontSize: "0.9rem", paddingInline: vars.space.xs });
export const totalsTitle = style({ fontSize: "0.9rem", fontWeight: 600, margin: 0 });
globalStyle(`${totalsLine} ${totalsBar}`, { gap: `2px ${vars.space.md}` });
globalStyle(`${totalsLine} ${totalsBar} > div`, { display: "flex", gap: vars.space.xs, alignItems: "baseline" });
/** An open panel's close link (the summary above also closes it). */
export const panelClose = style({ alignSelf: "flex-end" });

/** The bulk bar: what to do with the checked rows. */
export const bulkBar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: "0.9rem",
});
export const bulkSelect = style({ maxWidth: "11rem", minHeight: "36px", paddingBlock: "4px" });
/** The bar's changes show once a row is checked (without a script too: the boxes are the form's). */
export const bulkChanges = style({ display: "contents" });
globalStyle(`div:not(:has(input[name="ids"]:checked)) > ${bulkBar} > ${bulkChanges}`, { display: "none" });
globalStyle(`${bulkBar} button, ${bulkBar} select`, { minHeight: "36px", paddingBlock: "4px" });

/** The undo offer of a delete made without JavaScript: where a toast would be. */
export const undoBar = style({
  position: "fixed",
  zIndex: 50,
  left: "50%",
  transform: "translateX(-50%)",
  bottom: vars.space.md,
  display: "flex",
  gap: vars.space.md,
  alignItems: "center",
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: "0 4px 16px rgb(0 0 0 / 0.2)",
  maxWidth: "calc(100vw - 32px)",
});
export const toastDetail = style({ fontSize: "0.875rem", overflowWrap: "anywhere" });
export const toastActions = style({ display: "flex", gap: vars.space.sm, alignItems: "center", flexWrap: "wrap" });

/**
 * The table. Desktop: every column, rows of one line where the text allows. Phone: each row is
 * one line of check box, date, description and amount; its other cells show when the row is
 * opened (its `expander` check box, which the description's label toggles: no script needed).
 */
export const compactTable = style({});
// With a panel open the running balance and receipt columns step aside, so the description keeps its room.
globalStyle(`${listPage}:has(${toolBar} > details[open]) ${compactTable} :is(th, td):is(:nth-child(6), :nth-child(8))`, { "@media": { [desktop]: { display: "none" } } });
globalStyle(`${compactTable} th, ${compactTable} td`, { paddingBlock: "6px" });
globalStyle(`${compactTable} caption`, { paddingBlock: "6px" });
// Row actions a size smaller: they set a desktop row's height.
globalStyle(`${compactTable} ${rowActions} ${rowAction}`, { padding: "4px 8px", minHeight: "32px" });
globalStyle(`${compactTable} ${rowActions}`, { gap: vars.space.xs });
export const selectCell = style({ width: "1%", paddingInlineEnd: "0 !important" });
export const rowCheck = style({ width: "20px", height: "20px", margin: 0, verticalAlign: "middle", position: "relative", zIndex: 1 });
/** The check box that opens a row on a phone: not shown (its label, the description, is what one taps); not there at all on a desktop. */
export const expander = style({
  position: "absolute",
  opacity: 0,
  width: "1px",
  height: "1px",
  "@media": { "screen and (min-width: 768px)": { display: "none" } },
});
/** The description's label: on a phone it covers the whole line, so a tap anywhere on it opens the row. */
export const expanderLabel = style({
  "@media": { [phone]: { cursor: "pointer", selectors: { "&::after": { content: '""', position: "absolute", inset: 0 } } } },
});
globalStyle(`${compactTable} thead`, {
  "@media": { [phone]: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } },
});
globalStyle(`${compactTable}, ${compactTable} tbody`, { "@media": { [phone]: { display: "block", width: "100%" } } });
globalStyle(`${compactTable} > tbody > tr`, {
  "@media": {
    [phone]: {
      position: "relative",
      display: "grid",
      gridTemplateColumns: "auto auto minmax(0, 1fr) auto",
      alignItems: "center",
      columnGap: vars.space.sm,
      padding: "0 12px",
      minHeight: "44px",
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
globalStyle(`${compactTable} > tbody > tr > *`, { "@media": { [phone]: { border: 0, padding: "6px 0", display: "none" } } });
// The line: check box (1), date (2), description (3), amount (5); the category (4) is a detail.
for (const column of [1, 2, 3, 5]) globalStyle(`${compactTable} > tbody > tr > :nth-child(${column})`, { "@media": { [phone]: { display: "block" } } });
globalStyle(`${compactTable} > tbody > tr > :nth-child(3)`, { "@media": { [phone]: { minWidth: 0 } } });
// On the line the description and its extras stay on one line, cut with an ellipsis.
globalStyle(`${compactTable} > tbody > tr:not(:has(> th :checked)) > :nth-child(3) > *`, {
  "@media": { [phone]: { display: "block", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" } },
});
globalStyle(`${compactTable} > tbody > tr:not(:has(> th :checked)) > :nth-child(3) br, ${compactTable} > tbody > tr:not(:has(> th :checked)) > :nth-child(3) [data-testid="notes"]`, {
  "@media": { [phone]: { display: "none" } },
});
globalStyle(`${compactTable} > tbody > tr > :nth-child(5)`, { "@media": { [phone]: { textAlign: "end" } } });
// An opened row: its other cells below the line, each with its column's name.
globalStyle(`${compactTable} > tbody > tr:has(> th :checked) > *`, { "@media": { [phone]: { display: "flex", gridColumn: "1 / -1", justifyContent: "space-between", gap: vars.space.sm, order: 2 } } });
// Above the line's tap area (the label's ::after covers the whole row), so its buttons take the taps.
globalStyle(`${compactTable} > tbody > tr:has(> th :checked) > *`, { "@media": { [phone]: { position: "relative", zIndex: 1 } } });
globalStyle(`${compactTable} > tbody > tr:has(> th :checked) > :is(:nth-child(-n+3), :nth-child(5))`, { "@media": { [phone]: { display: "block", gridColumn: "auto", order: 0 } } });
// Opened, the description and its extras (payee, transfer, rate note) take a line of their own under
// the date and amount: in the line's middle column they broke a word per line at 320-390 px
// (session 35's tester: a transfer's row grew 1,538 px tall).
globalStyle(`${compactTable} > tbody > tr:has(> th :checked) > :nth-child(3)`, { "@media": { [phone]: { gridColumn: "1 / -1", order: 1 } } });
globalStyle(`${compactTable} > tbody > tr:has(> th :checked) > :nth-child(5)`, { "@media": { [phone]: { gridColumn: "4" } } });
globalStyle(`${compactTable} > tbody > tr:has(> th :checked)`, { "@media": { [phone]: { background: vars.color.backgroundMd, paddingBottom: vars.space.sm } } });
globalStyle(`${compactTable} > tbody > tr:has(> th :checked) > td[data-empty]`, { "@media": { [phone]: { display: "none" } } });
for (const column of [4, ...Array.from({ length: COLUMN_LABELS_MAX - 5 }, (_, at) => at + 6)]) {
  globalStyle(`${compactTable} > tbody > tr:has(> th :checked) > :nth-child(${column})::before`, {
    "@media": { [phone]: { content: `var(--column-label-${column})`, fontWeight: 600, color: vars.color.textMuted, flexShrink: 0 } },
  });
}
// A row's edit form (a row of its own) and the pending row: whole on a phone.
globalStyle(`${compactTable} > tbody > tr > td[data-full]`, { "@media": { [phone]: { display: "block", gridColumn: "1 / -1" } } });
/** The row's details on a phone: a visible "Details" hint for the line, hidden on a desktop. */
export const phoneOnly = style({ "@media": { "screen and (min-width: 768px)": { display: "none" } } });
