/**
 * Validation of scheduled transactions (ADR 058), shared by the schedules form, its action and the
 * API. Messages are i18n keys. Amounts stay signed decimal strings (the API reads them with the
 * account's currency); a transfer's amount is what leaves the account, so it is positive.
 */
import { z } from "zod";
import { isIsoDay } from "../dates";
import { ID_PATTERN } from "../ids";
import { isValidRule, MAX_COUNT, MAX_INTERVAL, RULE_KINDS, SCHEDULE_MODES } from "../schedule-rules";
import { isoDay, transactionCreateSchema } from "./ledger";

export { SCHEDULE_MODES, type ScheduleMode } from "../schedule-rules";

/** How far ahead "upcoming" looks by default, and at most. */
export const UPCOMING_DAYS = 30;
export const UPCOMING_DAYS_MAX = 92;

/** "" and null are "not given" (a form's empty field, a JSON null). */
const blankOrNull = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** A whole number from JSON or from a form's text. */
const wholeNumber = (min: number, max: number, key: string) =>
  z.preprocess((value) => (typeof value === "string" && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value), z.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key }));

const booleanish = z.preprocess((value) => (value === "on" || value === "true" ? true : value === "false" || value === "" ? false : value), z.boolean({ error: "ledger.errors.trueOrFalse" }));

const optionalId = (key: string) => blankOrNull(z.string({ error: key }).regex(ID_PATTERN, { error: key }));

const fields = {
  accountId: z.string({ error: "ledger.errors.accountUnknown" }).regex(ID_PATTERN, { error: "ledger.errors.accountUnknown" }),
  toAccountId: optionalId("schedules.errors.toAccount"),
  amount: transactionCreateSchema.shape.amount,
  toAmount: blankOrNull(z.string({ error: "ledger.errors.positiveAmountFormat" }).trim().max(40, { error: "ledger.errors.positiveAmountFormat" })),
  description: transactionCreateSchema.shape.description,
  categoryId: transactionCreateSchema.shape.categoryId,
  payee: transactionCreateSchema.shape.payee,
  kind: z.enum(RULE_KINDS, { error: "schedules.errors.kind" }),
  interval: blankOrNull(wholeNumber(1, MAX_INTERVAL, "schedules.errors.interval")),
  day: blankOrNull(wholeNumber(1, 31, "schedules.errors.day")),
  start: isoDay,
  end: blankOrNull(isoDay),
  count: blankOrNull(wholeNumber(1, MAX_COUNT, "schedules.errors.count")),
  estimate: blankOrNull(booleanish),
  mode: z.enum(SCHEDULE_MODES, { error: "schedules.errors.mode" }),
};

type RuleFields = { kind?: (typeof RULE_KINDS)[number]; interval?: number; day?: number; start?: string; end?: string | null; count?: number | null; accountId?: string; toAccountId?: string | null };

/** The checks across fields: a rule that can happen, an end after the start, a transfer to another account. */
function checkRule(value: RuleFields, ctx: z.RefinementCtx) {
  if (value.kind === "monthlyDay" && value.day === undefined) ctx.addIssue({ code: "custom", path: ["day"], message: "schedules.errors.day" });
  if (value.end && value.count) ctx.addIssue({ code: "custom", path: ["count"], message: "schedules.errors.endOrCount" });
  if (value.start && value.end && value.end < value.start) ctx.addIssue({ code: "custom", path: ["end"], message: "ledger.errors.dateRange" });
  if (value.accountId && value.toAccountId && value.accountId === value.toAccountId) ctx.addIssue({ code: "custom", path: ["toAccountId"], message: "ledger.errors.sameAccount" });
}

export const scheduleCreateSchema = z.object(fields).superRefine(checkRule);
export type ScheduleCreateInput = z.infer<typeof scheduleCreateSchema>;

/** An optional field an edit may clear: "" and null are null (cleared), absent is unchanged. */
const clearable = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? null : value), z.union([z.null(), schema]).optional());

/** An edit: any of the fields (null clears an optional one); the API checks the merged schedule's rule again. */
export const scheduleUpdateSchema = z
  .object({
    ...fields,
    toAccountId: clearable(z.string({ error: "schedules.errors.toAccount" }).regex(ID_PATTERN, { error: "schedules.errors.toAccount" })),
    toAmount: clearable(z.string({ error: "ledger.errors.positiveAmountFormat" }).trim().max(40, { error: "ledger.errors.positiveAmountFormat" })),
    end: clearable(isoDay),
    count: clearable(wholeNumber(1, MAX_COUNT, "schedules.errors.count")),
    accountId: fields.accountId.optional(),
    amount: fields.amount.optional(),
    description: fields.description.optional(),
    kind: fields.kind.optional(),
    start: fields.start.optional(),
    mode: fields.mode.optional(),
  })
  .superRefine(checkRule)
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: "ledger.errors.noChanges" });
export type ScheduleUpdateInput = z.infer<typeof scheduleUpdateSchema>;

/** One occurrence changed: its amount, its description, or both (blank keeps the schedule's). */
export const occurrenceEditSchema = z
  .object({
    amount: blankOrNull(transactionCreateSchema.shape.amount),
    description: blankOrNull(transactionCreateSchema.shape.description),
  })
  .refine((value) => value.amount !== undefined || value.description !== undefined, { error: "ledger.errors.noChanges" });
export type OccurrenceEditInput = z.infer<typeof occurrenceEditSchema>;

/** A dismissed suggestion's key (what GET /schedules/suggestions answers as `key`). */
export const suggestionDismissSchema = z.object({ key: z.string({ error: "schedules.errors.suggestion" }).trim().min(1, { error: "schedules.errors.suggestion" }).max(120, { error: "schedules.errors.suggestion" }) });

/** Whether a path's date names a real day (a malformed one is a 404, like a malformed id). */
export const isOccurrenceDay = (value: string) => isIsoDay(value);

export { isValidRule };

/** Which way a schedule's money goes, as the form asks it (a transfer's always leaves the account). */
export const SCHEDULE_DIRECTIONS = ["out", "in"] as const;

/** The typed amount signed by the direction: a typed minus, or "out", is money out; a transfer's stays as typed. */
function signedAmount(amount: string, direction: string | undefined, transfer: boolean): string {
  const magnitude = amount.replace(/^[-−(+]\s*/, "").replace(/\)$/, "");
  if (transfer) return magnitude;
  return /^[-−(]/.test(amount) || direction !== "in" ? `-${magnitude}` : magnitude;
}

/** The schedules page's form: the API's fields, with the amount as a magnitude and a direction. */
export const scheduleFormSchema = z
  .object({ ...fields, direction: blankOrNull(z.enum(SCHEDULE_DIRECTIONS, { error: "ledger.moneyInOut.errors.direction" })) })
  .superRefine(checkRule)
  .transform(({ direction, ...rest }) => ({ ...rest, amount: signedAmount(rest.amount, direction, Boolean(rest.toAccountId)) }));

/** One occurrence's form: amount (with its direction) and description. */
export const occurrenceFormSchema = z
  .object({
    amount: blankOrNull(z.string().trim().max(40, { error: "ledger.errors.amountFormat" })),
    direction: blankOrNull(z.enum(SCHEDULE_DIRECTIONS)),
    transfer: blankOrNull(z.string()),
    description: blankOrNull(transactionCreateSchema.shape.description),
  })
  .transform(({ amount, direction, transfer, description }) => ({ amount: amount === undefined ? undefined : signedAmount(amount, direction, Boolean(transfer)), description }))
  .refine((value) => value.amount !== undefined || value.description !== undefined, { error: "ledger.errors.noChanges" });
