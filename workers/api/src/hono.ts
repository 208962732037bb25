import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "./env";
import { zodProblem } from "./problem";

export interface CurrentSession {
  id: string;
  userId: string;
  remember: boolean;
}

export interface ApiUser {
  id: string;
  email: string;
  name: string;
  locale: "en" | "es";
  timeZone: string;
  theme: "system" | "light" | "dark";
  createdAt: number;
}

export type ApiBindings = {
  Bindings: ApiEnv;
  Variables: { user: ApiUser; session: CurrentSession; clientIp: string };
};

/** Every router of the API is made here, so every one turns invalid input into the same 422. */
export function createRouter() {
  return new OpenAPIHono<ApiBindings>({
    defaultHook: (result, c) => {
      if (!result.success) return zodProblem(c, result.error);
    },
  });
}
