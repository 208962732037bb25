/**
 * The shapes the transactions page's parts share: what the loader gives them (`PageData`) and
 * what its action answers (`TransactionsAnswer`). Written out here, not derived from the route
 * module, so that no part imports the route that imports it.
 */
import type { useFetcher } from "react-router";
import { type FormAnswer } from "../../forms/form-answer";
import type { FieldErrors } from "../../forms/forms";
import type { Account, Category, ImportRecord, ListTotals, Transaction, TransactionList } from "../../../core/api-types/ledger";
import type { ImportState } from "./import/import-state";
import type { Occurrence } from "../../../core/api-types/schedules";
import type { TransferRateOut } from "../../../core/api-types/rates";

/**
 * What the page shows of a transaction. Loader data travels inside the HTML and is decoded in the
 * browser, so rows carry only the fields the table and its edit form use.
 */
export type PageTransaction = Pick<
  Transaction,
  | "id"
  | "date"
  | "description"
  | "payee"
  | "notes"
  | "amount"
  | "amountMinor"
  | "currency"
  | "categoryId"
  | "status"
  | "transferId"
  | "transferAccountId"
  | "receiptKey"
  | "runningBalanceMinor"
  | "updatedAt"
> & { category: { name: string; color: string } | null; reconciled: boolean };
export type PageList = Pick<TransactionList, "nextCursor" | "hasPrevious" | "prevCursor" | "totals" | "sort" | "order"> & { transactions: PageTransaction[] };

/** The loader's data: a search's totals may still be on their way (a promise, streamed). */
export type PageData = {
  account: Account;
  accounts: Array<Pick<Account, "id" | "name" | "currency" | "archived">>;
  categories: Category[];
  imports: ImportRecord[];
  /** The account's coming scheduled movements (include=upcoming, ADR 058). */
  upcoming?: { today: string; occurrences: Occurrence[] } | undefined;
  /** The page's transfers between currencies beside BCRP's rate (include=transferRates). */
  transferRates?: TransferRateOut[] | undefined;
  list: PageList | null;
  totals: ListTotals | null | Promise<ListTotals | null>;
  filters: Record<string, string>;
  filterErrors: FieldErrors;
  cursor: string | null;
  page: number;
  today: string;
  timeZone: string;
  nonce: string;
};

/** What the page's action answers when it does not redirect: a refused form, or a step of the import. */
export type TransactionsAnswer = FormAnswer | ImportState;

export type Fetcher = ReturnType<typeof useFetcher<TransactionsAnswer>>;
