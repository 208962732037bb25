/**
 * The bank's balance a file ends with (ADR 062): with a balance column mapped, the running balance
 * after the file's last movement of its latest day, kept as a reconciliation checkpoint of that
 * day. A file lists its rows oldest first or newest first: the day's last movement is its last row
 * in the one, its first in the other.
 */
import type { ParsedRow } from "./parse";

export function closingBalanceOf(rows: ParsedRow[]): { date: string; balance: number } | null {
  const read = rows.filter((row) => !row.errors && row.date !== null && row.balance !== undefined && row.balance !== null);
  if (!read.length) return null;
  const newestFirst = read.length > 1 && read[0]!.date! > read[read.length - 1]!.date!;
  const latest = read.reduce((day, row) => (row.date! > day ? row.date! : day), read[0]!.date!);
  const ofDay = read.filter((row) => row.date === latest);
  const last = newestFirst ? ofDay[0]! : ofDay[ofDay.length - 1]!;
  return { date: latest, balance: last.balance! };
}
