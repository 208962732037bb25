/**
 * Room for more of a row's actions (engineer "ledger": convert to transfer), shown beside edit and
 * delete, and on a phone in the opened row. Plain function, no hooks: it runs for every row.
 */
import type { ReactNode } from "react";
import type { PageTransaction } from "./page-data";
import type { RowShared } from "./use-row-shared";

export function rowExtraActions(tx: PageTransaction, shared: RowShared): ReactNode {
  void tx;
  void shared;
  return null;
}
