/** RFC 9457 problem details as the API sends them, with per-field messages in `errors`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  /** Field name → messages, already in the caller's language. */
  errors?: Record<string, string[]>;
  /** Seconds until a throttled request may be tried again. */
  retryAfter?: number;
  [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export function isProblem(value: unknown): value is Problem {
  return typeof value === "object" && value !== null && typeof (value as Problem).status === "number" && typeof (value as Problem).title === "string";
}

/** First message per field, the shape forms show beside each input. */
export function fieldErrors(problem: Problem | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(problem?.errors ?? {})) {
    if (messages[0]) out[field] = messages[0];
  }
  return out;
}
