/** The accounts table: reads scoped by user_id, the guard a write holds on an account as read, and a new account. */
import type { AccountRow } from "../ledger/model";

/**
 * SQL that holds while an account is still as a write read it: the user's, in that currency, and
 * not archived (`?n` are the numbers of the parameters bound to its id, the user's id and the
 * currency). A write's amounts were read in that currency and its checks made on that state; an
 * archive or a change of currency landing between that read and the write would otherwise take
 * the write regardless.
 */
export function accountAsRead(id: number, userId: number, currency: number): string {
  return `EXISTS (SELECT 1 FROM accounts WHERE id = ?${id} AND user_id = ?${userId} AND currency = ?${currency} AND archived = 0)`;
}

/** One account, with the date of its earliest movement (`first_date`, one seek in account_days' key): the account form offers it as the opening date. */
export function accountStatement(db: D1Database, userId: string, id: string): D1PreparedStatement {
  return db.prepare("SELECT *, (SELECT MIN(d.date) FROM account_days d WHERE d.account_id = accounts.id) AS first_date FROM accounts WHERE id = ?1 AND user_id = ?2").bind(id, userId);
}

export async function findAccount(db: D1Database, userId: string, id: string): Promise<AccountRow | null> {
  return accountStatement(db, userId, id).first<AccountRow>();
}

export function accountsByIdStatement(db: D1Database, userId: string, ids: string[]): D1PreparedStatement {
  return db.prepare(`SELECT * FROM accounts WHERE user_id = ?1 AND id IN (SELECT value FROM json_each(?2))`).bind(userId, JSON.stringify([...new Set(ids)]));
}

const TYPE_ORDER = "CASE type WHEN 'checking' THEN 0 WHEN 'savings' THEN 1 WHEN 'credit_card' THEN 2 WHEN 'cash' THEN 3 WHEN 'wallet' THEN 4 ELSE 5 END";

export type Archived = "all" | "true" | "false";

export function accountsStatement(db: D1Database, userId: string, archived: Archived = "all"): D1PreparedStatement {
  const filter = archived === "all" ? "" : ` AND archived = ${archived === "true" ? 1 : 0}`;
  return db.prepare(`SELECT * FROM accounts WHERE user_id = ?1${filter} ORDER BY archived, ${TYPE_ORDER}, name COLLATE NOCASE, created_at`).bind(userId);
}

/** A new account; its balance starts at the opening balance. */
export function insertAccount(
  db: D1Database,
  row: { id: string; userId: string; name: string; type: string; currency: string; institution: string | null; number: string | null; cci: string | null; openingBalance: number; openingDate: string; now: number },
) {
  return db
    .prepare(
      `INSERT INTO accounts (id, user_id, name, type, currency, institution, number, cci, opening_balance, opening_date, archived, balance, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 0, ?9, ?11, ?11)`,
    )
    .bind(row.id, row.userId, row.name, row.type, row.currency, row.institution, row.number, row.cci, row.openingBalance, row.openingDate, row.now);
}
