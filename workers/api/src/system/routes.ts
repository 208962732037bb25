import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../platform/router";
import { json } from "../platform/openapi";

export const systemRoutes = createRouter();

systemRoutes.openapi(
  createRoute({
    method: "get",
    path: "/health",
    summary: "Liveness and the build id (the app's new-build check compares it)",
    responses: { 200: { description: "Healthy", ...json(z.object({ status: z.literal("ok"), buildId: z.string() })) } },
  }),
  (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" as const, buildId: __BUILD_ID__ }, 200);
  },
);

systemRoutes.openapi(
  createRoute({
    method: "get",
    path: "/auth/config",
    summary: "Public sign-in settings: whether sign-up is open",
    responses: { 200: { description: "Settings", ...json(z.object({ signup: z.enum(["open", "closed"]) })) } },
  }),
  (c) => c.json({ signup: c.env.SIGNUP === "closed" ? ("closed" as const) : ("open" as const) }, 200),
);
