/** Addresses of the list: without the parameters that only open a form, or with some changed. */
import { useLocation } from "react-router";

/** Parameters that only open or prefill a form: changing them needs no new data. */
export const UI_KEYS = ["new", "saved", "edit", "confirmDelete", "confirmUndoImport", "description", "amount", "payee", "date", "notes", "categoryId", "undo", "select"] as const;

/**
 * The current address without the form-only parameters: where a form goes back to (`list`). A
 * post made in place that is not the open edit form's own goes back to `keepingEdit`, which keeps
 * `edit`, so that form stays open with what is typed in it.
 */
export function useListUrls(): { list: string; keepingEdit: string } {
  const { pathname, search } = useLocation();
  const without = (kept: string | null) => {
    const params = new URLSearchParams(search);
    for (const key of UI_KEYS) if (key !== kept) params.delete(key);
    const query = params.toString();
    return pathname + (query ? `?${query}` : "");
  };
  return { list: without(null), keepingEdit: without("edit") };
}

export function withParams(base: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(base);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/** Characters a form-encoded value keeps as they are: an id of these needs no encoding. */
const FORM_SAFE = /^[A-Za-z0-9*._-]*$/;

/**
 * Each row's edit link, `withParams(base, { edit: id, new: null })`: the same address, with the
 * page's other parameters copied once for the page rather than once per row (ADR 067).
 */
export function editHrefsOf(base: URLSearchParams): (id: string) => string {
  if (base.has("edit")) return (id) => withParams(base, { edit: id, new: null });
  const rest = new URLSearchParams(base);
  rest.delete("new");
  const query = rest.toString();
  const prefix = query ? `?${query}&` : "?";
  return (id) => prefix + (FORM_SAFE.test(id) ? `edit=${id}` : new URLSearchParams({ edit: id }).toString());
}
