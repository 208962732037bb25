import type { Translate } from "../../../core/i18n/translate";
import { formatDay } from "../../../core/dates";
import { formatSignedMoneyInText } from "../../../core/money";
import type { PageTransaction } from "./page-data";

/** What a delete asks first, of the row as `rowNaming` names it: a transfer's says both legs go. */
export function deleteQuestionText(t: Translate, tx: PageTransaction, naming: RowNaming): string {
  return t(tx.transferId ? "transactionsPage.page.deleteTransferConfirm" : "transactionsPage.page.deleteConfirm", naming);
}

export type RowNaming = { description: string; date: string; amount: string };

/**
 * What names a row in its actions' labels and the delete question: its description, day and
 * amount, so two rows with the same description (two coffees at one café) are told apart.
 */
export function rowNaming(tx: PageTransaction, language: string): RowNaming {
  return { description: tx.description, date: formatDay(tx.date, language), amount: formatSignedMoneyInText(tx.amountMinor, tx.currency) };
}
