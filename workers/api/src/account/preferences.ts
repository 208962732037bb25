import { createRoute, z } from "@hono/zod-openapi";
import { preferencesSchema } from "../../../../core/schemas/user";
import { createRouter } from "../platform/router";
import { bearer, json, jsonBody, problemResponse } from "../platform/openapi";
import { requireSession } from "../sessions/middleware";
import { findUserById } from "../users/store";
import { toApiUser } from "../users/model";
import { userSchema } from "../auth/common";

export const userRoutes = createRouter();

userRoutes.openapi(
  createRoute({
    method: "get",
    path: "/users/me",
    summary: "The signed-in user's profile and preferences",
    security: bearer,
    middleware: [requireSession] as const,
    responses: { 200: { description: "Profile", ...json(z.object({ user: userSchema })) }, 401: problemResponse("No session") },
  }),
  (c) => c.json({ user: c.get("user") }, 200),
);

userRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/users/me",
    summary: "Change name, language, time zone or theme",
    security: bearer,
    middleware: [requireSession] as const,
    request: { body: jsonBody(preferencesSchema) },
    responses: { 200: { description: "Updated", ...json(z.object({ user: userSchema })) }, 401: problemResponse("No session"), 422: problemResponse("Invalid input") },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const id = c.get("user").id;
    await c.env.DB.prepare(
      "UPDATE users SET name = COALESCE(?1, name), locale = COALESCE(?2, locale), time_zone = COALESCE(?3, time_zone), theme = COALESCE(?4, theme), updated_at = ?5 WHERE id = ?6",
    )
      .bind(input.name ?? null, input.locale ?? null, input.timeZone ?? null, input.theme ?? null, Date.now(), id)
      .run();
    const user = await findUserById(c.env.DB, id);
    return c.json({ user: toApiUser(user!) }, 200);
  },
);
