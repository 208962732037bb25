import type { z } from "zod";

/** Issue keys per field: the shape both sides translate. Kept free of zod's runtime. */
export function issuesByField(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "_form";
    (out[field] ??= []).push(issue.message);
  }
  return out;
}
