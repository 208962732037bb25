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

interface QueryParameterSchema {
  type?: string | string[];
  enum?: unknown[];
}

/**
 * Query parameters as a client can send them. The schemas take an empty parameter for one not
 * given (`blank`, a preprocess), and the generator describes every preprocess as nullable: `sort`
 * came out as `["string", "null"]` with `null` among its values. A URL cannot carry a null; the
 * document says what it can.
 */
export function withoutNullQueryParameters<T extends { paths?: Record<string, unknown> }>(document: T): T {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, { parameters?: Array<{ in?: string; schema?: QueryParameterSchema }> }>)) {
      for (const parameter of operation?.parameters ?? []) {
        const schema = parameter.in === "query" ? parameter.schema : undefined;
        if (!schema) continue;
        if (Array.isArray(schema.type)) {
          const types = schema.type.filter((type) => type !== "null");
          schema.type = types.length === 1 ? types[0]! : types;
        }
        if (schema.enum) schema.enum = schema.enum.filter((value) => value !== null);
      }
    }
  }
  return document;
}
