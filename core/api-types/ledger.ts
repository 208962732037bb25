/** Shapes of the ledger API (docs/api/ledger.md) as the pages read them. */
import type { AccountType, TransactionStatus } from "../schemas/ledger";

export interface Account {
  id: string;
  name: string;
  type: AccountType;
  currency: string;
  institution: string | null;
  number: string | null;
  cci: string | null;
  openingBalance: string;
  openingBalanceMinor: number;
  openingDate: string;
  /** The earliest movement's date, in one account's read (GET /accounts/{id}); null without movements. */
  firstMovementDate?: string | null;
  balance: string;
  balanceMinor: number;
  archived: boolean;
  transactionCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface CurrencyTotal {
  currency: string;
  balance: string;
  balanceMinor: number;
  count: number;
}

export interface Category {
  id: string;
  name: string;
  kind: "expense" | "income";
  color: string;
  defaultKey: string | null;
}

export interface Transaction {
  id: string;
  accountId: string;
  date: string;
  description: string;
  payee: string | null;
  notes: string | null;
  amount: string;
  amountMinor: number;
  currency: string;
  categoryId: string | null;
  category: { id: string; name: string; color: string; kind: "expense" | "income" } | null;
  status: TransactionStatus;
  transferId: string | null;
  transferAccountId: string | null;
  /** Agreed with the bank's balance in a reconciliation (ADR 052); absent in answers from before it. */
  reconciled?: boolean;
  receiptKey: string | null;
  imported: boolean;
  runningBalance: string | null;
  runningBalanceMinor: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface ListTotals {
  count: number;
  in: string;
  inMinor: number;
  out: string;
  outMinor: number;
  net: string;
  netMinor: number;
}

export interface TransactionList {
  account: Account;
  transactions: Transaction[];
  nextCursor: string | null;
  /** A page comes before this one; `prevCursor` is its cursor, null when that page is the first. */
  hasPrevious: boolean;
  prevCursor: string | null;
  /** null when asked with `totals=false` (the page loads them from …/transactions/totals). */
  totals: ListTotals | null;
  sort: "date" | "amount";
  order: "asc" | "desc";
}

export interface ImportRow {
  line: number;
  date: string | null;
  description: string | null;
  amount: string | null;
  amountMinor: number | null;
  payee: string | null;
  category: string | null;
  /** The category is not the user's yet: importing the row adds it. */
  newCategory: boolean;
  status: TransactionStatus;
  duplicate: boolean;
  /** A movement already in the account (sure: linked at import), or maybe one (probable: the user decides); null: new. */
  match?: "sure" | "probable" | null;
  errors: Record<string, string[]> | null;
}

/** A file row matched with a movement already in the account (ADR 049), and that movement. */
export interface ImportMatch {
  line: number;
  kind: "sure" | "probable";
  date: string;
  description: string;
  amount: string;
  amountMinor: number;
  existing: { id: string; date: string; description: string; amount: string; amountMinor: number; status: TransactionStatus; transfer: boolean };
  /** What the preview's query decided: link, add as new, or nothing yet. */
  decision: "link" | "new" | null;
}

/** What the lines above a file's table state, compared with the account (ADR 049). */
export interface ImportFileCheck {
  currency: string | null;
  number: string | null;
  problems: Array<"currency" | "number">;
  suggestions: Array<{ id: string; name: string; currency: string; byNumber: boolean }>;
  overridden: boolean;
  reason: string | null;
}

export interface ImportPreview {
  columns: string[];
  sample: string[][];
  guess: Partial<Record<string, number | string>>;
  rows?: ImportRow[];
  counts: { total: number; valid: number; invalid: number; duplicates: number };
  /** The line the table starts on, when the lines above it were left out (a bank's, about the account). */
  tableLine?: number | null;
  /** The first line below the table (a closing balance, totals), left out with those after it. */
  belowTable?: { line: number; text: string } | null;
  /** What the import does with the valid rows: added, linked to movements already there, left to decide. */
  plan?: { fresh: number; matched: number; probable: number };
  matches?: ImportMatch[];
  /** Matched rows past the listed ones (ADR 062): `rest` decides the probable ones among them. */
  moreMatches?: number;
  /** What the query said for the probable rows not decided one by one. */
  rest?: "link" | "new" | null;
  /** With a balance column: the bank's balance at the file's last day, which the import keeps as a checkpoint (ADR 062). */
  checkpoint?: ImportCheckpoint | null;
  fileCheck?: ImportFileCheck | null;
}

export interface ImportResult {
  imported: number;
  duplicates: number;
  invalid: number;
  errors: Array<{ line: number; errors: Record<string, string[]> }>;
  account: Account;
  /** The import's record, to undo it; null when no row was added. */
  importId: string | null;
  /** Rows linked to movements already in the account, not added. */
  linked?: number;
  /** Rows matched with a movement that changed before the import wrote: neither linked nor added (ADR 062). */
  changed?: number;
  /** The checkpoint kept from the file's balance column. */
  checkpoint?: ImportCheckpoint | null;
}

/** The bank's balance a file ends with (its balance column at its last day). */
export interface ImportCheckpoint {
  date: string;
  balance: string;
  balanceMinor: number;
}

/** One of the account's latest imports, which can be undone (GET /accounts/{id}/imports). */
export interface ImportRecord {
  id: string;
  fileName: string | null;
  imported: number;
  /** Of the rows it added, those still in the account. */
  remaining: number;
  createdAt: string;
}
