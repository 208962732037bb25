/**
 * Settings → Exchange rates: the intents its forms post (`rate-add`, `rate-delete`,
 * `reporting-currency`), each one API call with the form's Idempotency-Key. A refusal echoes what
 * was typed in these fields, so the form shows it again without JavaScript.
 */
import { refusedAnswer } from "../../forms/form-answer";
import { parseForm } from "../../forms/forms";
import { refusal } from "../../server/route-helpers.server";
import { ID_PATTERN } from "../../../core/ids";
import { reportingCurrencySchema, userRateCreateSchema } from "../../../core/schemas/rates";
import type { IntentArgs, IntentHandler } from "./intents";

const RATE_FIELDS = ["currency", "quote", "from", "to", "rate", "note"] as const;
const TO = "/settings#rates";

function typed(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of RATE_FIELDS) {
    const value = formData.get(key);
    if (typeof value === "string") values[key] = value.slice(0, 200);
  }
  return values;
}

function refused(form: string, args: IntentArgs, result: Parameters<IntentArgs["failure"]>[1]) {
  const { errors, formError } = refusal(result, args.t);
  return refusedAnswer(form, errors, typed(args.formData), formError, result.status);
}

export const rateAddAction: IntentHandler = async (args) => {
  const parsed = parseForm(userRateCreateSchema, args.formData, args.t);
  if (!parsed.ok) return refusedAnswer("rate-add", parsed.errors, typed(args.formData));
  const result = await args.api.post("/rates/own", { body: parsed.data, idempotencyKey: args.key });
  return result.ok ? args.done("settings.rates.added", undefined, TO) : refused("rate-add", args, result);
};

export const rateDeleteAction: IntentHandler = async (args) => {
  const id = args.formData.get("rateId");
  if (typeof id !== "string" || !ID_PATTERN.test(id)) throw new Response("Unknown rate", { status: 400 });
  const result = await args.api.delete(`/rates/own/${id}`, { idempotencyKey: args.key });
  // Removed already (another tab) is what a remove wanted.
  return result.ok || result.status === 404 ? args.done("settings.rates.removed", undefined, TO) : refused("rate-delete", args, result);
};

export const reportingCurrencyAction: IntentHandler = async (args) => {
  const parsed = parseForm(reportingCurrencySchema, args.formData, args.t);
  if (!parsed.ok) return refusedAnswer("reporting-currency", parsed.errors, typed(args.formData));
  const result = await args.api.put("/rates/reporting-currency", { body: parsed.data, idempotencyKey: args.key });
  return result.ok ? args.done("settings.rates.reportingSaved", undefined, TO) : refused("reporting-currency", args, result);
};
