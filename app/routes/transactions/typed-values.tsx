import type { ReactNode } from "react";
import { Money } from "../../ui/money";
import { formatDay, isIsoDay } from "../../../core/dates";
import { parseAmount } from "../../../core/money";
import * as l from "../../styles/ledger.css";

/** A row being saved shows what was typed as the saved row will show it ("-S/ 1,234.50", "23 nov. 2026"), or as typed if it cannot be read. */
export function typedAmount(value: FormDataEntryValue | null, currency: string): ReactNode {
  const text = typeof value === "string" ? value : "";
  const read = parseAmount(text, currency);
  return read.ok ? <Money minor={read.minor} currency={currency} signed /> : <span className={l.num}>{text}</span>;
}

export function typedDay(value: FormDataEntryValue | null, language: string): string {
  const text = typeof value === "string" ? value.trim() : "";
  return isIsoDay(text) ? formatDay(text, language) : text;
}
