import type { TransactionList } from "../../../core/api-types/ledger";
import type { PageList } from "./page-data";

/** The listing as the page keeps it: each row cut to the fields it shows (`PageTransaction`). */
export function pageList({ transactions, nextCursor, hasPrevious, prevCursor, totals, sort, order }: TransactionList): PageList {
  return {
    transactions: transactions.map((tx) => ({
      id: tx.id,
      date: tx.date,
      description: tx.description,
      payee: tx.payee,
      notes: tx.notes,
      amount: tx.amount,
      amountMinor: tx.amountMinor,
      currency: tx.currency,
      categoryId: tx.categoryId,
      category: tx.category ? { name: tx.category.name, color: tx.category.color } : null,
      status: tx.status,
      transferId: tx.transferId,
      transferAccountId: tx.transferAccountId,
      receiptKey: tx.receiptKey,
      runningBalanceMinor: tx.runningBalanceMinor,
      updatedAt: tx.updatedAt,
      reconciled: tx.reconciled ?? false,
    })),
    nextCursor,
    hasPrevious,
    prevCursor,
    totals,
    sort,
    order,
  };
}
