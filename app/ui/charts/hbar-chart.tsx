/** Horizontal bars, one per named row (the top payees): server-drawn SVG, as BarChart (ADR 059). */
import { useId } from "react";
import * as css from "./chart.css";
import { linear } from "./scale";

const WIDTH = 640;
const ROW = 26;

export function HBarChart({ rows, color, title, testId }: { rows: Array<{ name: string; value: number; label: string }>; color: string; title: string; testId?: string }) {
  const titleId = useId();
  const height = Math.max(1, rows.length) * ROW + 8;
  const max = Math.max(1, ...rows.map((r) => r.value));
  // Names on the left third, bars after them, the amount at the bar's end.
  const x = linear([0, max], [0, WIDTH * 0.42]);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} className={css.chart} role="img" aria-labelledby={titleId} data-testid={testId}>
      <title id={titleId}>{title}</title>
      {rows.map((row, i) => {
        const top = 4 + i * ROW;
        const name = row.name.length > 28 ? `${row.name.slice(0, 27)}…` : row.name;
        return (
          <g key={row.name}>
            <text x={WIDTH * 0.3 - 8} y={top + ROW / 2} dy="0.32em" textAnchor="end" className={css.axisText}>
              {name}
            </text>
            <rect x={WIDTH * 0.3} y={top + 4} width={Math.max(1, x(Math.max(0, row.value)))} height={ROW - 8} fill={color} />
            <text x={WIDTH * 0.3 + x(Math.max(0, row.value)) + 6} y={top + ROW / 2} dy="0.32em" className={css.axisText}>
              {row.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
