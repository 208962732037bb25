/** The filters' date shortcuts: this month, last month, this year, as day ranges from the user's today (their time zone). */
import { addDays, monthBounds } from "../../../core/dates";

export type DateShortcut = { key: "thisMonth" | "lastMonth" | "thisYear"; from: string; to: string };

export function dateShortcuts(today: string): DateShortcut[] {
  const month = monthBounds(today);
  const previous = monthBounds(addDays(month.first, -1));
  const year = today.slice(0, 4);
  return [
    { key: "thisMonth", from: month.first, to: month.last },
    { key: "lastMonth", from: previous.first, to: previous.last },
    { key: "thisYear", from: `${year}-01-01`, to: `${year}-12-31` },
  ];
}
