import { intlLocale } from "../../../core/money";

/**
 * "Nov 2026" (short, axis and columns) or "November 2026" (long, rows) for a YYYY-MM month. The
 * year is whole: "dic. 25" read as the 25th of December (session 36 QA).
 */
export function monthLabel(month: string, language: string, style: "short" | "long" = "short"): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale(language), { month: style, year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, 15)));
}
