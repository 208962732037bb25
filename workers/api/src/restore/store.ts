/**
 * The SQL of "import everything" (ADR 060): whether the user's ledger is empty, the categories a
 * restore maps onto, and one INSERT per restored row. Every statement goes into one D1 batch.
 */
import type {
  RestoreAccount,
  RestoreBudget,
  RestoreBudgetLine,
  RestoreCategory,
  RestoreCheckpoint,
  RestoreImport,
  RestoreSchedule,
  RestoreScheduleDismissal,
  RestoreScheduleOverride,
  RestoreTransaction,
  RestoreUserRate,
} from "../../../../core/schemas/restore";

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
  createdForTransfer: string | null;
}

export function insertTransactionStatement(db: D1Database, userId: string, links: TransactionLinks, row: RestoreTransaction): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, payee, notes, status, transfer_id, receipt_key,
         import_fingerprint, import_id, import_content, reconciled_at, created_at, updated_at, created_for_transfer)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)`,
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
      links.createdForTransfer,
    );
}

// ───────────── Version 3 (ADR 064): budgets, schedules, the user's own rates, the reporting currency ─────────────

export function insertBudgetStatement(db: D1Database, userId: string, id: string, row: RestoreBudget): D1PreparedStatement {
  return db
    .prepare("INSERT INTO budgets (id, user_id, name, currency, period, cycle_day, starts_on, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
    .bind(id, userId, row.name, row.currency, row.period, row.cycleDay, row.startsOn, row.createdAt, row.updatedAt);
}

export function insertBudgetLineStatement(db: D1Database, userId: string, links: { id: string; budgetId: string; categoryId: string | null }, row: RestoreBudgetLine): D1PreparedStatement {
  return db
    .prepare("INSERT INTO budget_lines (id, budget_id, user_id, category_id, amount, rollover, position) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
    .bind(links.id, links.budgetId, userId, links.categoryId, row.amountMinor, row.rollover, row.position);
}

export function insertScheduleStatement(
  db: D1Database,
  userId: string,
  links: { id: string; accountId: string; toAccountId: string | null; categoryId: string | null },
  row: RestoreSchedule,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO schedules (id, user_id, account_id, to_account_id, amount, to_amount, description, category_id, payee, rule_kind, rule_interval, rule_day, start_date, end_date,
         max_count, first_due, estimate, mode, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)`,
    )
    .bind(
      links.id,
      userId,
      links.accountId,
      links.toAccountId,
      row.amountMinor,
      row.toAmountMinor,
      row.description,
      links.categoryId,
      row.payee,
      row.ruleKind,
      row.ruleInterval,
      row.ruleDay,
      row.startDate,
      row.endDate,
      row.maxCount,
      row.firstDue,
      row.estimate ? 1 : 0,
      row.mode,
      row.createdAt,
      row.updatedAt,
    );
}

export function insertScheduleOverrideStatement(db: D1Database, scheduleId: string, row: RestoreScheduleOverride): D1PreparedStatement {
  return db
    .prepare("INSERT INTO schedule_overrides (schedule_id, date, skip, amount, description) VALUES (?1, ?2, ?3, ?4, ?5)")
    .bind(scheduleId, row.date, row.skip ? 1 : 0, row.amountMinor, row.description);
}

/** A posting names its transaction's new id; one whose transaction was deleted names a fresh id of nothing, so the day stays posted. */
export function insertSchedulePostingStatement(db: D1Database, scheduleId: string, date: string, transactionId: string, postedAt: number): D1PreparedStatement {
  return db.prepare("INSERT INTO schedule_postings (schedule_id, date, transaction_id, posted_at) VALUES (?1, ?2, ?3, ?4)").bind(scheduleId, date, transactionId, postedAt);
}

/** A key the user already dismissed (kept after its account was deleted) stays as it is. */
export function insertScheduleDismissalStatement(db: D1Database, userId: string, row: RestoreScheduleDismissal): D1PreparedStatement {
  return db.prepare("INSERT INTO schedule_dismissals (user_id, key, dismissed_at) VALUES (?1, ?2, ?3) ON CONFLICT (user_id, key) DO NOTHING").bind(userId, row.key, row.dismissedAt);
}

export function insertUserRateStatement(db: D1Database, userId: string, id: string, row: RestoreUserRate): D1PreparedStatement {
  return db
    .prepare("INSERT INTO user_rates (id, user_id, currency, quote, from_day, to_day, rate, note, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")
    .bind(id, userId, row.currency, row.quote, row.fromDay, row.toDay, row.rate, row.note, row.createdAt, row.updatedAt);
}

/** The reporting currency is part of the money setup, not the profile: a restore applies it (ADR 064). The profile's updated_at is left alone. */
export function setReportingCurrencyStatement(db: D1Database, userId: string, currency: string): D1PreparedStatement {
  return db.prepare("UPDATE users SET reporting_currency = ?2 WHERE id = ?1").bind(userId, currency);
}
