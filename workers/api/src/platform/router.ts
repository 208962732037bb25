import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { refuseDeadDeferredSession } from "../sessions/middleware";
import { zodProblem } from "./problem";
import type { ApiBindings } from "./types";

/** Every router of the API is made here, so every one turns invalid input into the same 422. */
export function createRouter() {
  return new OpenAPIHono<ApiBindings>({
    defaultHook: async (result, c) => {
      if (!result.success) return (await refuseDeadDeferredSession(c)) ?? zodProblem(c, result.error);
    },
  });
}

/**
 * Work that runs after the answer is sent (mail): its time does not show in the answer, and its
 * failure cannot undo what was answered. Without an execution context (a route called directly in
 * a test) it is awaited instead.
 */
export async function afterAnswer(c: Context<ApiBindings>, work: Promise<unknown>): Promise<void> {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    await work;
  }
}
