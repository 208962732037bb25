/**
 * Validation of the ledger, shared by the web forms, their actions and the API (docs/api/ledger.md).
 * Messages are i18n keys (`ledger.errors.*`); each side translates them. Amounts stay decimal
 * strings here: their exact check needs the account's currency (`checkAmount`), which the API
 * applies after loading the account and a form can apply when it knows the currency.
 */
import { z } from "zod";
import { isIsoDay, isRecordDay } from "../dates";
import { ID_PATTERN } from "../ids";
import { multiLineText, singleLineText, singleSpacedText } from "../plain-text";
import { searchWords } from "../search-words";
import { ACCOUNT_NUMBER_MAX_DIGITS, IMPORT_MAX_BYTES, MAX_SEARCH_WORDS, PAGE_SIZE_MAX, TEXT_LIMITS } from "../input-limits";
import { MAX_MINOR_UNITS, parseTypedAmount, toDecimalString } from "../money";
import { ACCOUNT_TYPES, TRANSACTION_STATUSES, CATEGORY_KINDS, DATE_FORMATS, isKnownCurrency, checkAmount, DIRECTIONS, LIST_DIRECTIONS, IMPORT_COLUMNS, typedAmountProblem, type AmountFormatKey, type Direction } from "../ledger-values";

export { IMPORT_MAX_BYTES, PAGE_SIZE_MAX };

/**
 * An empty form or URL field means "not given". Only "": a URL cannot carry a null, and a schema
 * that took one would be described as nullable in the OpenAPI document (the generator asks it).
 */
export const blank = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
/** In a JSON body, null means "not given" too. */
const blankOrNull = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
/** So does an optional text that draws nothing (spaces, a zero-width space: plain-text.ts's blank). */
const blankText = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === "string" && !singleLineText(value).trim() ? undefined : value), schema.optional());

/** Trimmed text; "" and null become null (clears the field on update). */
const optionalText = (max: number, key: string, { multiline = false } = {}) =>
  z
    .union([z.string({ error: key }), z.null()], { error: key })
    .optional()
    .transform((value) => (typeof value === "string" ? (multiline ? multiLineText(value) : singleLineText(value)).trim() || null : value))
    .refine((value) => value === undefined || value === null || value.length <= max, { error: key });

/** A decimal string; JSON numbers are refused so no float ever carries money. */
const decimalText = (formatKey: AmountFormatKey) =>
  z
    .string({ error: formatKey })
    .trim()
    .min(1, { error: "ledger.errors.amountRequired" })
    .max(40, { error: formatKey })
    // `abort`: text that is no amount gets that one message, not also the checks added after (zero).
    .refine((value) => value === "" || /^[+\-−(]?\s*[\d.,\s]*\d[\d.,\s]*\)?$/.test(value), { error: formatKey, abort: true });

export const amountText = decimalText("ledger.errors.amountFormat");
/**
 * A new transaction's amount: not zero, which moves no money and is a slip (a forgotten figure; QA,
 * session 23). An opening balance may be zero; an edit may keep a zero an older import brought, so
 * the API refuses only a change to zero (PATCH /transactions/{id}).
 */
const transactionAmountText = amountText.refine((value) => value === "" || /[1-9]/.test(value), { error: "ledger.errors.amountZero" });
/**
 * An amount that may be zero but never negative (a budget's amount to spend): a minus sign or
 * brackets get their own message in the browser too, not only from the API.
 */
export const unsignedAmountText = (negativeKey: string) =>
  decimalText("ledger.errors.unsignedAmountFormat")
    // A bracket without its pair is a slip, not a sign.
    .refine((value) => value.startsWith("(") === value.endsWith(")"), { error: "ledger.errors.unsignedAmountFormat", abort: true })
    // Zero written with a sign ("-0") is still zero, which a budget line may be.
    .refine((value) => !/^[-−(]/.test(value) || !/[1-9]/.test(value), { error: negativeKey });
/** A transfer's amount: the sign is checked against zero later, with its own message. */
const transferAmountText = decimalText("ledger.errors.positiveAmountFormat");

// `abort`: a day that is not real gets that one message, and checks added after (`recordDay`) do not run.
export const isoDay = z.string({ error: "ledger.errors.date" }).trim().refine(isIsoDay, { error: "ledger.errors.date", abort: true });
/** The date of a transaction or an opening balance: a real day, and one in the window of `isRecordDay`. */
export const recordDay = isoDay.refine((day) => isRecordDay(day), { error: "ledger.errors.dateOutOfRange" });
export const idSchema = z.string({ error: "ledger.errors.required" }).regex(ID_PATTERN, { error: "ledger.errors.accountUnknown" });

/** Digits, spaces and dashes, with at most `max` digits, or exactly that many when `exact`. */
const accountNumber = (max: number, key: string, { exact = false } = {}) =>
  optionalText(max + 10, key).refine((value) => {
    if (value == null) return true;
    const digits = value.replace(/\D/g, "").length;
    return /^[\d\s-]+$/.test(value) && (exact ? digits === max : digits <= max);
  }, { error: key });

export const accountNameSchema = z.string({ error: "ledger.errors.required" }).overwrite(singleLineText).trim().min(1, { error: "ledger.errors.required" }).max(TEXT_LIMITS.accountName, { error: "ledger.errors.nameLength" });
export const currencySchema = z
  .string({ error: "ledger.errors.currency" })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isKnownCurrency, { error: "ledger.errors.currency" });

const accountFields = {
  name: accountNameSchema,
  type: z.enum(ACCOUNT_TYPES, { error: "ledger.errors.accountType" }),
  currency: currencySchema,
  institution: optionalText(TEXT_LIMITS.institution, "ledger.errors.institutionLength"),
  number: accountNumber(ACCOUNT_NUMBER_MAX_DIGITS, "ledger.errors.accountNumber"),
  // A Peruvian interbank code (Código de Cuenta Interbancario) is always 20 digits.
  cci: accountNumber(20, "ledger.errors.cci", { exact: true }),
  openingBalance: amountText.optional(),
  openingDate: recordDay.optional(),
};

export const accountCreateSchema = z.object(accountFields);
export type AccountCreateInput = z.infer<typeof accountCreateSchema>;

/**
 * The `updatedAt` of the account or transaction as the edit's form read it: if it has changed since (another
 * tab, another device), the API answers 409 and writes nothing, instead of undoing that change
 * with the form's older values. A form sends it as text; without it, the last write wins.
 */
const editedFrom = z.union([z.number().int().min(0), z.string().regex(/^\d{1,15}$/).transform(Number)], { error: "ledger.errors.editedFrom" }).optional();

/** An edit changes at least one field: `updatedAt` only says which copy it was made from. */
const changesSomething = (value: Record<string, unknown>) => Object.entries(value).some(([field, v]) => field !== "updatedAt" && v !== undefined);

export const accountUpdateSchema = z
  .object({
    ...accountFields,
    name: accountNameSchema.optional(),
    type: accountFields.type.optional(),
    currency: currencySchema.optional(),
    archived: z.boolean({ error: "ledger.errors.trueOrFalse" }).optional(),
    updatedAt: editedFrom,
  })
  .refine(changesSomething, { error: "ledger.errors.noChanges" });
export type AccountUpdateInput = z.infer<typeof accountUpdateSchema>;

const descriptionSchema = z.string({ error: "ledger.errors.descriptionLength" }).overwrite(singleLineText).trim().min(1, { error: "ledger.errors.required" }).max(TEXT_LIMITS.description, { error: "ledger.errors.descriptionLength" });
const categoryRef = z
  .union([z.string({ error: "ledger.errors.categoryUnknown" }), z.null()], { error: "ledger.errors.categoryUnknown" })
  .optional()
  .transform((value) => (value === "" ? null : value))
  .refine((value) => value == null || ID_PATTERN.test(value), { error: "ledger.errors.categoryUnknown" });

const transactionFields = {
  date: recordDay,
  description: descriptionSchema,
  amount: transactionAmountText,
  categoryId: categoryRef,
  payee: optionalText(TEXT_LIMITS.payee, "ledger.errors.payeeLength"),
  notes: optionalText(TEXT_LIMITS.notes, "ledger.errors.notesLength", { multiline: true }),
  status: z.enum(TRANSACTION_STATUSES, { error: "ledger.errors.status" }).optional(),
};

export const transactionCreateSchema = z.object(transactionFields);
export type TransactionCreateInput = z.infer<typeof transactionCreateSchema>;

export const transactionUpdateSchema = z
  .object({ ...transactionFields, date: recordDay.optional(), description: descriptionSchema.optional(), amount: amountText.optional(), updatedAt: editedFrom })
  .refine(changesSomething, { error: "ledger.errors.noChanges" });
export type TransactionUpdateInput = z.infer<typeof transactionUpdateSchema>;

/**
 * A movement as the forms enter it (the add and edit forms, quick add; ADR 051): a direction and
 * the amount without a sign, in any of the app's own display formats (`parseTypedAmount`); a typed
 * minus still means out, and is refused against "money in"; a post without a direction keeps the old
 * contract (the sign decides). The output is what the API takes (a signed
 * decimal string), so the API's contract stays as it was. Built per currency: the exact parse needs it.
 */
export function transactionEntrySchema(currency: string) {
  return z.object({ ...transactionFields, direction: directionField, amount: typedAmount(currency, "add") }).superRefine(minusAgainstIn(MINUS_WITH_IN), { when: amountRead }).transform(signed(currency));
}

/**
 * An edit's entry: the fields it changes; an old zero may stay (the API refuses only a change to zero).
 * A transfer's leg cannot turn, so its minus message (`minusWithIn`, a message key) does not offer "money out".
 */
export function transactionEditSchema(currency: string, minusWithIn = MINUS_WITH_IN) {
  return z
    .object({ ...transactionFields, date: recordDay.optional(), description: descriptionSchema.optional(), updatedAt: editedFrom, direction: directionField, amount: typedAmount(currency, "update") })
    .superRefine(minusAgainstIn(minusWithIn), { when: amountRead })
    .transform(signed(currency));
}

/**
 * "Money in" chosen and a minus typed: the two disagree, and the minus used to win without a word
 * (session 35's tester saved -50 as income and got money out). A minus with "money out", or with
 * no direction at all, still means out (ADR 051); against "money in" it is refused (ADR 085).
 */
function minusAgainstIn(message: string) {
  return (value: { direction?: Direction | undefined; amount: { magnitude: number; negative: boolean } }, ctx: z.RefinementCtx) => {
    if (value.direction === "in" && value.amount.negative && value.amount.magnitude > 0) ctx.addIssue({ code: "custom", path: ["amount"], message });
  };
}
const MINUS_WITH_IN = "ledger.moneyInOut.errors.minusWithIn";

/** The check above needs the amount read (a refused amount has its own message); it runs beside other fields' refusals. */
function amountRead(payload: { value: unknown }): boolean {
  const amount = (payload.value as { amount?: unknown } | null)?.amount;
  return typeof amount === "object" && amount !== null && "negative" in amount;
}

// No direction at all (a page rendered before the forms had one, a script): the sign decides, as it did.
const directionField = z.enum(DIRECTIONS, { error: "ledger.moneyInOut.errors.direction" }).optional();

/** The amount as typed, read with the currency; its own problems are found beside the other fields', so one submit names them all. */
function typedAmount(currency: string, mode: "add" | "update") {
  return z
    .string({ error: "ledger.errors.amountRequired" })
    .trim()
    .min(1, { error: "ledger.errors.amountRequired" })
    .max(40, { error: "ledger.moneyInOut.errors.amountFormat" })
    .transform((text, ctx) => {
      const typed = parseTypedAmount(text, currency);
      if (!typed.ok) {
        ctx.addIssue({ code: "custom", message: typedAmountProblem(text, currency, typed.reason) });
        return z.NEVER;
      }
      // A new movement of zero moves no money and is a slip.
      if (typed.magnitude === 0 && mode === "add") {
        ctx.addIssue({ code: "custom", message: "ledger.moneyInOut.errors.amountZero" });
        return z.NEVER;
      }
      return typed;
    });
}

/** The API's signed decimal amount from the direction and the typed figure: a typed minus, or "out", makes it money out. */
function signed(currency: string) {
  return <T extends { direction?: Direction | undefined; amount: { magnitude: number; negative: boolean } }>({ direction, amount, ...rest }: T) => {
    const out = amount.negative || direction === "out";
    return { ...rest, amount: toDecimalString(out ? -amount.magnitude : amount.magnitude, currency) };
  };
}

export const transferSchema = z
  .object({
    fromAccountId: idSchema,
    toAccountId: idSchema,
    amount: transferAmountText,
    toAmount: blankOrNull(transferAmountText),
    date: recordDay,
    // Optional (the API names the legs after the accounts, the app "Transfer"): blank is not given.
    description: blankText(descriptionSchema),
    notes: optionalText(TEXT_LIMITS.notes, "ledger.errors.notesLength", { multiline: true }),
    status: z.enum(TRANSACTION_STATUSES, { error: "ledger.errors.status" }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.fromAccountId === value.toAccountId) ctx.addIssue({ code: "custom", path: ["toAccountId"], message: "ledger.errors.sameAccount" });
  });
export type TransferInput = z.infer<typeof transferSchema>;

// Names that look the same are the same name.
const categoryName = z.string({ error: "ledger.errors.required" }).overwrite(singleSpacedText).trim().min(1, { error: "ledger.errors.required" }).max(TEXT_LIMITS.categoryName, { error: "ledger.errors.categoryNameLength" });
const colorSchema = z.string({ error: "ledger.errors.color" }).regex(/^#[0-9a-fA-F]{6}$/, { error: "ledger.errors.color" }).transform((v) => v.toLowerCase());
const kindSchema = z.enum(CATEGORY_KINDS, { error: "ledger.errors.categoryKind" });

export const categoryCreateSchema = z.object({ name: categoryName, kind: kindSchema.optional(), color: colorSchema.optional() });
export const categoryUpdateSchema = z
  .object({ name: categoryName.optional(), kind: kindSchema.optional(), color: colorSchema.optional() })
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: "ledger.errors.noChanges" });

/**
 * A filter's amount bound. What no currency could read ("abc", "12,50" with its decimal comma) is
 * refused here, beside every other field's error; its decimals and size depend on the account's
 * currency and are checked with it (`filtersOf`). So "min=abc&max=1,5" says both, not one.
 */
const amountBound = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    // Dinars have the most decimals of any currency: a text they cannot read, no currency can.
    const checked = checkAmount(value, "KWD");
    if (!checked.ok && (checked.key === "ledger.errors.amountFormat" || checked.key === "ledger.errors.amountDecimalComma")) ctx.addIssue({ code: "custom", message: checked.key });
  });

/** Query of the listing and of the CSV export (all strings: they come from a URL); see listQuerySchema. */
export const listQueryObject = z.object({
  // The search matches words (letters and digits); symbols alone would silently filter nothing.
  q: z
    .string()
    .trim()
    .max(TEXT_LIMITS.search, { error: "ledger.errors.search" })
    .superRefine((value, ctx) => {
      if (value === "") return;
      const words = searchWords(value).length;
      if (!words) ctx.addIssue({ code: "custom", message: "ledger.errors.searchWords" });
      else if (words > MAX_SEARCH_WORDS) ctx.addIssue({ code: "custom", message: "ledger.errors.searchTooManyWords" });
    })
    .optional(),
  from: blank(isoDay),
  to: blank(isoDay),
  category: z
    .string()
    .refine((v) => v === "" || v === "none" || ID_PATTERN.test(v), { error: "ledger.errors.categoryUnknown" })
    .optional(),
  // Bounds on the amount's size, money in and out alike (min 100, max 500 finds an expense of
  // 120); `direction` keeps one side. A bound written with a minus sign ("-100") keeps its older
  // meaning, a bound on the signed amount, for the links and clients made before (ADR 054).
  min: blank(amountBound),
  max: blank(amountBound),
  direction: blank(z.enum(LIST_DIRECTIONS, { error: "ledger.register.errors.direction" })),
  status: blank(z.enum(TRANSACTION_STATUSES, { error: "ledger.errors.status" })),
  sort: blank(z.enum(["date", "amount"], { error: "ledger.errors.sort" })),
  order: blank(z.enum(["asc", "desc"], { error: "ledger.errors.order" })),
  limit: blank(
    z
      .string()
      .regex(/^\d{1,3}$/, { error: "ledger.errors.limit" })
      .transform(Number)
      .refine((n) => n >= 1 && n <= PAGE_SIZE_MAX, { error: "ledger.errors.limit" }),
  ),
  cursor: blank(z.string().max(1000, { error: "ledger.errors.cursor" })),
  /** `false`: the list answers `totals: null` and skips their aggregate (see …/transactions/totals). */
  totals: blank(z.enum(["true", "false"], { error: "ledger.errors.trueOrFalse" })),
});

/** A query with a period (a list's, the overview's) whose date range must not run backwards. */
export function withDateRange<T extends z.ZodObject<{ from: z.ZodType<string | undefined>; to: z.ZodType<string | undefined> }>>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    const { from, to } = value as { from?: string; to?: string };
    if (from && to && from > to) ctx.addIssue({ code: "custom", path: ["to"], message: "ledger.errors.dateRange" });
  });
}

export const listQuerySchema = withDateRange(listQueryObject);
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Query of the register across accounts (GET /transactions): the listing's, and one account to keep. */
export const registerQueryObject = listQueryObject.extend({
  accountId: blank(z.string().regex(ID_PATTERN, { error: "ledger.errors.accountUnknown" })),
});
export type RegisterQuery = z.infer<typeof registerQueryObject>;

const columnIndex = blank(z.string().regex(/^\d{1,3}$/, { error: "ledger.errors.column" }).transform(Number));

const importColumns = Object.fromEntries(IMPORT_COLUMNS.map((name) => [name, columnIndex])) as Record<(typeof IMPORT_COLUMNS)[number], typeof columnIndex>;

/** Query of the CSV import and its preview. Column indexes are 0-based. */
export const importQuerySchema = z.object({
  delimiter: blank(z.enum([",", ";", "tab", "auto"], { error: "ledger.errors.delimiter" })),
  header: blank(z.enum(["true", "false"], { error: "ledger.errors.trueOrFalse" })),
  ...importColumns,
  dateFormat: blank(z.enum(DATE_FORMATS, { error: "ledger.errors.dateFormat" })),
  decimalSeparator: blank(z.enum([".", ","], { error: "ledger.errors.decimalSeparator" })),
  /** The file's name, kept with the import's record so the page can name it (undo, ADR 038). */
  fileName: blankText(z.string({ error: "ledger.errors.fileNameLength" }).overwrite(singleLineText).trim().max(TEXT_LIMITS.fileName, { error: "ledger.errors.fileNameLength" })),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

export { MAX_MINOR_UNITS };

export { ACCOUNT_TYPES, TRANSACTION_STATUSES, CATEGORY_KINDS, DEFAULT_CATEGORY_COLOR, CURRENCY_PICKER_FIRST, DEFAULT_CATEGORY_KEYS, PAGE_SIZE_DEFAULT, IMPORT_MAX_ROWS, IMPORT_MAX_COLUMNS, DATE_FORMATS, isKnownCurrency, currencyPickerList, checkAmount, DIRECTIONS, entryOf, kindDisagrees, LIST_DIRECTIONS, IMPORT_COLUMNS } from "../ledger-values";
export type { AccountType, TransactionStatus, DefaultCategoryKey, DateFormat, AmountCheck, AmountFormatKey, Direction, ListDirection, ImportColumn } from "../ledger-values";
