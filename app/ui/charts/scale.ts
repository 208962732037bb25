/** Shared arithmetic of the server-drawn charts (ADR 059): value ranges and "nice" gridlines. */

/** The smallest "nice" step (1, 2 or 5 × 10^n) that splits `span` into at most `ticks` parts. */
export function niceStep(span: number, ticks = 4): number {
  if (span <= 0) return 1;
  const raw = span / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}

/** Gridline values covering min..max (0 always included), from low to high. */
export function gridValues(min: number, max: number, ticks = 4): number[] {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  const step = niceStep(high - low || 1, ticks);
  const values: number[] = [];
  for (let v = Math.floor(low / step) * step; v <= Math.ceil(high / step) * step + step / 2; v += step) values.push(v);
  return values;
}

/** A linear map from a value range to pixel positions (y grows downwards in SVG). */
export function linear(domain: [number, number], range: [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
}
