/** Horizontal bars, one per named row (the top payees), as SVG text: drawn on the server as barChartSvg (ADR 059). */
import * as css from "./chart.css";
import { linear } from "./scale";
import { escapeXml, fill, n, svgOpen } from "./svg.server";

const WIDTH = 560;
const ROW = 28;
const NAME_MAX = 22;

export function hbarChartSvg(args: { id: string; rows: Array<{ name: string; value: number; label: string }>; color: string; title: string }): string {
  const { rows } = args;
  const height = Math.max(1, rows.length) * ROW + 8;
  const max = Math.max(1, ...rows.map((r) => r.value));
  // Names right-aligned in the first 30 %, bars after them, each amount at its bar's end.
  const x = linear([0, max], [0, WIDTH * 0.42]);
  const parts = [svgOpen({ width: WIDTH, height, className: css.chart, title: args.title, id: args.id })];
  rows.forEach((row, i) => {
    const top = 4 + i * ROW;
    const chars = [...row.name];
    const name = chars.length > NAME_MAX ? `${chars.slice(0, NAME_MAX - 1).join("")}…` : row.name;
    const length = x(Math.max(0, row.value));
    parts.push(`<text x="${n(WIDTH * 0.3 - 8)}" y="${n(top + ROW / 2)}" dy="0.32em" text-anchor="end" class="${css.axisText}">${escapeXml(name)}</text>`);
    parts.push(`<rect x="${n(WIDTH * 0.3)}" y="${top + 4}" width="${n(Math.max(1, length))}" height="${ROW - 8}" ${fill(args.color)}/>`);
    parts.push(`<text x="${n(WIDTH * 0.3 + length + 6)}" y="${n(top + ROW / 2)}" dy="0.32em" class="${css.axisText}">${escapeXml(row.label)}</text>`);
  });
  parts.push("</svg>");
  return parts.join("");
}
