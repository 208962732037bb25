/**
 * Vertical bars per label, drawn on the server as SVG (ADR 059): no script, so it shows without
 * JavaScript and adds nothing to the browser's bundle. Series side by side, or stacked; an
 * optional line (a net figure) over them. `role="img"` with a title: the numbers themselves are
 * in the table beside each chart, which screen readers read instead of the picture.
 */
import { useId } from "react";
import * as css from "./chart.css";
import { gridValues, linear } from "./scale";

export interface BarSeries {
  name: string;
  color: string;
  /** One value per label (minor units); positive up, negative down. */
  values: number[];
}

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };

export function BarChart({
  labels,
  series,
  line,
  stacked = false,
  title,
  formatTick,
  testId,
}: {
  labels: string[];
  series: BarSeries[];
  line?: BarSeries;
  stacked?: boolean;
  title: string;
  formatTick: (value: number) => string;
  testId?: string;
}) {
  const titleId = useId();
  const totals = labels.map((_, i) => {
    const values = series.map((s) => s.values[i] ?? 0);
    return stacked ? [values.filter((v) => v > 0).reduce((a, b) => a + b, 0), values.filter((v) => v < 0).reduce((a, b) => a + b, 0)] : values;
  });
  const all = [...totals.flat(), ...(line?.values ?? []), 0];
  const grid = gridValues(Math.min(...all), Math.max(...all));
  const y = linear([grid[0]!, grid[grid.length - 1]!], [HEIGHT - PAD.bottom, PAD.top]);
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, labels.length);
  const groupWidth = slot * 0.72;
  const barWidth = stacked ? groupWidth : groupWidth / Math.max(1, series.length);
  // Every label when they fit; otherwise every second, third… so they never overlap.
  const labelEvery = Math.max(1, Math.ceil(labels.length / 12));
  const x0 = (i: number) => PAD.left + i * slot + (slot - groupWidth) / 2;

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={css.chart} role="img" aria-labelledby={titleId} data-testid={testId} preserveAspectRatio="xMidYMid meet">
      <title id={titleId}>{title}</title>
      {grid.map((value) => (
        <g key={value}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} className={value === 0 ? css.zeroLine : css.gridLine} />
          <text x={PAD.left - 6} y={y(value)} dy="0.32em" textAnchor="end" className={css.axisText}>
            {formatTick(value)}
          </text>
        </g>
      ))}
      {labels.map((label, i) => {
        let up = 0;
        let down = 0;
        return (
          <g key={label}>
            {series.map((s, j) => {
              const value = s.values[i] ?? 0;
              if (value === 0) return null;
              let from = 0;
              if (stacked) {
                from = value > 0 ? up : down;
                if (value > 0) up += value;
                else down += value;
              }
              const [top, bottom] = [y(Math.max(from, from + value)), y(Math.min(from, from + value))];
              return <rect key={s.name} x={x0(i) + (stacked ? 0 : j * barWidth)} y={top} width={Math.max(1, barWidth - (stacked ? 0 : 1))} height={Math.max(1, bottom - top)} fill={s.color} />;
            })}
            {i % labelEvery === 0 ? (
              <text x={x0(i) + groupWidth / 2} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" className={css.axisText}>
                {label}
              </text>
            ) : null}
          </g>
        );
      })}
      {line && line.values.length ? (
        <g>
          <polyline fill="none" stroke={line.color} strokeWidth={2} points={line.values.map((v, i) => `${x0(i) + groupWidth / 2},${y(v)}`).join(" ")} />
          {line.values.map((v, i) => (
            <circle key={labels[i]} cx={x0(i) + groupWidth / 2} cy={y(v)} r={3} fill={line.color} />
          ))}
        </g>
      ) : null}
    </svg>
  );
}

/** The chart's key: each series' colour and name, as HTML (wraps on a phone, unlike SVG text). */
export function Legend({ items }: { items: Array<{ name: string; color: string }> }) {
  return (
    <ul className={css.legend}>
      {items.map((item) => (
        <li key={item.name} className={css.legendItem}>
          <span className={css.swatch} style={{ background: item.color }} aria-hidden="true" />
          {item.name}
        </li>
      ))}
    </ul>
  );
}
