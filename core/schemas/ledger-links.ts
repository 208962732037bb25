/**
 * Schemas of issue 35's links between the ledger and the bank (ADR 052): a movement made into a
 * transfer (linked to a movement of another account, or given its other leg), and a reconciliation
 * with the bank's balance on a day. Shared by the forms, their actions and the API.
 */
import { z } from "zod";
import { amountText, blank, idSchema, isoDay, recordDay } from "./ledger";

/** How far apart (days) a movement and its counterpart in another account may be dated. */
export const TRANSFER_MATCH_DAYS = 5;

/**
 * Convert to transfer: either `counterpartId` (a plain movement of another of the user's accounts,
 * money the other way) or `accountId` (the account where the other leg is created; `amount`, the
 * amount received there, is asked only when its currency differs).
 */
export const convertToTransferSchema = z
  .object({
    counterpartId: blank(idSchema),
    accountId: blank(idSchema),
    amount: blank(amountText),
  })
  .superRefine((value, ctx) => {
    if (!value.counterpartId === !value.accountId) ctx.addIssue({ code: "custom", path: ["counterpartId"], message: "transactionsPage.convertTransfer.errors.chooseOne" });
  });
export type ConvertToTransferInput = z.infer<typeof convertToTransferSchema>;

/** A reconciliation: the bank's balance (signed: a card's debt is negative) at the end of `date`. */
export const reconcileSchema = z.object({ date: recordDay, balance: amountText });
export type ReconcileInput = z.infer<typeof reconcileSchema>;

/** The reconcile preview's query: both optional (the panel opens on today, without a balance yet). */
export const reconcileQuerySchema = z.object({ date: blank(isoDay), balance: blank(amountText) });
