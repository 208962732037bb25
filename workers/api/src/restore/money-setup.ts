/**
 * Version 3 of the export (ADR 064): budgets and their lines, schedules with their one-day
 * overrides, postings and dismissed suggestions, and the user's own exchange rates, each one
 * restore section (section.ts). They come after the accounts, categories and transactions they
 * link to; a link the file lacks is refused by field, as for every other kind.
 */
import { isValidRule } from "../../../../core/schedule-rules";
import {
  RESTORE_MAX_TRANSACTIONS,
  restoreBudgetLineSchema,
  restoreBudgetSchema,
  restoreErrorKeys as K,
  restoreScheduleDismissalSchema,
  restoreScheduleOverrideSchema,
  restoreSchedulePostingSchema,
  restoreScheduleSchema,
  restoreUserRateSchema,
  type RestoreBudget,
  type RestoreBudgetLine,
  type RestoreSchedule,
  type RestoreScheduleDismissal,
  type RestoreScheduleOverride,
  type RestoreSchedulePosting,
  type RestoreUserRate,
} from "../../../../core/schemas/restore";
import { accountOf, addError, mapIds, section, type AnySection, type RestoreState } from "./section";
import {
  insertBudgetLineStatement,
  insertBudgetStatement,
  insertScheduleDismissalStatement,
  insertScheduleOverrideStatement,
  insertSchedulePostingStatement,
  insertScheduleStatement,
  insertUserRateStatement,
} from "./store";

/** Rows of a small kind one restore takes (one D1 batch); overrides and postings grow with the days, as transactions do. */
const MAX_SMALL_ROWS = 5_000;

/** A category link: null, or a category of the file. */
function categoryOf(state: RestoreState, field: string, categoryId: string | null): string | null {
  if (categoryId === null) return null;
  const id = state.ids.categories?.get(categoryId) ?? null;
  if (!id) addError(state, field, K.unknownCategory);
  return id;
}

/** Refuses a second row with the same key (a table's primary or unique key), at `field`. */
function once<T>(key: string, rows: T[], state: RestoreState, field: string, keyOf: (row: T) => string): void {
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const k = keyOf(row);
    if (seen.has(k)) addError(state, `${key}[${i}].${field}`, field === "categoryId" ? K.duplicateLine : K.repeated);
    seen.add(k);
  });
}

const budgets = section<RestoreBudget>({
  key: "budgets",
  schema: restoreBudgetSchema,
  requiredFrom: 3,
  maxRows: MAX_SMALL_ROWS,
  check: (rows, state) => void mapIds("budgets", rows, state),
  statements: (db, rows, state) => rows.map((row) => insertBudgetStatement(db, state.userId, state.ids.budgets!.get(row.id)!, row)),
});

const budgetLines = section<RestoreBudgetLine>({
  key: "budgetLines",
  schema: restoreBudgetLineSchema,
  requiredFrom: 3,
  maxRows: MAX_SMALL_ROWS,
  check: (rows, state) => {
    mapIds("budgetLines", rows, state);
    rows.forEach((row, i) => {
      if (!state.ids.budgets?.has(row.budgetId)) addError(state, `budgetLines[${i}].budgetId`, K.unknownBudget);
      categoryOf(state, `budgetLines[${i}].categoryId`, row.categoryId);
    });
    // One line per category per budget, and one "everything else" (budget_lines_category).
    once("budgetLines", rows, state, "categoryId", (row) => `${row.budgetId}\n${row.categoryId ?? ""}`);
  },
  statements: (db, rows, state) =>
    rows.map((row) =>
      insertBudgetLineStatement(
        db,
        state.userId,
        { id: state.ids.budgetLines!.get(row.id)!, budgetId: state.ids.budgets!.get(row.budgetId)!, categoryId: row.categoryId === null ? null : state.ids.categories!.get(row.categoryId)! },
        row,
      ),
    ),
});

const schedules = section<RestoreSchedule>({
  key: "schedules",
  schema: restoreScheduleSchema,
  requiredFrom: 3,
  maxRows: MAX_SMALL_ROWS,
  check: (rows, state) => {
    mapIds("schedules", rows, state);
    rows.forEach((row, i) => {
      const at = `schedules[${i}]`;
      accountOf(state, `${at}.accountId`, row.accountId);
      if (row.toAccountId !== null) {
        accountOf(state, `${at}.toAccountId`, row.toAccountId);
        if (row.toAccountId === row.accountId) addError(state, `${at}.toAccountId`, K.sameAccount);
      }
      categoryOf(state, `${at}.categoryId`, row.categoryId);
      // The rule must be one the schedules page could have made: it can happen, and ends by a day or a count, not both.
      const rule = { kind: row.ruleKind, interval: row.ruleInterval, day: row.ruleDay, start: row.startDate, end: row.endDate, count: row.maxCount };
      if (!isValidRule(rule) || (row.endDate !== null && row.maxCount !== null)) addError(state, `${at}.ruleKind`, K.scheduleRule);
    });
  },
  statements: (db, rows, state) =>
    rows.map((row) =>
      insertScheduleStatement(
        db,
        state.userId,
        {
          id: state.ids.schedules!.get(row.id)!,
          accountId: state.ids.accounts!.get(row.accountId)!,
          toAccountId: row.toAccountId === null ? null : state.ids.accounts!.get(row.toAccountId)!,
          categoryId: row.categoryId === null ? null : state.ids.categories!.get(row.categoryId)!,
        },
        row,
      ),
    ),
});

/** A schedule link: a schedule of the file, or refused. */
function scheduleOf(state: RestoreState, field: string, scheduleId: string): void {
  if (!state.ids.schedules?.has(scheduleId)) addError(state, field, K.unknownSchedule);
}

const scheduleOverrides = section<RestoreScheduleOverride>({
  key: "scheduleOverrides",
  schema: restoreScheduleOverrideSchema,
  requiredFrom: 3,
  maxRows: RESTORE_MAX_TRANSACTIONS,
  check: (rows, state) => {
    rows.forEach((row, i) => scheduleOf(state, `scheduleOverrides[${i}].scheduleId`, row.scheduleId));
    once("scheduleOverrides", rows, state, "date", (row) => `${row.scheduleId}\n${row.date}`);
  },
  statements: (db, rows, state) => rows.map((row) => insertScheduleOverrideStatement(db, state.ids.schedules!.get(row.scheduleId)!, row)),
});

const schedulePostings = section<RestoreSchedulePosting>({
  key: "schedulePostings",
  schema: restoreSchedulePostingSchema,
  requiredFrom: 3,
  maxRows: RESTORE_MAX_TRANSACTIONS,
  check: (rows, state) => {
    rows.forEach((row, i) => {
      scheduleOf(state, `schedulePostings[${i}].scheduleId`, row.scheduleId);
      if (row.transactionId !== null && !state.ids.transactions?.has(row.transactionId)) addError(state, `schedulePostings[${i}].transactionId`, K.unknownPosted);
    });
    // Exactly once per schedule and day (the table's key).
    once("schedulePostings", rows, state, "date", (row) => `${row.scheduleId}\n${row.date}`);
  },
  statements: (db, rows, state) =>
    rows.map((row) =>
      insertSchedulePostingStatement(
        db,
        state.ids.schedules!.get(row.scheduleId)!,
        row.date,
        // A posting whose transaction was deleted names a fresh id of nothing: the day stays posted, as it was.
        row.transactionId === null ? crypto.randomUUID() : state.ids.transactions!.get(row.transactionId)!,
        row.postedAt,
      ),
    ),
});

const scheduleDismissals = section<RestoreScheduleDismissal>({
  key: "scheduleDismissals",
  schema: restoreScheduleDismissalSchema,
  requiredFrom: 3,
  maxRows: MAX_SMALL_ROWS,
  check: (rows, state) => once("scheduleDismissals", rows, state, "key", (row) => row.key),
  statements: (db, rows, state) => rows.map((row) => insertScheduleDismissalStatement(db, state.userId, row)),
});

const userRates = section<RestoreUserRate>({
  key: "userRates",
  schema: restoreUserRateSchema,
  requiredFrom: 3,
  maxRows: MAX_SMALL_ROWS,
  check: (rows, state) => {
    mapIds("userRates", rows, state);
    rows.forEach((row, i) => {
      if (row.currency === row.quote) addError(state, `userRates[${i}].quote`, K.samePair);
      if (row.toDay !== null && row.toDay < row.fromDay) addError(state, `userRates[${i}].toDay`, K.dateRange);
    });
  },
  statements: (db, rows, state) => rows.map((row) => insertUserRateStatement(db, state.userId, state.ids.userRates!.get(row.id)!, row)),
});

/** Version 3's kinds, in the order they link (budgets before their lines, schedules before their days). */
export const MONEY_SETUP_SECTIONS: AnySection[] = [budgets, budgetLines, schedules, scheduleOverrides, schedulePostings, scheduleDismissals, userRates];
