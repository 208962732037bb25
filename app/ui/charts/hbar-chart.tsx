/**
 * Horizontal bars, one per named row (the top payees), drawn as HTML, not SVG (ADR 088): names
 * and amounts are the page's own text, legible at any width, and on a phone the name takes its
 * own line over the bar. One image to assistive technology, named by `title`; the table beside
 * it holds the numbers.
 */
import * as css from "./chart.css";

export interface HBarChartProps {
  id: string;
  title: string;
  color: string;
  /** Minor units; the label is the amount as written (formatMoney). */
  rows: Array<{ name: string; value: number; label: string }>;
}

export function HBarChart({ id, title, color, rows }: HBarChartProps) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  // Room beside the longest bar for its amount ("US$ 1,234,567.89" too) and the gap, at most 45 %;
  // a shorter bar leaves more. A longer text (an amount not converted, in words) wraps beside its bar.
  const labelRoom = `min(${rows[rows.findIndex((row) => row.value === max)]?.label.length ?? 12}ch + ${css.HBAR_GAP}, 45%)`;
  return (
    <div className={`${css.frame} ${css.hbars}`} role="img" aria-label={title} data-testid={id}>
      {rows.map((row, i) => (
        <div key={i} className={css.hbarRow}>
          <span className={css.hbarName}>{row.name}</span>
          <span className={css.hbarTrack}>
            {/* The amount follows its bar; the longest bar leaves it room. */}
            <span className={css.hbar} style={{ width: `calc((100% - ${labelRoom}) * ${Math.max(0, row.value) / max})`, background: color }} />
            <span className={css.hbarValue}>{row.label}</span>
          </span>
        </div>
      ))}
    </div>
  );
}
