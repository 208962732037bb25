import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { isPlainClick } from "./plain-click";

/**
 * Rows of a table hold plain links (`<a data-row-link>`): a <Link> per row is several router hooks
 * to hydrate, 50 times a page. This one handler, on the table, makes a plain left click on such a
 * link a client-side navigation, as <Link> would; without JavaScript the link works as it is.
 */
export function useRowLinkClicks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest?.("a[data-row-link]");
    if (!(link instanceof HTMLAnchorElement) || !isPlainClick(event) || event.defaultPrevented || link.target) return;
    event.preventDefault();
    void navigate(link.getAttribute("href")!);
  };
}
