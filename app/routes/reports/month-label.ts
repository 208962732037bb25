import { intlLocale } from "../../../core/money";

/** "Nov 26" (short, axis and columns) or "November 2026" (long, rows) for a YYYY-MM month. */
export function monthLabel(month: string, language: string, style: "short" | "long" = "short"): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale(language), { month: style, year: style === "short" ? "2-digit" : "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, 15)));
}
