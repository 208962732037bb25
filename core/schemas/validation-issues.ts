import type { z } from "zod";

/** Our schemas give every message as an i18n key ("ledger.errors.date"). */
const I18N_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;

/**
 * The key of one issue. A check without a message of ours (a query schema's bare `z.string()`,
 * a body that is an array instead of an object) carries zod's own English sentence; that is never
 * shown: a missing value reads "This field is required", anything else "This value is not valid".
 */
function issueKey(issue: z.core.$ZodIssue): string {
  if (I18N_KEY.test(issue.message)) return issue.message;
  return issue.code === "invalid_type" && /received undefined$/.test(issue.message) ? "validation.required" : "validation.invalid";
}

/** Issue keys per field: the shape both sides translate. Kept free of zod's runtime. */
export function issuesByField(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "_form";
    (out[field] ??= []).push(issueKey(issue));
  }
  return out;
}
