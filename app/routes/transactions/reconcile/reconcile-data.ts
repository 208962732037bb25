/** What the reconcile panel shows: the API's preview (GET /accounts/{id}/reconciliation), as the action answers it. */
import type { FormAnswer } from "../../../forms/form-answer";
import type { Account, Transaction } from "../../../../core/api-types/ledger";

export interface BalanceCheckpoint {
  id: string;
  date: string;
  balance: string;
  balanceMinor: number;
  ledgerBalance: string;
  ledgerBalanceMinor: number;
  holds: boolean;
  source: "reconcile" | "import";
  createdAt: number;
}

export interface ReconcilePreview {
  account: Account;
  date: string;
  ledgerBalance: string;
  ledgerBalanceMinor: number;
  bankBalance: string | null;
  bankBalanceMinor: number | null;
  differenceMinor: number | null;
  difference: string | null;
  unreconciled: Transaction[];
  unreconciledCount: number;
  checkpoints: BalanceCheckpoint[];
}

/** The form names: the comparison (a read, answered with the preview) and the reconciliation (a write). */
export const PREVIEW_FORM = "reconcile-preview";
export const RECONCILE_FORM = "reconcile";

export type ReconcileAnswer = FormAnswer<{ preview: ReconcilePreview; values: Record<string, string> }>;
