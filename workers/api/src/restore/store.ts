/**
 * The SQL of "import everything" (ADR 060): whether the user's ledger is empty, the categories a
 * restore maps onto, and one INSERT per restored row. Every statement goes into one D1 batch.
 */
import type { RestoreAccount, RestoreCategory, RestoreCheckpoint, RestoreImport, RestoreTransaction } from "../../../../core/schemas/restore";

/** Whether the user has any account (a transaction, import or checkpoint needs one). */
export function ledgerIsEmptyStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("SELECT NOT EXISTS (SELECT 1 FROM accounts WHERE user_id = ?1) AS empty").bind(userId);
}

export function existingCategoriesStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("SELECT id, name, default_key FROM categories WHERE user_id = ?1").bind(userId);
}

/**
 * An account, balance starting at its opening balance (the transactions' trigger adds each one).
 * The first one is written only while the user still has no account (`guardEmpty`): two restores
 * racing cannot both land. The batch's probe (`emptyGuardProbe`) then fails the whole batch.
 */
export function insertAccountStatement(db: D1Database, userId: string, id: string, row: RestoreAccount, guardEmpty: boolean): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO accounts (id, user_id, name, type, currency, institution, number, cci, opening_balance, opening_date, archived, balance, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?9, ?12, ?13${guardEmpty ? " WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE user_id = ?2)" : ""}`,
    )
    .bind(id, userId, row.name, row.type, row.currency, row.institution, row.number, row.cci, row.openingBalanceMinor, row.openingDate, row.archived ? 1 : 0, row.createdAt, row.updatedAt);
}

/**
 * A checkpoint row naming the first restored account, written and taken away again in the same
 * batch: when the guarded first INSERT wrote nothing (the user got an account meanwhile), its
 * foreign key fails and D1 rolls the whole batch back.
 */
export function emptyGuardProbe(db: D1Database, userId: string, firstAccountId: string): D1PreparedStatement[] {
  const probe = crypto.randomUUID();
  return [
    db.prepare("INSERT INTO balance_checkpoints (id, account_id, user_id, date, balance, source, created_at) VALUES (?1, ?2, ?3, '2000-01-01', 0, 'reconcile', 0)").bind(probe, firstAccountId, userId),
    db.prepare("DELETE FROM balance_checkpoints WHERE id = ?1").bind(probe),
  ];
}

export function insertCategoryStatement(db: D1Database, userId: string, id: string, row: RestoreCategory): D1PreparedStatement {
  return db
    .prepare("INSERT INTO categories (id, user_id, name, kind, color, default_key, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
    .bind(id, userId, row.name, row.kind, row.color, row.defaultKey, row.createdAt);
}

/** A category the user already had (a default): it takes the file's kind, color and creation instant; its name stays the user's. */
export function updateCategoryStatement(db: D1Database, userId: string, id: string, row: RestoreCategory): D1PreparedStatement {
  return db.prepare("UPDATE categories SET kind = ?3, color = ?4, created_at = ?5 WHERE id = ?1 AND user_id = ?2").bind(id, userId, row.kind, row.color, row.createdAt);
}

export function insertImportStatement(db: D1Database, userId: string, id: string, accountId: string, row: RestoreImport): D1PreparedStatement {
  return db
    .prepare("INSERT INTO imports (id, account_id, user_id, file_name, file_check, imported, remaining, created_at, undone_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
    .bind(id, accountId, userId, row.fileName, row.fileCheck, row.imported, row.remaining, row.createdAt, row.undoneAt);
}

export function insertCheckpointStatement(db: D1Database, userId: string, id: string, accountId: string, row: RestoreCheckpoint): D1PreparedStatement {
  return db
    .prepare("INSERT INTO balance_checkpoints (id, account_id, user_id, date, balance, source, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
    .bind(id, accountId, userId, row.date, row.balanceMinor, row.source, row.createdAt);
}

/** A transaction with its links already mapped to the new ids. */
export interface TransactionLinks {
  id: string;
  accountId: string;
  categoryId: string | null;
  transferId: string | null;
  importId: string | null;
  receiptKey: string | null;
}

export function insertTransactionStatement(db: D1Database, userId: string, links: TransactionLinks, row: RestoreTransaction): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, payee, notes, status, transfer_id, receipt_key,
         import_fingerprint, import_id, import_content, reconciled_at, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)`,
    )
    .bind(
      links.id,
      links.accountId,
      userId,
      row.date,
      row.description,
      row.amountMinor,
      links.categoryId,
      row.payee,
      row.notes,
      row.status,
      links.transferId,
      links.receiptKey,
      row.importFingerprint,
      links.importId,
      row.importContent,
      row.reconciledAt,
      row.createdAt,
      row.updatedAt,
    );
}
