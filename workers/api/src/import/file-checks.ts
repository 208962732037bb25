/**
 * File checks (ADR 049): what a bank writes in the lines above its table ("Moneda:;DÓLARES
 * AMERICANOS", "Currency: USD", "Cuenta:;193-1234567-0-12") compared with the account chosen. A
 * currency or an account number that disagrees stops the import with the reason and the user's
 * accounts that fit the file; the user may import anyway, knowingly (`override`).
 */
import { foldedForMatching } from "../../../../core/plain-text";
import type { AccountRow } from "../ledger/model";

export type FileProblem = "currency" | "number";

export interface FileCheck {
  /** The currency the file states (ISO 4217), or null when it states none this reads. */
  currency: string | null;
  /** The account number the file states, as written. */
  number: string | null;
  /** What disagrees with the chosen account: empty when nothing does. */
  problems: FileProblem[];
  /** The user's open accounts the file fits (its currency, and its number when theirs is given), best first. */
  suggestions: Array<{ id: string; name: string; currency: string; byNumber: boolean }>;
}

const CURRENCY_LABEL = /^(moneda|divisa|currency|waehrung|wahrung|devise|tipo de moneda)$/;
const NUMBER_LABEL = /^(n(ro|o|um|umero|°|º)?\.?\s*(de\s+)?cuenta|cuenta|numero de cuenta|account( number| no\.?| #)?|iban|cci|cuenta interbancaria)$/;

/** Currencies as banks write their names (folded: no accents, lower case). */
const CURRENCY_WORDS: Array<[RegExp, string]> = [
  [/\b(dolar|dolares|dollar|dollars|us\$|usd)\b|us\$/, "USD"],
  [/\b(sol|soles|nuevos soles|pen)\b|^s\/\.?$/, "PEN"],
  [/\b(euro|euros|eur)\b/, "EUR"],
  [/\b(peso mexicano|pesos mexicanos|mxn)\b/, "MXN"],
  [/\b(peso argentino|pesos argentinos|ars)\b/, "ARS"],
  [/\b(libra|libras|pound|pounds|gbp)\b/, "GBP"],
];

/** A currency as written after its label, or null when it is not one this reads. */
export function currencyOfText(value: string): string | null {
  const folded = foldedForMatching(value);
  for (const [pattern, code] of CURRENCY_WORDS) if (pattern.test(folded)) return code;
  return /^[A-Z]{3}$/.test(value.trim()) ? value.trim() : null;
}

const label = (text: string) => foldedForMatching(text).replace(/[:.\s]+$/, "").trim();

/** The label/value pairs of the lines above a table: "Label:;Value" in two cells, or "Label: Value" in one. */
function statements(lead: ReadonlyArray<{ fields: string[] }>): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const row of lead) {
    const cells = row.fields.map((field) => field.trim()).filter(Boolean);
    cells.forEach((cell, i) => {
      const colon = cell.indexOf(":");
      if (colon > 0 && colon < cell.length - 1) pairs.push([label(cell.slice(0, colon)), cell.slice(colon + 1).trim()]);
      else if (cells[i + 1] !== undefined) pairs.push([label(cell), cells[i + 1]!]);
    });
  }
  return pairs;
}

/** The digits of an account number ("193-1234567-0-12" and "1931234567012" alike). */
const digitsOf = (text: string | null) => (text ?? "").replace(/\D/g, "");

/**
 * One number is the other: the same digits, or the file's masked (`****4567`) or shortened form
 * ending the other (at least four digits).
 */
export function sameAccountNumber(file: string, kept: string | null): boolean {
  const a = digitsOf(file);
  const b = digitsOf(kept);
  if (a.length < 4 || b.length < 4) return false;
  return a === b || (/[*xX•]/.test(file) && b.endsWith(a)) || b.endsWith(a) || a.endsWith(b);
}

/** What the lines above the table state: a currency and an account number, each the first one found. */
export function statedInLead(lead: ReadonlyArray<{ fields: string[] }>): { currency: string | null; number: string | null } {
  let currency: string | null = null;
  let number: string | null = null;
  for (const [name, value] of statements(lead)) {
    if (!currency && CURRENCY_LABEL.test(name)) currency = currencyOfText(value);
    if (!number && NUMBER_LABEL.test(name) && digitsOf(value).length >= 4) number = value;
  }
  return { currency, number };
}

/**
 * Compares what the file states with the account: a number is compared only when the account has
 * one (its number or CCI); a different currency always disagrees. `accounts`: the user's open ones.
 */
export function checkFile(lead: ReadonlyArray<{ fields: string[] }>, account: AccountRow, accounts: readonly AccountRow[]): FileCheck | null {
  const { currency, number } = statedInLead(lead);
  if (!currency && !number) return null;
  const problems: FileProblem[] = [];
  if (currency && currency !== account.currency) problems.push("currency");
  const accountHasNumber = digitsOf(account.number).length >= 4 || digitsOf(account.cci).length >= 4;
  if (number && accountHasNumber && !sameAccountNumber(number, account.number) && !sameAccountNumber(number, account.cci)) problems.push("number");
  const byNumber = (other: AccountRow) => Boolean(number && (sameAccountNumber(number, other.number) || sameAccountNumber(number, other.cci)));
  const fits = problems.length
    ? accounts
        .filter((other) => other.id !== account.id && !other.archived && (!currency || other.currency === currency) && (!number || !problems.includes("number") || byNumber(other) || !digitsOf(other.number)))
        .map((other) => ({ id: other.id, name: other.name, currency: other.currency, byNumber: byNumber(other) }))
        .sort((a, b) => Number(b.byNumber) - Number(a.byNumber) || a.name.localeCompare(b.name))
        .slice(0, 5)
    : [];
  return { currency, number, problems, suggestions: fits };
}
