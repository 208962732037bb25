/**
 * The page a request is for, as path and query. A client navigation asks for a page's data at
 * `/path.data` (the root's at `/_.data`) with a `_routes` parameter; redirects that name the page
 * (to sign-in and back, or to the same page again) must name it as the address bar does. The same
 * rule as React Router's own `getNormalizedPath`.
 */
export function pageAddress(request: Request): { path: string; query: string } {
  const url = new URL(request.url);
  const path = url.pathname.endsWith("/_.data") ? url.pathname.slice(0, -"_.data".length) : url.pathname.replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return { path: path || "/", query: query ? `?${query}` : "" };
}

/** Longer than any address the app makes (filters included); past it, only the path is carried. */
const MAX_REDIRECT_TO = 2_048;

/**
 * The sign-in page, carrying the page the request was for (`redirectTo`), for a visitor who must
 * sign in first. An address of any length would otherwise come back, encoded once more, in the
 * Location header.
 */
export function signInAddress(request: Request): string {
  const { path, query } = pageAddress(request);
  const target = path + query;
  const carried = target.length <= MAX_REDIRECT_TO ? target : path.slice(0, MAX_REDIRECT_TO);
  return `/login?redirectTo=${encodeURIComponent(carried)}`;
}
