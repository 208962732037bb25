/**
 * Which posts the app takes: only those its own pages send (ADR 005). remix-utils' middleware
 * refuses what the browser marks `cross-site` or sends with no origin information, but lets
 * `same-site` through, so a page on a sibling subdomain (another port, locally) could post here.
 * React Router's own origin check covers routes with a page, not `/logout` or
 * `/resources/locale`, which a sibling's page could then use to sign the user out or change
 * their language (QA, session 24). So: refused too when the browser says `same-site`, or when
 * an `Origin` is sent that is not this one.
 */
import { createCsrfMiddleware } from "remix-utils/middleware/csrf";
import type { MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const remixUtilsCheck = createCsrfMiddleware();

export const csrfMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const { request } = args;
  if (!SAFE_METHODS.has(request.method.toUpperCase())) {
    const origin = request.headers.get("Origin");
    const foreignOrigin = origin !== null && origin !== "null" && origin !== new URL(request.url).origin;
    if (request.headers.get("Sec-Fetch-Site") === "same-site" || foreignOrigin) throw new Response("Forbidden", { status: 403 });
  }
  return remixUtilsCheck(args, next);
};
