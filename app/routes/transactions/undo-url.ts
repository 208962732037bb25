/** The list's address after a delete without JavaScript: it carries the deleted ids, so the page offers their undo (ADR 053). */
import { ID_PATTERN } from "../../../core/ids";
import { BULK_MAX_IDS } from "../../../core/ledger-values";

export const UNDO_PARAM = "undo";

/** What a delete sent with JavaScript answers: the ids to name in the undo toast's restore. */
export type DeletedAnswer = { form: "deleted"; ok: true; deleted: string[] };

/** `back` with the ids to undo (any earlier undo offer replaced). */
export function withUndo(back: string, ids: string[]): string {
  const url = new URL(back, "http://list.invalid");
  url.searchParams.set(UNDO_PARAM, ids.join(","));
  return `${url.pathname}${url.search}`;
}

/** `back` without an undo offer. */
export function withoutUndo(back: string): string {
  const url = new URL(back, "http://list.invalid");
  url.searchParams.delete(UNDO_PARAM);
  return `${url.pathname}${url.search}`;
}

/** The ids an address offers to undo: only well-formed ones, at most a bulk's worth. */
export function undoIds(searchParams: URLSearchParams): string[] {
  const raw = searchParams.get(UNDO_PARAM);
  if (!raw) return [];
  return raw
    .split(",")
    .filter((id) => ID_PATTERN.test(id))
    .slice(0, BULK_MAX_IDS);
}
