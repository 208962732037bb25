/**
 * "Import everything" (ADR 060): the shape of the export file a restore reads, its limits, and the
 * answer. Shared by the API (workers/api/src/restore) and the settings page. Messages are i18n keys
 * (`settings.importEverything.errors.*`, or the ledger's own for dates and texts).
 */
import { z } from "zod";
import { isRecordDay, isIsoDay } from "../dates";
import { MAX_MINOR_UNITS } from "../money";
import { TEXT_LIMITS } from "../input-limits";
import { ACCOUNT_TYPES, CATEGORY_KINDS, TRANSACTION_STATUSES, isKnownCurrency } from "./ledger";
import { PERIOD_KINDS, ROLLOVERS } from "../budget-periods";
import { MAX_COUNT, MAX_INTERVAL, RULE_KINDS } from "../schedule-rules";
import { RATE_PATTERN } from "../exchange";
import { SCHEDULE_MODES } from "./schedules";
import { RATE_NOTE_MAX } from "./rates";

/** The largest file a restore takes: the body limit at the API's edge (a receipt is up to 10 MB before base64). */
export const RESTORE_MAX_BYTES = 32 * 1024 * 1024;
/** The most transactions one restore writes: one D1 batch must stay well inside D1's limits (ADR 060). */
export const RESTORE_MAX_TRANSACTIONS = 20_000;
/** The export versions a restore reads: 1 (no receipts, imports or checkpoints), 2 (no budgets, schedules or own rates) and 3. */
export const RESTORE_VERSIONS = [1, 2, 3] as const;

const E = "settings.importEverything.errors";
export const restoreErrorKeys = {
  notJson: `${E}.notJson`,
  version: `${E}.version`,
  duplicateId: `${E}.duplicateId`,
  unknownAccount: `${E}.unknownAccount`,
  unknownCategory: `${E}.unknownCategory`,
  unknownImport: `${E}.unknownImport`,
  unknownTransaction: `${E}.unknownTransaction`,
  currency: `${E}.currency`,
  currencyMismatch: `${E}.currencyMismatch`,
  transferLegs: `${E}.transferLegs`,
  balanceMismatch: `${E}.balanceMismatch`,
  importCount: `${E}.importCount`,
  receiptMissing: `${E}.receiptMissing`,
  receiptImage: `${E}.receiptImage`,
  tooMany: `${E}.tooMany`,
  field: `${E}.field`,
  date: `${E}.date`,
  notEmpty: `${E}.notEmpty`,
  // Version 3's kinds (ADR 064): their own group of the catalogue.
  unknownBudget: "settings.restoreKinds.errors.unknownBudget",
  unknownSchedule: "settings.restoreKinds.errors.unknownSchedule",
  unknownPosted: "settings.restoreKinds.errors.unknownTransaction",
  repeated: "settings.restoreKinds.errors.repeated",
  tooManyRows: "settings.restoreKinds.errors.tooMany",
  duplicateLine: "ledger.budgets.errors.duplicateLine",
  sameAccount: "settings.restoreKinds.errors.sameAccount",
  scheduleRule: "settings.restoreKinds.errors.rule",
  createdForTransfer: "settings.restoreKinds.errors.createdForTransfer",
  samePair: "ledger.rates.errors.samePair",
  dateRange: "ledger.rates.errors.dateRange",
} as const;

const text = (max: number) => z.string({ error: restoreErrorKeys.field }).min(1, { error: restoreErrorKeys.field }).max(max, { error: restoreErrorKeys.field });
const optionalText = (max: number) => z.string({ error: restoreErrorKeys.field }).max(max, { error: restoreErrorKeys.field }).nullable().optional().default(null);
/** Ids as the file has them: any short token (new ids are minted; the old ones only link rows of the file). */
const fileId = text(100);
const minor = z.number({ error: restoreErrorKeys.field }).int({ error: restoreErrorKeys.field }).refine((n) => Math.abs(n) <= MAX_MINOR_UNITS, { error: restoreErrorKeys.field });
const day = z.string({ error: restoreErrorKeys.date }).refine((d) => isIsoDay(d) && isRecordDay(d), { error: restoreErrorKeys.date });
/** An instant as the export writes it (ISO 8601 UTC), kept as milliseconds. */
const instant = z
  .string({ error: restoreErrorKeys.date })
  .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(s) && Number.isFinite(Date.parse(s)), { error: restoreErrorKeys.date })
  .transform((s) => Date.parse(s));
const optionalInstant = instant.nullable().optional().default(null);
const currency = z.string({ error: restoreErrorKeys.currency }).refine(isKnownCurrency, { error: restoreErrorKeys.currency });

export const restoreAccountSchema = z.object({
  id: fileId,
  name: text(TEXT_LIMITS.accountName),
  type: z.enum(ACCOUNT_TYPES, { error: restoreErrorKeys.field }),
  currency,
  institution: optionalText(TEXT_LIMITS.institution),
  number: optionalText(64),
  cci: optionalText(64),
  openingBalanceMinor: minor,
  openingDate: day,
  balanceMinor: z.number({ error: restoreErrorKeys.field }).int({ error: restoreErrorKeys.field }),
  archived: z.boolean({ error: restoreErrorKeys.field }).optional().default(false),
  createdAt: instant,
  updatedAt: instant,
});

export const restoreCategorySchema = z.object({
  id: fileId,
  name: text(TEXT_LIMITS.categoryName),
  kind: z.enum(CATEGORY_KINDS, { error: restoreErrorKeys.field }),
  color: z.string({ error: restoreErrorKeys.field }).regex(/^#[0-9a-fA-F]{6}$/, { error: restoreErrorKeys.field }),
  defaultKey: optionalText(40),
  createdAt: instant,
});

export const restoreImportSchema = z.object({
  id: fileId,
  accountId: fileId,
  fileName: optionalText(TEXT_LIMITS.fileName),
  fileCheck: optionalText(200),
  imported: z.number({ error: restoreErrorKeys.field }).int().min(0, { error: restoreErrorKeys.field }),
  remaining: z.number({ error: restoreErrorKeys.field }).int().min(0, { error: restoreErrorKeys.field }),
  createdAt: instant,
  undoneAt: optionalInstant,
});

export const restoreCheckpointSchema = z.object({
  id: fileId,
  accountId: fileId,
  date: day,
  balanceMinor: z.number({ error: restoreErrorKeys.field }).int({ error: restoreErrorKeys.field }).refine((n) => Number.isSafeInteger(n), { error: restoreErrorKeys.field }),
  source: z.enum(["reconcile", "import"], { error: restoreErrorKeys.field }),
  createdAt: instant,
});

export const restoreTransactionSchema = z.object({
  id: fileId,
  accountId: fileId,
  date: day,
  description: text(TEXT_LIMITS.description),
  amountMinor: minor,
  currency,
  categoryId: fileId.nullable().optional().default(null),
  payee: optionalText(TEXT_LIMITS.payee),
  notes: optionalText(TEXT_LIMITS.notes),
  status: z.enum(TRANSACTION_STATUSES, { error: restoreErrorKeys.field }),
  transferId: fileId.nullable().optional().default(null),
  hasReceipt: z.boolean({ error: restoreErrorKeys.field }).optional().default(false),
  reconciledAt: optionalInstant,
  importId: fileId.nullable().optional().default(null),
  importFingerprint: optionalText(200),
  importContent: optionalText(200),
  /** The transfer a "convert to transfer" created this leg for (migration 0031): the row's own transfer, or null. */
  createdForTransfer: fileId.nullable().optional().default(null),
  createdAt: instant,
  updatedAt: instant,
});

export const restoreReceiptSchema = z.object({
  transactionId: fileId,
  contentType: z.string({ error: restoreErrorKeys.field }).max(100, { error: restoreErrorKeys.field }),
  data: z.string({ error: restoreErrorKeys.receiptImage }).regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: restoreErrorKeys.receiptImage }),
});

// ───────────── Version 3 (ADR 064): budgets, schedules, the user's own rates ─────────────

const whole = (min: number, max: number) => z.number({ error: restoreErrorKeys.field }).int({ error: restoreErrorKeys.field }).min(min, { error: restoreErrorKeys.field }).max(max, { error: restoreErrorKeys.field });
const optionalDay = day.nullable().optional().default(null);

export const restoreBudgetSchema = z.object({
  id: fileId,
  name: text(60),
  currency,
  period: z.enum(PERIOD_KINDS, { error: restoreErrorKeys.field }),
  cycleDay: whole(1, 31),
  startsOn: day,
  createdAt: instant,
  updatedAt: instant,
});

export const restoreBudgetLineSchema = z.object({
  id: fileId,
  budgetId: fileId,
  categoryId: fileId.nullable().optional().default(null),
  amountMinor: whole(0, MAX_MINOR_UNITS),
  rollover: z.enum(ROLLOVERS, { error: restoreErrorKeys.field }),
  position: whole(0, 10_000),
});

/** A non-zero amount within the ledger's bound (the schedules' CHECK). */
const nonZero = minor.refine((n) => n !== 0, { error: restoreErrorKeys.field });

export const restoreScheduleSchema = z.object({
  id: fileId,
  accountId: fileId,
  toAccountId: fileId.nullable().optional().default(null),
  amountMinor: nonZero,
  toAmountMinor: whole(1, MAX_MINOR_UNITS).nullable().optional().default(null),
  description: text(TEXT_LIMITS.description),
  categoryId: fileId.nullable().optional().default(null),
  payee: optionalText(TEXT_LIMITS.payee),
  ruleKind: z.enum(RULE_KINDS, { error: restoreErrorKeys.field }),
  ruleInterval: whole(1, MAX_INTERVAL),
  ruleDay: whole(1, 31).nullable().optional().default(null),
  startDate: day,
  endDate: optionalDay,
  maxCount: whole(1, MAX_COUNT).nullable().optional().default(null),
  firstDue: day,
  estimate: z.boolean({ error: restoreErrorKeys.field }).optional().default(false),
  mode: z.enum(SCHEDULE_MODES, { error: restoreErrorKeys.field }),
  createdAt: instant,
  updatedAt: instant,
});

export const restoreScheduleOverrideSchema = z.object({
  scheduleId: fileId,
  date: day,
  skip: z.boolean({ error: restoreErrorKeys.field }),
  amountMinor: nonZero.nullable().optional().default(null),
  description: optionalText(TEXT_LIMITS.description).refine((d) => d !== "", { error: restoreErrorKeys.field }),
});

export const restoreSchedulePostingSchema = z.object({
  scheduleId: fileId,
  date: day,
  /** Null: posted, and its transaction deleted since (the day stays posted). */
  transactionId: fileId.nullable(),
  postedAt: instant,
});

export const restoreScheduleDismissalSchema = z.object({
  key: text(120),
  dismissedAt: instant,
});

export const restoreUserRateSchema = z.object({
  id: fileId,
  currency,
  quote: currency,
  fromDay: day,
  toDay: optionalDay,
  rate: z.string({ error: restoreErrorKeys.field }).refine((r) => RATE_PATTERN.test(r) && /[1-9]/.test(r), { error: restoreErrorKeys.field }),
  note: optionalText(RATE_NOTE_MAX),
  createdAt: instant,
  updatedAt: instant,
});

/** The reporting currency a version 3 file names (top level, not in the profile): restored (ADR 064). */
export const restoreReportingCurrencySchema = currency;

export type RestoreBudget = z.infer<typeof restoreBudgetSchema>;
export type RestoreBudgetLine = z.infer<typeof restoreBudgetLineSchema>;
export type RestoreSchedule = z.infer<typeof restoreScheduleSchema>;
export type RestoreScheduleOverride = z.infer<typeof restoreScheduleOverrideSchema>;
export type RestoreSchedulePosting = z.infer<typeof restoreSchedulePostingSchema>;
export type RestoreScheduleDismissal = z.infer<typeof restoreScheduleDismissalSchema>;
export type RestoreUserRate = z.infer<typeof restoreUserRateSchema>;

export type RestoreAccount = z.infer<typeof restoreAccountSchema>;
export type RestoreCategory = z.infer<typeof restoreCategorySchema>;
export type RestoreImport = z.infer<typeof restoreImportSchema>;
export type RestoreCheckpoint = z.infer<typeof restoreCheckpointSchema>;
export type RestoreTransaction = z.infer<typeof restoreTransactionSchema>;
export type RestoreReceipt = z.infer<typeof restoreReceiptSchema>;

/** The answer of a restore: how many of each kind came back, by the file's section names. */
export const restoreResultSchema = z.object({ restored: z.record(z.string(), z.number().int()) });
export type RestoreResult = z.infer<typeof restoreResultSchema>;
