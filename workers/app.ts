/**
 * The app Worker: React Router SSR, plus the public face of the API. Requests under the API base
 * path (and the development outbox) go to the API Worker unchanged; everything else renders.
 */
import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { cloudflareContext, nonceContext, type AppEnv } from "../app/server/context.server";
import { applySecurityHeaders, createNonce } from "../app/server/security-headers.server";

const loadBuild = () => import("virtual:react-router/server-build");

/**
 * Given a function, React Router re-derives its route tree and static handler on every request
 * (~3 ms of CPU here), which only development's hot reload needs. In a built Worker the server
 * build never changes, so the handler is made once per isolate from the resolved build.
 */
let builtHandler: Promise<RequestHandler> | undefined;
function requestHandler(request: Request, context: RouterContextProvider): Promise<Response> {
  if (import.meta.env.DEV) return createRequestHandler(loadBuild, import.meta.env.MODE)(request, context);
  builtHandler ??= loadBuild().then(
    (build) => createRequestHandler(build, import.meta.env.MODE),
    (error: unknown) => {
      builtHandler = undefined; // the next request tries again
      throw error;
    },
  );
  return builtHandler.then((handler) => handler(request, context));
}

function isApiPath(pathname: string, basePath: string): boolean {
  return pathname === basePath || pathname.startsWith(`${basePath}/`) || pathname === "/_dev/mail.json";
}

function forwardToApi(request: Request, env: AppEnv): Promise<Response> {
  if (env.API_BASE_URL) {
    const url = new URL(request.url);
    return fetch(new Request(env.API_BASE_URL.replace(/\/$/, "") + url.pathname + url.search, request));
  }
  return env.API.fetch(request);
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (isApiPath(url.pathname, env.API_BASE_PATH)) return forwardToApi(request, env);

    const nonce = createNonce();
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    context.set(nonceContext, nonce);
    const rendered = await requestHandler(request, context);
    const response = new Response(rendered.body, rendered);
    applySecurityHeaders(response.headers, nonce, { dev: import.meta.env.DEV });
    return response;
  },
} satisfies ExportedHandler<AppEnv>;
