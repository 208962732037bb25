/** Transfers: both legs of one, and the legs written in one batch. */
import { accountAsRead } from "../accounts/store";
import { BY_ID_SQL, type LegRow } from "../transactions/store";
import { TRANSACTION_COLUMNS, type TransactionRow } from "../ledger/model";
import { addDays } from "../../../../core/dates";

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

// ───────────────────── Convert to transfer, and back (ADR 052) ─────────────────────

/** A plain movement of another account that could be the other leg of `tx`, and its account's name. */
export type CandidateRow = TransactionRow & { account_name: string; days_apart: number };

/**
 * Movements of the user's other open accounts that could be the other leg of `tx`: not already a
 * transfer, money the other way, dated within `days` of it; the same magnitude when the currencies
 * match (any magnitude in another currency: the rate is unknown). Nearest date first, then nearest
 * magnitude. Read through each account's (account_id, date) index.
 */
export function transferCandidatesStatement(db: D1Database, userId: string, tx: { id: string; account_id: string; date: string; amount: number; currency: string }, days: number, limit = 20) {
  return db
    .prepare(
      `SELECT ${TRANSACTION_COLUMNS}, a.name AS account_name, abs(julianday(t.date) - julianday(?3)) AS days_apart
         FROM accounts a JOIN transactions t ON t.account_id = a.id AND t.date BETWEEN ?4 AND ?5
         LEFT JOIN categories c ON c.id = t.category_id
        WHERE a.user_id = ?1 AND a.id <> ?2 AND a.archived = 0 AND +t.user_id = ?1 AND t.transfer_id IS NULL AND t.id <> ?6
          AND ((a.currency = ?7 AND t.amount = -?8) OR (a.currency <> ?7 AND t.amount * ?8 < 0))
        ORDER BY days_apart, abs(abs(t.amount) - abs(?8)), t.date, t.id LIMIT ?9`,
    )
    .bind(userId, tx.account_id, tx.date, addDays(tx.date, -days), addDays(tx.date, days), tx.id, tx.currency, tx.amount, limit);
}

/** Guard SQL: the movement `?n` is the user's, still a plain one, with the amount read. */
const plainAsRead = (id: number, userId: number, amount: number) => `EXISTS (SELECT 1 FROM transactions WHERE id = ?${id} AND user_id = ?${userId} AND transfer_id IS NULL AND amount = ?${amount})`;

/**
 * Links two plain movements of two accounts into one transfer. Each write holds only while both
 * movements are still plain with the amounts read and both accounts open and in the currencies
 * read, so the batch links both or neither (the first write's guard is checked again by the second
 * through the transfer id it set).
 */
export function linkAsTransfer(
  db: D1Database,
  userId: string,
  transferId: string,
  now: number,
  legs: [{ id: string; amount: number; accountId: string; currency: string }, { id: string; amount: number; accountId: string; currency: string }],
) {
  const [a, b] = legs;
  const first = db
    .prepare(
      `UPDATE transactions SET transfer_id = ?1, updated_at = max(?2, updated_at + 1) WHERE id = ?3 AND user_id = ?4 AND transfer_id IS NULL AND amount = ?5
         AND ${plainAsRead(6, 4, 7)} AND ${accountAsRead(8, 4, 9)} AND ${accountAsRead(10, 4, 11)}`,
    )
    .bind(transferId, now, a.id, userId, a.amount, b.id, b.amount, a.accountId, a.currency, b.accountId, b.currency);
  const second = db
    .prepare(
      `UPDATE transactions SET transfer_id = ?1, updated_at = max(?2, updated_at + 1) WHERE id = ?3 AND user_id = ?4 AND transfer_id IS NULL AND amount = ?5
         AND EXISTS (SELECT 1 FROM transactions WHERE id = ?6 AND user_id = ?4 AND transfer_id = ?1)`,
    )
    .bind(transferId, now, b.id, userId, b.amount, a.id);
  return [first, second];
}

/**
 * The other leg of `tx`, created in `account` (written only while that account is as read and
 * `tx` is still plain with its amount), then `tx` joined to it: both or neither. The leg records
 * the transfer it was created for (migration 0031): "Not a transfer" deletes it.
 */
export function addOtherLeg(
  db: D1Database,
  userId: string,
  transferId: string,
  now: number,
  tx: { id: string; amount: number },
  leg: { id: string; accountId: string; currency: string; amount: number; date: string; description: string; status: string; categoryId: string | null },
) {
  const insert = db
    .prepare(
      `INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, status, transfer_id, created_for_transfer, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?10 WHERE ${accountAsRead(2, 3, 11)} AND ${plainAsRead(12, 3, 13)}`,
    )
    .bind(leg.id, leg.accountId, userId, leg.date, leg.description, leg.amount, leg.categoryId, leg.status, transferId, now, leg.currency, tx.id, tx.amount);
  const join = db
    .prepare(
      `UPDATE transactions SET transfer_id = ?1, updated_at = max(?2, updated_at + 1) WHERE id = ?3 AND user_id = ?4 AND transfer_id IS NULL AND amount = ?5
         AND EXISTS (SELECT 1 FROM transactions WHERE id = ?6 AND user_id = ?4 AND transfer_id = ?1)`,
    )
    .bind(transferId, now, tx.id, userId, tx.amount, leg.id);
  return [insert, join];
}

/**
 * "Not a transfer", for one batch: a leg that convert created for this transfer (migration 0031)
 * is deleted, unless a bank file has since confirmed it (it took an import's fingerprint: the bank
 * says that money moved); every other leg becomes a plain movement, as it is (amounts, dates,
 * categories, texts kept). `deleted` RETURNs the legs it deleted (ADR 062).
 */
export function unlinkTransfer(db: D1Database, userId: string, transferId: string, now: number) {
  return {
    deleted: db
      .prepare("DELETE FROM transactions WHERE transfer_id = ?1 AND created_for_transfer = ?1 AND import_fingerprint IS NULL AND +user_id = ?2 RETURNING id, account_id")
      .bind(transferId, userId),
    unlinked: db.prepare("UPDATE transactions SET transfer_id = NULL, created_for_transfer = NULL, updated_at = max(?1, updated_at + 1) WHERE transfer_id = ?2 AND +user_id = ?3").bind(now, transferId, userId),
  };
}
