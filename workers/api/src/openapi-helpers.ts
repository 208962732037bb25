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
