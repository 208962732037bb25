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
 * Files the app offers as downloads, each with the page that offers it. A browser sent to a
 * download after signing in would save the file and leave the tab on the sign-in form, so sign-in
 * returns to that page instead (the CSV's filters are the list's own).
 */
const DOWNLOAD_PAGES: ReadonlyArray<readonly [RegExp, (match: RegExpExecArray, query: string) => { path: string; query: string }]> = [
  [/^\/accounts\/([^/]+)\/transactions\.csv$/, (match, query) => ({ path: `/accounts/${match[1]}/transactions`, query })],
  [/^\/resources\/export$/, () => ({ path: "/settings", query: "" })],
  [/^\/reports\.csv$/, (_match, query) => ({ path: "/reports", query })],
];

/** The page to come back to after signing in: the request's own, or for a download the page that offers it. */
function returnAddress(request: Request): { path: string; query: string } {
  const { path, query } = pageAddress(request);
  for (const [pattern, page] of DOWNLOAD_PAGES) {
    const match = pattern.exec(path);
    if (match) return page(match, query);
  }
  return { path, query };
}

/**
 * The sign-in page, carrying the page to come back to (`redirectTo`), for a visitor who must
 * sign in first. An address of any length would otherwise come back, encoded once more, in the
 * Location header.
 */
export function signInAddress(request: Request): string {
  const { path, query } = returnAddress(request);
  return signInFor(path, query);
}

/** The sign-in page, coming back to `path` and `query` (only the path when together they are too long). */
export function signInFor(path: string, query: string): string {
  const target = path + query;
  const carried = target.length <= MAX_REDIRECT_TO ? target : path.slice(0, MAX_REDIRECT_TO);
  return `/login?redirectTo=${encodeURIComponent(carried)}`;
}
