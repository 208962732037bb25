/** Transfers: both legs of one, and the legs written in one batch. */
import { accountAsRead } from "../accounts/store";
import { BY_ID_SQL, type LegRow } from "../transactions/store";

/** Both legs of one of the user's transfers (money out first), each with its account's archived flag. */
export async function transferLegs(db: D1Database, userId: string, transferId: string): Promise<LegRow[]> {
  const { results } = await db.prepare(BY_ID_SQL.transferLegs).bind(transferId, userId).all<LegRow>();
  return results;
}

/** The user's default "Transfers" category, if they still have it. */
export function transfersCategory(db: D1Database, userId: string) {
  return db.prepare("SELECT id FROM categories WHERE user_id = ?1 AND default_key = 'transfers'").bind(userId).first<{ id: string }>();
}

type Leg = { id: string; accountId: string; amount: number };

/**
 * The two legs of a transfer. Both hold on both accounts being as read (`accountAsRead`), so
 * the batch writes both or neither.
 */
export function insertTransferLegs(
  db: D1Database,
  transfer: { transferId: string; userId: string; date: string; description: string; categoryId: string | null; notes: string | null; status: string; now: number },
  legs: [Leg, Leg],
  asRead: { fromId: string; fromCurrency: string; toId: string; toCurrency: string },
) {
  const insert = `INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, notes, status, transfer_id, created_at, updated_at)
                    SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11 WHERE ${accountAsRead(12, 3, 13)} AND ${accountAsRead(14, 3, 15)}`;
  const t = transfer;
  return legs.map((leg) =>
    db.prepare(insert).bind(leg.id, leg.accountId, t.userId, t.date, t.description, leg.amount, t.categoryId, t.notes, t.status, t.transferId, t.now, asRead.fromId, asRead.fromCurrency, asRead.toId, asRead.toCurrency),
  );
}
