/** Rows of the ledger tables and the JSON shapes the API answers with (docs/api/ledger.md). */
import { z } from "@hono/zod-openapi";
import { supportedLocales } from "../../../../core/i18n/config";
import { en } from "../../../../core/i18n/locales/en";
import { es } from "../../../../core/i18n/locales/es";
import { toDecimalString } from "../../../../core/money";
import { DEFAULT_CATEGORY_KEYS, type DefaultCategoryKey } from "../../../../core/schemas/ledger";

export interface AccountRow {
  id: string;
  user_id: string;
  name: string;
  type: string;
  currency: string;
  institution: string | null;
  number: string | null;
  cci: string | null;
  opening_balance: number;
  opening_date: string;
  archived: number;
  balance: number;
  transaction_count: number;
  /** Money in and out of the whole history, kept by the triggers (migration 0006). */
  inflow: number;
  outflow: number;
  created_at: number;
  updated_at: number;
  /** The earliest movement's date, where the read asks for it (accountStatement); null without movements. */
  first_date?: string | null;
}

export interface CategoryRow {
  id: string;
  user_id: string;
  name: string;
  kind: "expense" | "income";
  color: string;
  default_key: string | null;
  created_at: number;
}

export interface TransactionRow {
  seq: number;
  id: string;
  account_id: string;
  user_id: string;
  date: string;
  description: string;
  amount: number;
  category_id: string | null;
  payee: string | null;
  notes: string | null;
  status: "pending" | "posted";
  transfer_id: string | null;
  /** When the user agreed it with the bank's balance (migrations/0021), or null. */
  reconciled_at: number | null;
  receipt_key: string | null;
  import_fingerprint: string | null;
  created_at: number;
  updated_at: number;
  currency: string;
  category_name: string | null;
  category_color: string | null;
  category_kind: "expense" | "income" | null;
  category_default_key: string | null;
  transfer_account_id: string | null;
}

/** Columns for TransactionRow; `t` is transactions, joined with its account and category. */
export const TRANSACTION_COLUMNS = `t.seq, t.id, t.account_id, t.user_id, t.date, t.description, t.amount, t.category_id, t.payee, t.notes, t.status,
  t.transfer_id, t.reconciled_at, t.receipt_key, t.import_fingerprint, t.created_at, t.updated_at, a.currency,
  c.name AS category_name, c.color AS category_color, c.kind AS category_kind, c.default_key AS category_default_key,
  CASE WHEN t.transfer_id IS NULL THEN NULL ELSE (SELECT o.account_id FROM transactions o WHERE o.transfer_id = t.transfer_id AND o.id <> t.id LIMIT 1) END AS transfer_account_id`;

/** The rows of a listing with their account and category; `indexedBy` names the index to read transactions through. */
export function transactionFrom(indexedBy?: string): string {
  return `transactions t${indexedBy ? ` INDEXED BY ${indexedBy}` : ""} JOIN accounts a ON a.id = t.account_id LEFT JOIN categories c ON c.id = t.category_id`;
}

export const TRANSACTION_FROM = transactionFrom();

export const DEFAULT_CATEGORY_SPECS: Record<DefaultCategoryKey, { kind: "expense" | "income"; color: string }> = {
  groceries: { kind: "expense", color: "#16a34a" },
  dining: { kind: "expense", color: "#ea580c" },
  transport: { kind: "expense", color: "#2563eb" },
  housing: { kind: "expense", color: "#7c3aed" },
  utilities: { kind: "expense", color: "#0891b2" },
  health: { kind: "expense", color: "#dc2626" },
  shopping: { kind: "expense", color: "#db2777" },
  entertainment: { kind: "expense", color: "#ca8a04" },
  income: { kind: "income", color: "#15803d" },
  transfers: { kind: "expense", color: "#475569" },
  fees: { kind: "expense", color: "#9f1239" },
  other: { kind: "expense", color: "#64748b" },
};

export function defaultCategoryName(key: DefaultCategoryKey, locale: string): string {
  return (locale === "es" ? es : en).ledger.defaultCategories[key];
}

/** A default category keeps following the caller's language until the user renames it. */
export function categoryDisplayName(name: string, defaultKey: string | null, locale: string): string {
  if (!defaultKey || !(DEFAULT_CATEGORY_KEYS as readonly string[]).includes(defaultKey)) return name;
  const key = defaultKey as DefaultCategoryKey;
  const lower = name.toLowerCase();
  if (lower === en.ledger.defaultCategories[key].toLowerCase() || lower === es.ledger.defaultCategories[key].toLowerCase()) return defaultCategoryName(key, locale);
  return name;
}

/** Every name a category answers to: the name as kept, and a default category's name in each language. */
export function categoryNames(row: Pick<CategoryRow, "name" | "default_key">): string[] {
  return [row.name, ...supportedLocales.map((language) => categoryDisplayName(row.name, row.default_key, language))];
}

/** `•••• 1234`: the last four digits only. */
export function maskNumber(value: string | null): string | null {
  if (!value) return null;
  const digits = value.replace(/\D/g, "");
  return `•••• ${digits.slice(-4)}`;
}

export function toAccount(row: AccountRow, reveal = false) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    currency: row.currency,
    institution: row.institution,
    number: reveal ? row.number : maskNumber(row.number),
    cci: reveal ? row.cci : maskNumber(row.cci),
    openingBalance: toDecimalString(row.opening_balance, row.currency),
    openingBalanceMinor: row.opening_balance,
    openingDate: row.opening_date,
    ...(row.first_date !== undefined ? { firstMovementDate: row.first_date } : {}),
    balance: toDecimalString(row.balance, row.currency),
    balanceMinor: row.balance,
    archived: row.archived === 1,
    transactionCount: row.transaction_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toCategory(row: Pick<CategoryRow, "id" | "name" | "kind" | "color" | "default_key">, locale: string) {
  return { id: row.id, name: categoryDisplayName(row.name, row.default_key, locale), kind: row.kind, color: row.color, defaultKey: row.default_key };
}

export function toTransaction(row: TransactionRow, locale: string, runningBalance: number | null = null) {
  return {
    id: row.id,
    accountId: row.account_id,
    date: row.date,
    description: row.description,
    payee: row.payee,
    notes: row.notes,
    amount: toDecimalString(row.amount, row.currency),
    amountMinor: row.amount,
    currency: row.currency,
    categoryId: row.category_id,
    category:
      row.category_id && row.category_name !== null
        ? { id: row.category_id, name: categoryDisplayName(row.category_name, row.category_default_key, locale), color: row.category_color!, kind: row.category_kind! }
        : null,
    status: row.status,
    transferId: row.transfer_id,
    transferAccountId: row.transfer_account_id,
    reconciled: row.reconciled_at !== null,
    receiptKey: row.receipt_key,
    imported: row.import_fingerprint !== null,
    runningBalance: runningBalance === null ? null : toDecimalString(runningBalance, row.currency),
    runningBalanceMinor: runningBalance,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function totalsOf(currency: string, t: { count: number; inflow: number; outflow: number }) {
  const net = t.inflow + t.outflow;
  return {
    count: t.count,
    in: toDecimalString(t.inflow, currency),
    inMinor: t.inflow,
    out: toDecimalString(t.outflow, currency),
    outMinor: t.outflow,
    net: toDecimalString(net, currency),
    netMinor: net,
  };
}

// OpenAPI shapes of the answers.
export const accountOut = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    currency: z.string(),
    institution: z.string().nullable(),
    number: z.string().nullable(),
    cci: z.string().nullable(),
    openingBalance: z.string().openapi({ example: "1000.00" }),
    openingBalanceMinor: z.number().int(),
    openingDate: z.string(),
    firstMovementDate: z.string().nullable().optional().openapi({ description: "The earliest movement's date (one account's read only); null without movements" }),
    balance: z.string().openapi({ example: "1234.50" }),
    balanceMinor: z.number().int(),
    archived: z.boolean(),
    transactionCount: z.number().int(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .openapi("Account");

export const categoryOut = z
  .object({ id: z.string(), name: z.string(), kind: z.enum(["expense", "income"]), color: z.string(), defaultKey: z.string().nullable() })
  .openapi("Category");

export const transactionOut = z
  .object({
    id: z.string(),
    accountId: z.string(),
    date: z.string().openapi({ example: "2026-11-20" }),
    description: z.string(),
    payee: z.string().nullable(),
    notes: z.string().nullable(),
    amount: z.string().openapi({ example: "-85.40" }),
    amountMinor: z.number().int(),
    currency: z.string(),
    categoryId: z.string().nullable(),
    category: z.object({ id: z.string(), name: z.string(), color: z.string(), kind: z.enum(["expense", "income"]) }).nullable(),
    status: z.enum(["pending", "posted"]),
    transferId: z.string().nullable(),
    transferAccountId: z.string().nullable(),
    reconciled: z.boolean().openapi({ description: "Agreed with the bank's balance in a reconciliation" }),
    receiptKey: z.string().nullable(),
    imported: z.boolean(),
    runningBalance: z.string().nullable(),
    runningBalanceMinor: z.number().int().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .openapi("Transaction");

export const totalsOut = z
  .object({ count: z.number().int(), in: z.string(), inMinor: z.number().int(), out: z.string(), outMinor: z.number().int(), net: z.string(), netMinor: z.number().int() })
  .openapi("Totals");
