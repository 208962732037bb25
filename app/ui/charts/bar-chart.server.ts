/**
 * Vertical bars per label as SVG text (ADR 059): series side by side or stacked, an optional line
 * (a net figure) over them, gridlines with short figures. Drawn on the server; the numbers are in
 * the table beside each chart, which screen readers read instead of the picture.
 */
import * as css from "./chart.css";
import { gridValues, linear } from "./scale";
import { escapeXml, fill, n, svgOpen } from "./svg.server";

export interface BarSeries {
  name: string;
  color: string;
  /** One value per label (minor units); positive up, negative down. */
  values: number[];
}

const WIDTH = 560;
const HEIGHT = 260;
// The figures sit inside the plot, over their gridlines (no left margin to fit them in), so a phone
// can draw them larger (chart.css.ts: the text grows as the chart narrows) without squeezing the bars.
const PAD = { top: 30, right: 8, bottom: 34, left: 8 };
/** A character's width, at most, at the largest text size (24 units, chart.css.ts), for labels near the edges. */
const NARROWEST_CHAR = 14;

export function barChartSvg(args: { id: string; labels: string[]; series: BarSeries[]; line?: BarSeries; stacked?: boolean; title: string; formatTick: (value: number) => string }): string {
  const { labels, series, line, stacked = false } = args;
  const extremes = labels.map((_, i) => {
    const values = series.map((s) => s.values[i] ?? 0);
    return stacked ? [values.filter((v) => v > 0).reduce((a, b) => a + b, 0), values.filter((v) => v < 0).reduce((a, b) => a + b, 0)] : values;
  });
  const all = [...extremes.flat(), ...(line?.values ?? []), 0];
  const grid = gridValues(Math.min(...all), Math.max(...all));
  const y = linear([grid[0]!, grid[grid.length - 1]!], [HEIGHT - PAD.bottom, PAD.top]);
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, labels.length);
  const groupWidth = slot * 0.72;
  const barWidth = stacked ? groupWidth : groupWidth / Math.max(1, series.length);
  // Every label when they fit; otherwise every second, third… so they never overlap. A narrow chart
  // (a phone) draws its text larger and shows at most four of those, the others marked `wideOnly`.
  // At most six: "sept. 2026" takes ~66 of the drawing's 560 units at 12 (eight left ~68 between them).
  const labelEvery = Math.max(1, Math.ceil(labels.length / 6));
  const narrowEvery = labelEvery * Math.max(1, Math.ceil(Math.ceil(labels.length / labelEvery) / 4));
  const x0 = (i: number) => PAD.left + i * slot + (slot - groupWidth) / 2;

  const parts: string[] = [svgOpen({ width: WIDTH, height: HEIGHT, className: css.chart, title: args.title, id: args.id })];
  for (const value of grid) parts.push(`<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${n(y(value))}" y2="${n(y(value))}" class="${value === 0 ? css.zeroLine : css.gridLine}"/>`);
  const ticks = grid.map((value) => `<text x="${PAD.left}" y="${n(y(value) - 5)}" class="${css.axisText} ${css.tickText}">${escapeXml(args.formatTick(value))}</text>`);
  labels.forEach((label, i) => {
    let up = 0;
    let down = 0;
    series.forEach((s, j) => {
      const value = s.values[i] ?? 0;
      if (value === 0) return;
      let from = 0;
      if (stacked) {
        from = value > 0 ? up : down;
        if (value > 0) up += value;
        else down += value;
      }
      const top = y(Math.max(from, from + value));
      const bottom = y(Math.min(from, from + value));
      const x = x0(i) + (stacked ? 0 : j * barWidth);
      parts.push(`<rect x="${n(x)}" y="${n(top)}" width="${n(Math.max(1, barWidth - (stacked ? 0 : 1)))}" height="${n(Math.max(1, bottom - top))}" ${fill(s.color)}/>`);
    });
    if (i % labelEvery !== 0) return;
    const shown = i % narrowEvery === 0 ? css.axisText : `${css.axisText} ${css.wideOnly}`;
    // A label that would cross the drawing's edge at a phone's size lines up with its bar's outer edge instead.
    const centre = x0(i) + groupWidth / 2;
    const half = (label.length * NARROWEST_CHAR) / 2;
    const [x, anchor] = centre - half < 0 ? [x0(i), "start"] : centre + half > WIDTH ? [x0(i) + groupWidth, "end"] : [centre, "middle"];
    parts.push(`<text x="${n(x)}" y="${HEIGHT - 6}" text-anchor="${anchor}" class="${shown}">${escapeXml(label)}</text>`);
  });
  if (line && line.values.length) {
    const points = line.values.map((v, i) => `${n(x0(i) + groupWidth / 2)},${n(y(v))}`);
    parts.push(`<polyline points="${points.join(" ")}" style="fill:none;stroke:${escapeXml(line.color)};stroke-width:2"/>`);
    for (const point of points) {
      const [cx, cy] = point.split(",");
      parts.push(`<circle cx="${cx}" cy="${cy}" r="3" ${fill(line.color)}/>`);
    }
  }
  // Drawn last, over the bars and the line, each with a halo of the card's colour.
  parts.push(...ticks, "</svg>");
  return parts.join("");
}
