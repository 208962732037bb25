/** What the convert-to-transfer part shows: the API's candidates (GET /transactions/{id}/transfer-candidates), as the action answers them. */
import type { FormAnswer } from "../../../forms/form-answer";
import type { Account, Transaction } from "../../../../core/api-types/ledger";

export interface TransferCandidates {
  transaction: Transaction;
  candidates: Array<{ transaction: Transaction; accountName: string; daysApart: number }>;
  accounts: Account[];
}

/** Form names, one of each per row: `<intent>:<transactionId>`. */
export const CANDIDATES_INTENT = "convert-candidates";
export const CONVERT_INTENT = "convert-transfer";
export const UNLINK_INTENT = "transfer-unlink";
export const formOf = (intent: string, transactionId: string) => `${intent}:${transactionId}`;

export type CandidatesAnswer = FormAnswer<{ found: TransferCandidates }>;
