/**
 * Budgets' SQL (ADR 057): budgets, their lines, and the spending a report or the overview's card
 * reads. Spending is the overview's: transfers left out, an expense category's refunds reduce it
 * (`t.amount < 0 OR c.kind = 'expense'`), summed per category and per period in SQL from the
 * day summaries kept by triggers (day_totals, ADR 065).
 */
import type { PeriodKind, Rollover } from "../../../../core/budget-periods";

export interface BudgetRow {
  id: string;
  user_id: string;
  name: string;
  currency: string;
  period: PeriodKind;
  cycle_day: number;
  starts_on: string;
  created_at: number;
  updated_at: number;
}

export interface LineRow {
  id: string;
  budget_id: string;
  category_id: string | null;
  amount: number;
  rollover: Rollover;
  position: number;
  category_name: string | null;
  category_color: string | null;
  category_default_key: string | null;
}

/** A spending group: in the budget's currency per period (`day` null), in another per day (to convert at that day's rate). */
export interface SpendingRow {
  category_id: string | null;
  currency: string;
  period_start: string;
  day: string | null;
  spent: number;
  n: number;
}

const LINE_COLUMNS = `l.id, l.budget_id, l.category_id, l.amount, l.rollover, l.position, c.name AS category_name, c.color AS category_color, c.default_key AS category_default_key`;

/**
 * The first day of the period that contains `date`, for the budget row `b` (its kind and cycle
 * day), in SQLite: it must agree with core/budget-periods.ts `periodOf` (property-tested).
 */
function periodStartSql(date: string): string {
  const lastDay = (monthStart: string) => `CAST(strftime('%d', ${monthStart}, '+1 month', '-1 day') AS INTEGER)`;
  const thisStart = `date(${date}, 'start of month')`;
  const prevStart = `date(${date}, 'start of month', '-1 month')`;
  const dayHere = `min(b.cycle_day, ${lastDay(thisStart)})`;
  const dayBefore = `min(b.cycle_day, ${lastDay(prevStart)})`;
  return `CASE b.period
    WHEN 'monthly' THEN substr(${date}, 1, 8) || '01'
    WHEN 'quincena' THEN substr(${date}, 1, 8) || CASE WHEN substr(${date}, 9, 2) <= '15' THEN '01' ELSE '16' END
    ELSE CASE WHEN CAST(substr(${date}, 9, 2) AS INTEGER) >= ${dayHere}
      THEN substr(${date}, 1, 8) || printf('%02d', ${dayHere})
      ELSE substr(${prevStart}, 1, 8) || printf('%02d', ${dayBefore}) END
  END`;
}

export function budgetsStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("SELECT * FROM budgets WHERE user_id = ?1 ORDER BY created_at, id").bind(userId);
}

export function allLinesStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db
    .prepare(`SELECT ${LINE_COLUMNS} FROM budget_lines l LEFT JOIN categories c ON c.id = l.category_id WHERE l.user_id = ?1 ORDER BY l.budget_id, l.position, l.id`)
    .bind(userId);
}

export function budgetStatement(db: D1Database, userId: string, id: string): D1PreparedStatement {
  return db.prepare("SELECT * FROM budgets WHERE id = ?1 AND user_id = ?2").bind(id, userId);
}

export function linesStatement(db: D1Database, userId: string, budgetId: string): D1PreparedStatement {
  return db
    .prepare(`SELECT ${LINE_COLUMNS} FROM budget_lines l LEFT JOIN categories c ON c.id = l.category_id WHERE l.budget_id = ?1 AND l.user_id = ?2 ORDER BY l.position, l.id`)
    .bind(budgetId, userId);
}

/**
 * Spending from the day summaries (migration 0032, ADR 065): a day's money out, and its money in
 * when the category is an expense one (a refund reduces spending; a salary is not spending), with
 * how many transactions that is. `d` is a day_totals row, `c` its category (none for `''`).
 */
const SPENT = "-SUM(d.outflow + CASE WHEN c.kind = 'expense' THEN d.inflow ELSE 0 END)";
const COUNTED = "SUM(d.out_count + CASE WHEN c.kind = 'expense' THEN d.in_count ELSE 0 END)";

/**
 * What both spending statements select and group by: per category, account currency and period,
 * and per day for a currency other than the budget's (those rows are converted at their day's
 * rate, or left out and counted); `b` is the budget's row. A group whose rows are all another
 * category's inflow counts nothing and is left out (`HAVING`), as those rows are.
 */
const SPENDING_COLUMNS = `NULLIF(d.category, '') AS category_id, a.currency AS currency, ${periodStartSql("d.date")} AS period_start,
              CASE WHEN a.currency = b.currency THEN NULL ELSE d.date END AS day,
              ${SPENT} AS spent, ${COUNTED} AS n`;
const SPENDING_GROUPS = "d.category, a.currency, period_start, day\n       HAVING n > 0";

/**
 * The budget's spending from the day it counts from (its `starts_on`, ADR 077) to the period that
 * contains `day` (or its start day, when that is later), in one statement: the budget's kind,
 * cycle day, start and currency are read from its row, so it rides in the same batch as the
 * session check and the budget itself. The range ends a little later than needed (31 days, the
 * longest period); the caller keeps the periods it wants. It reads the day summaries, not the
 * transactions, so its cost follows days × accounts × categories (ADR 065).
 */
export const SPENDING_SQL = `SELECT ${SPENDING_COLUMNS}
         FROM budgets b
         JOIN day_totals d ON d.user_id = b.user_id
              AND d.date >= b.starts_on AND d.date <= date(max(?3, b.starts_on), '+31 days')
         JOIN accounts a ON a.id = d.account_id
         LEFT JOIN categories c ON c.id = d.category
        WHERE b.id = ?1 AND b.user_id = ?2
        GROUP BY ${SPENDING_GROUPS}`;

export function spendingStatement(db: D1Database, userId: string, budgetId: string, day: string): D1PreparedStatement {
  return db.prepare(SPENDING_SQL).bind(budgetId, userId, day);
}

/**
 * The overview's card: `SPENDING_SQL` for every budget of the user at once (rows carry their
 * budget's id), so each budget's report (`buildReport`) is made from the overview's own batch.
 * A budget without a rollover line reads only the days around `day` (any period that contains it
 * lies inside); one with a rollover line reads from its start day, as its report does; none reads
 * days before its start day, and one that starts after `day` reads around its start (ADR 077).
 * Accounts in another currency are read as the budget's own are: the card converts their
 * spending at its days' rates, as the report does (ADR 083).
 */
export const BUDGETS_SPENDING_SQL = `SELECT b.id AS budget_id, ${SPENDING_COLUMNS}
         FROM budgets b
         -- CROSS JOIN keeps the budgets outside: each then reads its own days by the primary key's range.
         CROSS JOIN day_totals d ON d.user_id = b.user_id
              AND d.date >= CASE WHEN EXISTS (SELECT 1 FROM budget_lines r WHERE r.budget_id = b.id AND r.rollover <> 'none')
                                 THEN b.starts_on ELSE max(b.starts_on, date(?2, '-31 days')) END
              AND d.date <= date(max(?2, b.starts_on), '+31 days')
         JOIN accounts a ON a.id = d.account_id
         LEFT JOIN categories c ON c.id = d.category
        WHERE b.user_id = ?1
        GROUP BY b.id, ${SPENDING_GROUPS}`;

export function budgetsSpendingStatement(db: D1Database, userId: string, day: string): D1PreparedStatement {
  return db.prepare(BUDGETS_SPENDING_SQL).bind(userId, day);
}

export function insertBudget(db: D1Database, row: Omit<BudgetRow, "updated_at">): D1PreparedStatement {
  return db
    .prepare("INSERT INTO budgets (id, user_id, name, currency, period, cycle_day, starts_on, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)")
    .bind(row.id, row.user_id, row.name, row.currency, row.period, row.cycle_day, row.starts_on, row.created_at);
}

export function updateBudget(db: D1Database, userId: string, id: string, input: { name?: string; period?: string; cycleDay?: number; startsOn?: string }, now: number) {
  return db
    .prepare(
      "UPDATE budgets SET name = COALESCE(?1, name), period = COALESCE(?2, period), cycle_day = COALESCE(?3, cycle_day), starts_on = COALESCE(?4, starts_on), updated_at = ?5 WHERE id = ?6 AND user_id = ?7",
    )
    .bind(input.name ?? null, input.period ?? null, input.cycleDay ?? null, input.startsOn ?? null, now, id, userId);
}

export function deleteBudget(db: D1Database, userId: string, id: string) {
  return db.prepare("DELETE FROM budgets WHERE id = ?1 AND user_id = ?2").bind(id, userId);
}

/** The statements that replace a budget's lines with `lines` (one batch: all or nothing). */
export function replaceLinesStatements(
  db: D1Database,
  userId: string,
  budgetId: string,
  lines: ReadonlyArray<{ categoryId: string | null; amountMinor: number; rollover: Rollover }>,
  now: number,
): D1PreparedStatement[] {
  return [
    db.prepare("DELETE FROM budget_lines WHERE budget_id = ?1 AND user_id = ?2").bind(budgetId, userId),
    ...lines.map((line, position) =>
      db
        .prepare("INSERT INTO budget_lines (id, budget_id, user_id, category_id, amount, rollover, position) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        .bind(crypto.randomUUID(), budgetId, userId, line.categoryId, line.amountMinor, line.rollover, position),
    ),
    db.prepare("UPDATE budgets SET updated_at = ?1 WHERE id = ?2 AND user_id = ?3").bind(now, budgetId, userId),
  ];
}

/** The user's expense categories (a line's category must be one). */
export function expenseCategoriesStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("SELECT id FROM categories WHERE user_id = ?1 AND kind = 'expense'").bind(userId);
}
