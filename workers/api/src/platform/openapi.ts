import { z } from "@hono/zod-openapi";

/** Shorthands for route definitions; the OpenAPI document is generated from them. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

/** Registered once as `components.schemas.Problem` (app.ts); every error answer has this shape. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  retryAfter: z.number().optional(),
});

/**
 * An error response in the document. Its body (application/problem+json, schema Problem) is
 * named in the description rather than as typed content, so handlers may return the shared
 * problem() Response for it.
 */
export const problemResponse = (description: string) => ({ description: `${description}. Body: application/problem+json (Problem).` });

export const bearer = [{ bearerAuth: [] }];

/**
 * A required JSON request body. Without `required: true`, @hono/zod-openapi skips validation when
 * the Content-Type is not JSON and hands the handler `{}` (found by tests/api/proof-fuzz.test.ts:
 * a sign-up without a body was a 500); with it, such a request is refused like malformed JSON.
 */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ ...json(schema), required: true as const });
