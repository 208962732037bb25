/**
 * Categories: the user's list, a new one, a rename or recolour, a delete.
 * Contract: docs/api/ledger.md. Every route is the signed-in user's only: another user's id is a
 * 404, like an unknown or malformed one. Every mutating route honours Idempotency-Key and writes
 * in one final D1 batch (atomic), after all validation. Their SQL is in store.ts.
 */
import { body, idParam, notFound, writeErrors, type C } from "../ledger/http";
import { createRoute, z } from "@hono/zod-openapi";
import { ID_PATTERN } from "../../../../core/ids";
import { categoryCreateSchema, categoryUpdateSchema, DEFAULT_CATEGORY_COLOR } from "../../../../core/schemas/ledger";
import { createRouter } from "../platform/router";
import { idempotent } from "../platform/idempotency";
import { categoryNames, categoryOut, toCategory, type CategoryRow } from "../ledger/model";
import { categoryNamesStatement, categoriesStatement, categoryById, deleteCategory, findCategory, insertCategory, updateCategory } from "./store";
import { categoriesAnswer, categoriesResponse } from "../ledger/collections";
import { bearer, json, problemResponse } from "../platform/openapi";
import { localeOf, validationProblem } from "../platform/problem";
import { deferSession, requireSession, sessionBatch } from "../sessions/middleware";

export const categoryRoutes = createRouter();

/** Whether a name is already shown for another of the user's categories, in either language. */
async function nameTaken(db: D1Database, userId: string, name: string, exceptId: string | null): Promise<boolean> {
  const { results } = await categoryNamesStatement(db, userId).all<Pick<CategoryRow, "id" | "name" | "default_key">>();
  const wanted = name.toLowerCase();
  return results.some((row) => row.id !== exceptId && categoryNames(row).some((n) => n.toLowerCase() === wanted));
}

const takenProblem = (c: C) => validationProblem(c, { name: ["api.categoryTaken"] }, 409);

categoryRoutes.openapi(
  createRoute({
    method: "get",
    path: "/categories",
    summary: "The user's categories",
    security: bearer,
    middleware: [deferSession] as const,
    responses: { 200: { description: "Categories", ...json(categoriesResponse) }, 401: problemResponse("No session") },
  }),
  async (c) => {
    const auth = await sessionBatch(c, (userId) => [categoriesStatement(c.env.DB, userId)]);
    if ("response" in auth) return auth.response;
    return c.json(categoriesAnswer((auth.results[0]?.results ?? []) as CategoryRow[], localeOf(c)), 200);
  },
);

categoryRoutes.openapi(
  createRoute({
    method: "post",
    path: "/categories",
    summary: "Add a category",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: body(categoryCreateSchema),
    responses: { 201: { description: "Created", ...json(z.object({ category: categoryOut })) }, ...writeErrors },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const userId = c.get("user").id;
    if (await nameTaken(c.env.DB, userId, input.name, null)) return takenProblem(c);
    const id = crypto.randomUUID();
    const result = await insertCategory(c.env.DB, { id, userId, name: input.name, kind: input.kind ?? "expense", color: input.color ?? DEFAULT_CATEGORY_COLOR, now: Date.now() }).run();
    if (!result.meta.changes) return takenProblem(c);
    const row = await categoryById(c.env.DB, id);
    return c.json({ category: toCategory(row!, localeOf(c)) }, 201);
  },
);

categoryRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/categories/{categoryId}",
    summary: "Rename or recolor a category",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("categoryId"), ...body(categoryUpdateSchema) },
    responses: { 200: { description: "Updated", ...json(z.object({ category: categoryOut })) }, ...writeErrors },
  }),
  async (c) => {
    const { categoryId } = c.req.valid("param");
    if (!ID_PATTERN.test(categoryId)) return notFound(c);
    const userId = c.get("user").id;
    const db = c.env.DB;
    const row = await findCategory(db, userId, categoryId);
    if (!row) return notFound(c);
    const input = c.req.valid("json");
    if (input.name !== undefined && (await nameTaken(db, userId, input.name, categoryId))) return takenProblem(c);
    try {
      await updateCategory(db, userId, categoryId, input).run();
    } catch (error) {
      if (/UNIQUE/i.test(String(error))) return takenProblem(c);
      throw error;
    }
    const fresh = await findCategory(db, userId, categoryId);
    if (!fresh) return notFound(c); // deleted since the read above: the rename changed nothing
    return c.json({ category: toCategory(fresh, localeOf(c)) }, 200);
  },
);

categoryRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/categories/{categoryId}",
    summary: "Delete a category; its transactions become uncategorized",
    security: bearer,
    middleware: [requireSession, idempotent] as const,
    request: { params: idParam("categoryId") },
    responses: { 204: { description: "Deleted" }, ...writeErrors },
  }),
  async (c) => {
    const { categoryId } = c.req.valid("param");
    if (!ID_PATTERN.test(categoryId)) return notFound(c);
    const result = await deleteCategory(c.env.DB, c.get("user").id, categoryId).run();
    return result.meta.changes ? c.body(null, 204) : notFound(c);
  },
);
