/** Today in Lima, the time zone new users start with, as a date field's value (YYYY-MM-DD). */
export function todayInLima(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Lima", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}
