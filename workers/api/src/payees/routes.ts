/**
 * GET /payees?q=: the payees the user has written on movements, newest first, each with the
 * category of its latest categorised movement, so the forms can suggest a payee and bring its
 * category (issue 35, ADR 051). The signed-in user's only; read in the session's D1 batch. SQL in store.ts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { TEXT_LIMITS } from "../../../../core/input-limits";
import { createRouter } from "../platform/router";
import { bearer, json, problemResponse } from "../platform/openapi";
import { deferSession, sessionBatch } from "../sessions/middleware";
import { payeesStatement } from "./store";

const query = z.object({
  q: z.string().max(TEXT_LIMITS.payee, { error: "ledger.errors.payeeLength" }).optional(),
});

const payeeOut = z.object({ name: z.string(), categoryId: z.string().nullable() });

export const payeeRoutes = createRouter();

payeeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/payees",
    summary: "Payees used before, newest first, with their last category",
    security: bearer,
    middleware: [deferSession] as const,
    request: { query },
    responses: {
      200: { description: "Payees", ...json(z.object({ payees: z.array(payeeOut) })) },
      401: problemResponse("No session"),
      422: problemResponse("Invalid query"),
    },
  }),
  async (c) => {
    const q = (c.req.valid("query").q ?? "").trim();
    const auth = await sessionBatch(c, (userId) => [payeesStatement(c.env.DB, userId, q)]);
    if ("response" in auth) return auth.response;
    const rows = (auth.results[0]?.results ?? []) as Array<{ name: string; categoryId: string | null }>;
    return c.json({ payees: rows.map(({ name, categoryId }) => ({ name, categoryId })) }, 200);
  },
);
