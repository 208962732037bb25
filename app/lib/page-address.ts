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
