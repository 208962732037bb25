/**
 * Writing SVG as text on the server (ADR 059). The charts are drawn in the loader and reach the
 * page as markup, so no chart code is sent to the browser; every text in them (category names
 * are the user's) goes through `escapeXml`.
 */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A number for an SVG coordinate: two decimals at most, no "-0". */
export function n(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(rounded === 0 ? 0 : rounded);
}

/** The opening tag of a chart: scales with its box (viewBox), one image with a title for assistive technology. */
export function svgOpen(args: { width: number; height: number; className: string; title: string; id: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${args.width} ${args.height}" class="${args.className}" role="img" aria-labelledby="${args.id}-title" data-testid="${args.id}" preserveAspectRatio="xMidYMid meet"><title id="${args.id}-title">${escapeXml(args.title)}</title>`;
}

/** A fill as a style: a CSS variable (the theme's colours, light or dark) does not work in a presentation attribute. */
export function fill(color: string): string {
  return `style="fill:${escapeXml(color)}"`;
}
