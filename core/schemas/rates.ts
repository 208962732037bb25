/**
 * Exchange-rate input shared by the settings forms, their actions and the API (ADR 056): a user's
 * own rate for a currency pair over a range of days, and the reporting currency. Messages are
 * i18n keys (`ledger.rates.errors.*`).
 */
import { z } from "zod";
import { isIsoDay, isRecordDay } from "../dates";
import { isCurrency } from "../money";
import { singleLineText } from "../plain-text";
import { RATE_NOTE_MAX, RATE_PATTERN } from "../exchange";
// Kept in core/exchange.ts (no zod, for the settings page's first load, ADR 078).
export { RATE_NOTE_MAX, REPORTING_CURRENCIES } from "../exchange";

const currency = z.string({ error: "ledger.rates.errors.currency" }).trim().toUpperCase().refine(isCurrency, { error: "ledger.rates.errors.currency" });
const day = z.string({ error: "ledger.rates.errors.date" }).refine((value) => isIsoDay(value) && isRecordDay(value), { error: "ledger.rates.errors.date" });
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** "3.71" soles per dollar: what the user really got. A comma is read as the decimal point ("3,71"). */
export const rateText = z
  .string({ error: "ledger.rates.errors.rate" })
  .trim()
  .transform((value) => value.replace(",", "."))
  .refine((value) => RATE_PATTERN.test(value) && /[1-9]/.test(value), { error: "ledger.rates.errors.rate" });

export const userRateCreateSchema = z
  .object({
    currency,
    quote: blank(currency).transform((value) => value ?? "PEN"),
    from: day,
    to: blank(day),
    rate: rateText,
    note: blank(
      z
        .string()
        .transform((value) => singleLineText(value).trim())
        .refine((value) => value.length <= RATE_NOTE_MAX, { error: "ledger.rates.errors.note" }),
    ).transform((value) => (value ? value : undefined)),
  })
  .superRefine((value, ctx) => {
    if (value.currency === value.quote) ctx.addIssue({ code: "custom", path: ["quote"], message: "ledger.rates.errors.samePair" });
    if (value.to && value.to < value.from) ctx.addIssue({ code: "custom", path: ["to"], message: "ledger.rates.errors.dateRange" });
  });

export type UserRateCreate = z.infer<typeof userRateCreateSchema>;

export const reportingCurrencySchema = z.object({ currency });
