/** The ledger pages: overview, accounts, transactions (tables become lists on phones). */
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { breakpoints, vars } from "./theme.css";
import { select } from "./ui.css";

const phone = breakpoints.belowMd;

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });
export const headingRow = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: vars.space.sm });
export const sectionTitle = style({ fontSize: "1.2rem", margin: `0 0 ${vars.space.sm}` });
export const subTitle = style({ fontSize: "1rem", margin: `0 0 ${vars.space.sm}` });
/**
 * Figures side by side (balances and totals per currency, the month's in and out): a wrapping row,
 * not equal grid columns. Each figure is as wide as its amount, at least 12rem, so a long amount
 * ("€ 999,999,999,999.99") moves to the next line instead of running over its neighbour; only one
 * wider than the whole line breaks (statValue).
 */
export const grid = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.md} ${vars.space.lg}` });
/**
 * Figures in columns that line up from card to card (a budget's lines and its total): every card
 * of the same width gets the same columns, and a figure never sets its column's width.
 */
export const figureGrid = style({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(8.5rem, 1fr))", gap: `${vars.space.md} ${vars.space.lg}`, margin: 0 });
export const cardGrid = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 320px), 1fr))", listStyle: "none", margin: 0, padding: 0 });
// minmax(0, 1fr): a plain 1fr column is never narrower than its longest word, so one long name would widen both.
export const twoColumns = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space.lg, alignItems: "start", "@media": { [breakpoints.md]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)" } } });
export const stat = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, flex: "1 0 auto", minWidth: "min(100%, 12rem)", maxWidth: "100%" });
/**
 * A stat of a block whose rows should line up (the month's money in and out per currency): each
 * starts from nothing and shares the line equally, so every row's "out" starts at the same place,
 * unless a figure needs more (fit-content: never less than it, never wider than the card).
 */
export const alignedStat = style([stat, { flex: "1 1 0", minWidth: "fit-content" }]);
export const statLabel = style({ color: vars.color.textMuted, fontSize: "0.9rem" });
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });
export const listRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: 0 } },
});
export const grow = style({ flex: "1 1 12rem", minWidth: 0 });
export const nowrap = style({ whiteSpace: "nowrap" });
export const small = style({ fontSize: "0.875rem", color: vars.color.textMuted });
/** A transaction's notes under its description: one line (line breaks read as spaces), cut with an ellipsis; the whole text stays in the page for screen readers and the edit form. */
// Clamped rather than `nowrap`: an unbreakable line would widen the table's column to its length.
export const noteLine = style({ display: "-webkit-box", WebkitBoxOrient: "vertical", WebkitLineClamp: 1, lineClamp: 1, overflow: "hidden", overflowWrap: "anywhere", fontStyle: "italic" });
/** Text that only means something while scripts run ("Loading…" of a streamed part): hidden without them. */
export const scriptedOnly = style({ "@media": { "(scripting: none)": { display: "none" } } });
export const badge = style({
  display: "inline-block",
  fontSize: "0.8rem",
  fontWeight: 600,
  padding: "1px 8px",
  borderRadius: "999px",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.backgroundMd,
  color: vars.color.text,
  whiteSpace: "nowrap",
});
export const badgePending = style([badge, { borderStyle: "dashed", background: vars.color.warningSurface }]);

/** Amounts: the sign is always written (and read out); colour only adds to it. */
export const amount = styleVariants({
  in: { color: vars.color.success, fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap", fontWeight: 600 },
  out: { color: vars.color.error, fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap", fontWeight: 600 },
  zero: { color: vars.color.text, fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" },
});
export const num = style({ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });
/**
 * A large figure. Defined after `amount` and `num`, whose no-wrap it undoes (same specificity, so
 * the later rule wins): an amount wider than the whole screen (¥ 1,000,000,000,000,000 on a phone)
 * breaks rather than run off it. Where there is room it stays on one line (`grid`).
 */
export const statValue = style({ fontSize: "1.5rem", fontWeight: 700, fontVariantNumeric: "tabular-nums", whiteSpace: "normal", overflowWrap: "anywhere" });
/**
 * A figure whose digits are many (a balance in the trillions, or a currency of three decimals) is
 * set smaller, so that on a phone its digits still fit one line rather than break inside.
 */
export const statValueLong = style({ fontSize: "1.125rem" });
export const statValueLonger = style({ fontSize: "1rem" });
/** The sign and currency of a figure (`Money figure`): never split from each other. */
export const figureHead = style({ whiteSpace: "nowrap" });
/**
 * Text people typed, in a table cell or a flex row: a description or name of one long word breaks
 * anywhere. "anywhere" (not "break-word") also lowers the cell's min-content width, which is what
 * lets a table column or flex item be narrower than that word in the first place.
 */
export const userText = style({ overflowWrap: "anywhere" });

// Never squeezed by a category name that wraps (it sits in an inline-flex label).
export const categoryDot = style({ display: "inline-block", flexShrink: 0, width: "0.7em", height: "0.7em", borderRadius: "2px", marginRight: "6px", verticalAlign: "baseline", border: `1px solid ${vars.color.border}` });

/**
 * A field that belongs to one choice of its form's select: the pay cycle's day, shown only while
 * "Pay cycle" is chosen. `:has` follows the select as it changes, without JavaScript.
 */
export const payCycleOnly = style({
  selectors: { "form:not(:has(option[value='payCycle']:checked)) &": { display: "none" } },
});

export const formGrid = style({
  display: "grid",
  gap: vars.space.md,
  // Not "1fr", whose minimum is its content's: a <select> is as wide as its longest option, and
  // an account named with one 60-letter word made the transfer form, and the page, wider than a phone.
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [breakpoints.md]: { gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))" } },
});
export const wide = style({ "@media": { [breakpoints.md]: { gridColumn: "1 / -1" } } });
/** Two columns of a form grid where there are two: an account's name and currency in a select were cut off in one. */
export const doubleField = style({ "@media": { [breakpoints.md]: { gridColumn: "span 2" } } });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
/** A table row's icon buttons, side by side. */
export const rowActions = style({ display: "flex", flexWrap: "nowrap", gap: vars.space.sm, alignItems: "center" });
/** Inside rowActions, so it outweighs the button style's own padding whatever the stylesheet order. */
export const rowAction = style({ selectors: { [`${rowActions} &`]: { padding: "6px 10px" } } });
/** Where a locked transfer's actions would be: the lock, the size of one action, its tooltip the reason. */
export const rowLocked = style({ display: "inline-flex", padding: "6px 10px", color: vars.color.textMuted, borderRadius: vars.radius.sm, cursor: "help" });
export { select };
export const textarea = style([select, { minHeight: "80px", resize: "vertical" }]);

export const details = style({ background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.lg });
export const summary = style({
  cursor: "pointer",
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: "44px",
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontWeight: 600,
  listStylePosition: "inside",
});
export const detailsBody = style({ padding: `0 ${vars.space.md} ${vars.space.md}`, display: "flex", flexDirection: "column", gap: vars.space.md });
export const toolbar = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

/**
 * The tables (transactions, latest transactions, import previews); on phones the responsive ones
 * turn every row into a card with labelled cells.
 *
 * A table's box scrolls sideways by itself if a table is ever wider (the page never does).
 * `position: relative` makes it the containing block of the visually hidden texts inside (the
 * loading status, the actions header, "no receipt"): without it they were placed against the page,
 * beyond this box's clipping, and a wide table's hidden text widened the whole page.
 */
export const tableWrap = style({ position: "relative", background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.lg, overflowX: "auto" });
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "0.95rem" });
// The caption names the account: a table is never narrower than its caption's longest word.
export const caption = style({ textAlign: "start", padding: `${vars.space.sm} ${vars.space.md}`, fontWeight: 600, captionSide: "top", overflowWrap: "anywhere" });
// Narrower gutters on a small desktop or tablet: at 1024 px the transactions table's eight columns
// in Spanish, with a seven-digit amount, were 27 px wider than their box.
globalStyle(`${table} th, ${table} td`, {
  padding: "8px 12px",
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "start",
  verticalAlign: "top",
  "@media": { "screen and (max-width: 1199.98px)": { paddingInline: "8px" } },
});
globalStyle(`${table} thead th`, { background: vars.color.backgroundMd, fontSize: "0.85rem", whiteSpace: "nowrap" });
/**
 * The overview's month beside the month before: figures may break rather than widen a phone's page,
 * but the row's name never breaks inside a word ("Entradas" read a letter per line at 320 px), and
 * on the smallest phones the table is set smaller and closer.
 */
export const flowsTable = style({ overflowWrap: "anywhere", "@media": { [breakpoints.narrow]: { fontSize: "0.8125rem" } } });
globalStyle(`${flowsTable} th[scope="row"]`, { overflowWrap: "normal", "@media": { [breakpoints.narrow]: { fontSize: "inherit" } } });
// So a figure may break where nothing else can give (S/ 1,234,567.89 beside its row's name at 390 px); one that fits stays whole.
globalStyle(`${flowsTable} td [data-minor]`, { whiteSpace: "normal" });
globalStyle(`${flowsTable} th, ${flowsTable} td`, { "@media": { [breakpoints.narrow]: { paddingInline: "4px" } } });
globalStyle(`${flowsTable} tr > :first-child`, { "@media": { [breakpoints.narrow]: { paddingInlineStart: 0 } } });
globalStyle(`${flowsTable} tr > :last-child`, { "@media": { [breakpoints.narrow]: { paddingInlineEnd: 0 } } });
globalStyle(`${table} th[data-num], ${table} td[data-num]`, { textAlign: "end" });
export const rowBusy = style({ opacity: 0.55 });
/** The delete question a page without JavaScript asks above the table. */
export const deleteQuestion = style({ margin: vars.space.md, display: "flex", flexDirection: "column", gap: vars.space.sm, borderColor: vars.color.error });
globalStyle(`${deleteQuestion} > p`, { margin: 0 });
/** Undoing an import (ADR 038): the question takes the whole width of the import's line. */
export const undoQuestion = style([deleteQuestion, { margin: 0, flex: "1 1 100%" }]);
/** A badge after a name on the same line. */
export const badgeAfter = style([badge, { marginInlineStart: vars.space.sm }]);
export const editRow = style({ background: vars.color.backgroundMd });
// The edit form's title repeats the description.
globalStyle(`${editRow} > td`, { overflowWrap: "anywhere" });
export const sortLink = style({ color: "inherit" });
/** The edit form's receipt: a larger thumbnail, and the way to add, replace or remove it. */
export const receiptPanel = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm });
export const receiptPreview = style({ width: 96, height: 96, objectFit: "cover", borderRadius: vars.radius.sm, border: `1px solid ${vars.color.border}`, display: "block" });
export const receiptActions = style([actions, { alignItems: "flex-start" }]);
export const receiptRemove = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space.sm });
/** "Future date" under a day after today: on its own line, in a narrow date column too. */
export const futureDate = style({ display: "block" });
/** A link that names a row (an account on the overview): tall enough to tap, however short its name. */
export const rowLink = style({ display: "inline-block", paddingBlock: "6px", maxWidth: "100%", overflowWrap: "anywhere" });
export const receiptThumb = style({ width: 36, height: 36, objectFit: "cover", borderRadius: vars.radius.sm, border: `1px solid ${vars.color.border}`, display: "block" });

export const responsiveTable = style({});
globalStyle(`${responsiveTable} thead`, {
  "@media": { [phone]: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } },
});
globalStyle(`${responsiveTable}, ${responsiveTable} tbody, ${responsiveTable} tr, ${responsiveTable} td, ${responsiveTable} th[scope='row']`, {
  "@media": { [phone]: { display: "block", width: "100%" } },
});
globalStyle(`${responsiveTable} tr`, { "@media": { [phone]: { borderBottom: `1px solid ${vars.color.border}`, padding: `${vars.space.sm} 0` } } });
/*
 * A card's line is its label and its value side by side. The value is a flex item, never narrower
 * than its min-content unless that can shrink: "anywhere" lets a one-word description or account
 * name break within the card instead of running past its edge. Labels keep their width (they
 * would otherwise shrink with it, letter by letter).
 */
globalStyle(`${responsiveTable} td, ${responsiveTable} th[scope='row']`, {
  "@media": { [phone]: { border: 0, padding: "2px 12px", display: "flex", justifyContent: "space-between", gap: vars.space.sm, textAlign: "end", overflowWrap: "anywhere" } },
});
globalStyle(`${responsiveTable} td[data-label]::before, ${responsiveTable} th[data-label]::before`, {
  "@media": { [phone]: { content: "attr(data-label)", fontWeight: 600, color: vars.color.textMuted, textAlign: "start", flexShrink: 0 } },
});
globalStyle(`${responsiveTable} td[data-full]`, { "@media": { [phone]: { display: "block", textAlign: "start" } } });

/**
 * Phone labels of a table whose rows all have the same columns (the transactions table): the
 * table names its columns once, in custom properties (`columnLabelVars`), and each cell takes its
 * column's, instead of every cell carrying its own `data-label` (400 attributes on a 50-row page).
 */
export const COLUMN_LABELS_MAX = 8;
export const labelledColumns = style({});
for (let column = 1; column <= COLUMN_LABELS_MAX; column++) {
  globalStyle(`${labelledColumns} > tbody > tr > :nth-child(${column}):not([data-full])::before`, {
    "@media": { [phone]: { content: `var(--column-label-${column})`, fontWeight: 600, color: vars.color.textMuted, textAlign: "start", flexShrink: 0 } },
  });
}
/** A row's header cell (the description) keeps body weight; its first line is the bold part. Typed text, as `userText`. */
export const rowHeader = style({ fontWeight: 400, overflowWrap: "anywhere" });
export const rowTitle = style({ fontWeight: 600 });
/**
 * The description column takes all the room the others leave (they keep their content's width):
 * left to the automatic layout, the slack was shared by content width and went half to the
 * category. (On phones the header row is hidden and rows are cards.)
 */
export const descriptionColumn = style({ width: "100%" });
/** A category's dot and name: the dot stays beside the first line when the name wraps. */
export const categoryLabel = style({ display: "inline-flex", alignItems: "baseline" });

/** The spending chart: text first, bar second, so it reads without colour. */
export const chartRow = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: `2px ${vars.space.sm}`, alignItems: "baseline", overflowWrap: "anywhere" });
/**
 * A chart row's name gives way (it wraps) before its figure does, so the figures of a list stay
 * on their names' lines, one column at the right edge; only a figure too wide for any name beside
 * it goes to the next line, still at the right edge (session 21 QA: the figures zig-zagged on phones).
 */
export const chartName = style({ flex: "1 1 0", minWidth: "6em" });
/** A figure at the end of its row: at the right edge even when it has wrapped onto a line of its own. */
export const figureEnd = style({ marginInlineStart: "auto", textAlign: "end", whiteSpace: "nowrap" });
export const chartBar = style({ flexBasis: "100%" });
export const totalsBar = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.sm} ${vars.space.lg}`, alignItems: "baseline" });
export const pager = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center", justifyContent: "space-between" });
export const empty = style({ padding: vars.space.lg, textAlign: "center", color: vars.color.textMuted });
export const group = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });
// Name, institution and number are typed: a card (a grid item, as wide as its longest word) would grow past the screen.
export const accountCard = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, overflowWrap: "anywhere" });
export const accountHead = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", alignItems: "baseline", gap: vars.space.sm });
export const accountName = style({ fontSize: "1.05rem", fontWeight: 700, margin: 0 });
/**
 * Movements across accounts on a phone (the register, the overview's latest: `MovementRow`), one
 * movement in two short lines rather than a card of five labelled ones (session 35's tester; the
 * product asks for one line per movement on a phone): the description and the amount, then the
 * date, account and category, smaller. A flex row: its `::before` is the line break.
 */
export const movementLines = style({});
globalStyle(`${movementLines} thead`, {
  "@media": { [phone]: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } },
});
globalStyle(`${movementLines}, ${movementLines} > tbody`, { "@media": { [phone]: { display: "block", width: "100%" } } });
globalStyle(`${movementLines} > tbody > tr`, {
  "@media": { [phone]: { display: "flex", flexWrap: "wrap", alignItems: "baseline", columnGap: vars.space.sm, rowGap: "2px", padding: `${vars.space.sm} 12px`, borderBottom: `1px solid ${vars.color.border}` } },
});
globalStyle(`${movementLines} > tbody > tr::before`, { "@media": { [phone]: { content: '""', order: 2, flexBasis: "100%", height: 0 } } });
globalStyle(`${movementLines} > tbody > tr > td`, { "@media": { [phone]: { display: "block", padding: 0, border: 0, order: 3, fontSize: "0.85rem", color: vars.color.textMuted } } });
globalStyle(`${movementLines} > tbody > tr > td:nth-child(2)`, { "@media": { [phone]: { order: 0, flex: "1 1 0", minWidth: 0, fontSize: "inherit", color: vars.color.text } } });
globalStyle(`${movementLines} > tbody > tr > td:last-child`, { "@media": { [phone]: { order: 1, flex: "0 0 auto", fontSize: "inherit", textAlign: "end" } } });
globalStyle(`${movementLines} > tbody > tr > td:nth-child(n + 3):not(:last-child)::before`, { "@media": { [phone]: { content: '"· "' } } });
// The account's link flows on after its separator, inline; its padding (which an inline box's
// target includes, not its line) keeps it 24 px tall or more for a thumb (WCAG 2.5.8).
globalStyle(`${movementLines} > tbody > tr > td > a`, { "@media": { [phone]: { display: "inline", paddingBlock: "4px" } } });
// A visually hidden caption keeps its 1 px box: at full width it pushed the page sideways on phones.
globalStyle(`${responsiveTable} caption:not(.visually-hidden)`, { "@media": { [phone]: { display: "block", width: "100%" } } });
globalStyle(`${responsiveTable} td[data-empty]`, { "@media": { [phone]: { display: "none" } } });
