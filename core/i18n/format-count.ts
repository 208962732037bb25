let countFormat: Intl.NumberFormat | undefined;

/**
 * A quantity grouped as money is, the Peruvian way in both languages (ADR 007): "3,000". `count`
 * is printed through this (countFormatter, i18next-options.ts); a text with other quantities
 * passes them through it too.
 */
export function formatCount(value: number): string {
  if (!Number.isInteger(value)) return String(value);
  return (countFormat ??= new Intl.NumberFormat("es-PE")).format(value);
}
