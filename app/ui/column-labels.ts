import type { CSSProperties } from "react";
import * as l from "../styles/ledger.css";

/**
 * The custom properties that name a `labelledColumns` table's columns (ledger.css.ts), as CSS
 * strings: `--column-label-1` is the first column's name.
 */
export function columnLabelVars(labels: readonly string[]): CSSProperties {
  if (labels.length > l.COLUMN_LABELS_MAX) throw new Error(`labelledColumns styles ${l.COLUMN_LABELS_MAX} columns, not ${labels.length}`);
  const properties: Record<string, string> = {};
  labels.forEach((label, index) => {
    properties[`--column-label-${index + 1}`] = `"${label.replace(/[\\"]/g, "\\$&").replace(/\n/g, "\\A ")}"`;
  });
  // Custom properties are not among CSSProperties' keys; React renders them as written.
  return properties as CSSProperties;
}
