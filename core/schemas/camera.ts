/** The camera page's receipt forms; field messages are i18n keys (the ledger's, for the ledger's fields). */
import { z } from "zod";
import { ID_PATTERN } from "../ids";
import { transactionCreateSchema } from "./ledger";

export const attachReceiptSchema = z.object({
  transactionId: z.string({ error: "camera.errors.chooseTransaction" }).regex(ID_PATTERN, { error: "camera.errors.chooseTransaction" }),
});

export const createWithReceiptSchema = transactionCreateSchema.pick({ date: true, description: true, amount: true }).extend({
  accountId: z.string({ error: "ledger.errors.accountUnknown" }).regex(ID_PATTERN, { error: "ledger.errors.accountUnknown" }),
});
