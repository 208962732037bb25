/**
 * What a failed form echoes back of what was sent, on the server and in the browser
 * (form-answer.ts refusedAnswer, outageAnswer): the text fields, never the idempotency key, intent, return path
 * or a password (a password field keeps what was typed only while the form stays on screen).
 * Its own module, free of imports: a browser-side import of lib/forms would split shared chunks
 * and add a file to first visits.
 */
const NOT_ECHOED = new Set(["idempotencyKey", "intent", "returnTo", "redirectTo"]);

/** A password is never written down: not echoed back, not kept through a language switch. */
export function isPasswordField(name: string): boolean {
  return /password/i.test(name);
}

export function echoedValues(formData: FormData | Record<string, string>): Record<string, string> {
  const entries: Iterable<[string, unknown]> = formData instanceof FormData ? formData.entries() : Object.entries(formData);
  const kept: Record<string, string> = {};
  for (const [key, value] of entries) if (typeof value === "string" && !NOT_ECHOED.has(key) && !isPasswordField(key)) kept[key] = value;
  return kept;
}
