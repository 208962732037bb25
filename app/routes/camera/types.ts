/** What the camera page's loader and action answer, shared by the route module and its parts. */
import type { FormAnswer } from "../../forms/form-answer";

export interface AccountLite {
  id: string;
  name: string;
  currency: string;
  archived: boolean;
}

export interface TransactionLite {
  id: string;
  date: string;
  description: string;
  amountMinor: number;
  currency: string;
  receiptKey: string | null;
}

/** The loader's answer (also read by the photo form's fetcher for another account's transactions). */
export interface CameraPageData {
  signedIn: boolean;
  accounts: AccountLite[];
  accountId: string | null;
  transactions: TransactionLite[] | null;
  /** The transaction the photo is for (`?transaction=`), when it is this account's. */
  target: TransactionLite | null;
  /** Asked for one that is not there (deleted meanwhile, malformed, another account's). */
  targetGone: boolean;
  /** Where "Back to the transaction" leads. */
  back: string | null;
  today: string;
}

/**
 * The action's answer to an upload (`form`: its intent, `attach` or `create`): saved, with the
 * transaction the photo is on (`at` makes its address new); or refused. A create is one API call
 * that saves the transaction with its photo or neither (ADR 047), so a refusal leaves nothing to
 * attach to.
 */
export type CameraAnswer = FormAnswer<{ transactionId: string; accountId: string | null; at: number }>;

/** A receipt photo on screen. `picked`: chosen from the files rather than taken with the camera ("choose another", not "retake"). */
export type Photo = { blob: Blob; url: string; picked?: boolean };

/** What the page reads: a QR code (a payment code) or a receipt photo. */
export type Mode = "qr" | "photo";
