import { z } from "@hono/zod-openapi";

/** Shorthands for route definitions; the OpenAPI document is generated from them. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const problemResponse = (description: string) => ({ description, content: { "application/problem+json": { schema: problemSchema } } });

export const bearer = [{ bearerAuth: [] }];
