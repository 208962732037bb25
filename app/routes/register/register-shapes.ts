/** What the register's loader gives its parts: written here, apart from the loader, so the page's browser code imports no server module. */
import type { ListTotals, Transaction } from "../../../core/api-types/ledger";

export const REGISTER_PAGE_SIZE = 50;

export type RegisterTotals = ListTotals & { currency: string };

/** What a row of the register shows (loader data travels in the HTML: only these fields). */
export type RegisterRow = Pick<Transaction, "id" | "date" | "description" | "payee" | "amountMinor" | "currency" | "accountId" | "status" | "transferId" | "transferAccountId"> & {
  category: { name: string; color: string } | null;
};
